import { CreateUsers1763700000100 } from '../migrations/1763700000100-create-users.js';
import { User } from './user.entity.js';

export const entities = [User];
export const migrations = [CreateUsers1763700000100];
