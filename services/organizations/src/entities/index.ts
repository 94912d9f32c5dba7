import { MembersAndOrganizations1763700001100 } from '../migrations/1763700001100-members-and-organizations.js';
import { Member } from './member.entity.js';
import { Organization } from './organization.entity.js';

export const entities = [Member, Organization];
export const migrations = [MembersAndOrganizations1763700001100];
