import type { MediaType, PostView } from '@planner/contracts';

/**
 * What pages hand the designer remote as route state (part 2 §2): Post Review's and the
 * calendar's Edit give `editingPost` and `returnToRoute` (/organization/designer, where the
 * title becomes Edit Post and saving goes back there, with `returnState` as that route's state, which
 * Post Review uses to show the post it edited); Back to Generator gives `formData`
 * (/organization/{id}/generator); a generation of /organization/results and an example of
 * /examples give `prefill` (issue 36). Types only.
 */
export interface DesignerRouteState {
  editingPost?: PostView;
  returnToRoute?: string;
  /** The route state `returnToRoute` is given back after a save (its page's own, passed through as is). */
  returnState?: unknown;
  formData?: GeneratorFormData;
  prefill?: DesignerPrefill;
}

/** Posts the designer opens with, ready to edit and send, and the generator's settings they came from. */
export interface DesignerPrefill {
  posts: Array<{
    /** Display names ('X', 'LinkedIn'); those not connected are left for the user to choose again. */
    platforms: string[];
    text: string;
    /** The generation it came from (POST /posts/generate's draft_id): the saved post keeps its request, and Regenerate asks again with it. */
    draftId?: string;
  }>;
  /** Over the designer's own first values (the default template, or a new form). */
  form?: Partial<GeneratorFormData>;
  mediaType?: MediaType;
  /** Opens with Schedule for chosen (where the role may schedule). */
  schedule?: boolean;
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
