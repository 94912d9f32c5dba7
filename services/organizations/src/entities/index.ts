import { MembersAndOrganizations1763700001100 } from '../migrations/1763700001100-members-and-organizations.js';
import { Templates1763700001200 } from '../migrations/1763700001200-templates.js';
import { SupportedPlatforms1763700001210 } from '../migrations/1763700001210-supported-platforms.js';
import { PlatformCredentialsSealed1763700001220 } from '../migrations/1763700001220-platform-credentials-sealed.js';
import { Connections1763700001300 } from '../migrations/1763700001300-connections.js';
import { OrganizationTimezone1763900001000 } from '../migrations/1763900001000-organization-timezone.js';
import { MemberPlanChangedAt1764000001000 } from '../migrations/1764000001000-member-plan-changed-at.js';
import { ConnectionExpiryWarning1764100001000 } from '../migrations/1764100001000-connection-expiry-warning.js';
import { Connection } from './connection.entity.js';
import { Member } from './member.entity.js';
import { Organization } from './organization.entity.js';
import { SupportedPlatform } from './supported-platform.entity.js';
import { Template } from './template.entity.js';

export const entities = [Member, Organization, Template, SupportedPlatform, Connection];
export const migrations = [MembersAndOrganizations1763700001100, Templates1763700001200, SupportedPlatforms1763700001210, PlatformCredentialsSealed1763700001220, Connections1763700001300, OrganizationTimezone1763900001000, MemberPlanChangedAt1764000001000, ConnectionExpiryWarning1764100001000];
