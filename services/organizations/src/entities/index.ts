import { MembersAndOrganizations1763700001100 } from '../migrations/1763700001100-members-and-organizations.js';
import { Templates1763700001200 } from '../migrations/1763700001200-templates.js';
import { Member } from './member.entity.js';
import { Organization } from './organization.entity.js';
import { Template } from './template.entity.js';

export const entities = [Member, Organization, Template];
export const migrations = [MembersAndOrganizations1763700001100, Templates1763700001200];
