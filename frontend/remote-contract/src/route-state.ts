import type { PostView } from '@planner/contracts';

/**
 * What pages hand the designer remote as route state (part 2 §2): Post Review's and the
 * calendar's Edit give `editingPost` and `returnToRoute` (/organization/designer, where the
 * title becomes Edit Post and saving goes back there); Back to Generator gives `formData`
 * (/organization/{id}/generator). Types only.
 */
export interface DesignerRouteState {
  editingPost?: PostView;
  returnToRoute?: string;
  formData?: GeneratorFormData;
}

/** Part 2 §3 Generator form, as typed (numbers as text: empty means the platform's default). */
export interface GeneratorFormData {
  businessName: string;
  businessData: string;
  /** Display names ('X', 'LinkedIn'). */
  selectedPlatformNames: string[];
  contentType: string;
  tone: string;
  mood: string;
  language: string;
  characterLimit: string;
  targetCharacterCount: string;
  topic: string;
  context: string;
  timeOfYear: string;
  /** Shown only when the content type is event. */
  eventDetails: string;
  selectedTemplateId: string;
}
