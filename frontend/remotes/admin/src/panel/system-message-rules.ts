import { NotificationMessages, SYSTEM_MESSAGE_TYPES } from '@planner/contracts';

export type SystemMessageType = (typeof SYSTEM_MESSAGE_TYPES)[number];

export interface SystemMessageDraft {
  type: SystemMessageType;
  message: string;
  /** Milliseconds as typed. */
  duration: string;
  isActive: boolean;
}

export interface CheckedSystemMessage {
  type: SystemMessageType;
  message: string;
  duration: number;
  is_active: boolean;
}

/** Part 1 §5: the text is required; the duration a number of milliseconds, at least 0, in steps of 1000 (0: until closed). */
export function checkSystemMessage(draft: SystemMessageDraft): { message: CheckedSystemMessage } | { errors: Partial<Record<'message' | 'duration', string>> } {
  const errors: Partial<Record<'message' | 'duration', string>> = {};
  if (!draft.message.trim()) errors.message = NotificationMessages.systemMessageRequired;
  const duration = Number(draft.duration);
  if (draft.duration.trim() === '' || !Number.isInteger(duration) || duration < 0 || duration % 1000 !== 0) errors.duration = NotificationMessages.systemMessageDuration;
  if (errors.message || errors.duration) return { errors };
  return { message: { type: draft.type, message: draft.message.trim(), duration, is_active: draft.isActive } };
}

/** How long a message shows: until closed for 0, else for its seconds. */
export function durationText(ms: number): string {
  return ms === 0 ? 'until closed' : `for ${ms / 1000} s`;
}
