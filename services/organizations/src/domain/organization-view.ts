import type { Organization } from '../entities/organization.entity.js';
import { platformsMap, type ConnectionFacts } from './connections/view.js';

/** An organization as the API shows it (part 1 §3, part 2 §3), with its platforms map. */
export function toOrganizationView(organization: Organization, connections: readonly ConnectionFacts[]) {
  return {
    id: organization.id,
    name: organization.name,
    created_at: organization.createdAt.toISOString(),
    is_active: organization.isActive,
    deactivated_at: organization.deactivatedAt ? organization.deactivatedAt.toISOString() : null,
    deactivation_reason: organization.deactivationReason,
    language: organization.language,
    default_before_post_review_time: organization.defaultBeforePostReviewTime,
    timezone: organization.timezone,
    platforms: platformsMap([...connections]),
  };
}
