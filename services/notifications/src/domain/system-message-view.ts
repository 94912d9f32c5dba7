import type { SystemMessage as SystemMessageView } from '@planner/contracts';
import type { SystemMessage } from '../entities/system-message.entity.js';

export function toSystemMessageView(m: SystemMessage): SystemMessageView {
  return {
    id: m.id,
    type: m.type,
    message: m.message,
    duration: m.duration,
    is_active: m.isActive,
    created_by: m.createdBy,
    created_at: m.createdAt.toISOString(),
    updated_at: m.updatedAt.toISOString(),
  };
}
