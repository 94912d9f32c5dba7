import { CreateUsers1763700000100 } from '../migrations/1763700000100-create-users.js';
import { SessionsAndBans1763700000200 } from '../migrations/1763700000200-sessions-and-bans.js';
import { DeletedAccounts1763700000300 } from '../migrations/1763700000300-deleted-accounts.js';
import { OneTimeTokens1763700000400 } from '../migrations/1763700000400-one-time-tokens.js';
import { SubscriptionReadModel1763700000500 } from '../migrations/1763700000500-subscription-read-model.js';
import { GoogleAccounts1763700000600 } from '../migrations/1763700000600-google-accounts.js';
import { PlanChangedAt1763700000700 } from '../migrations/1763700000700-plan-changed-at.js';
import { DeletedAccount } from './deleted-account.entity.js';
import { OneTimeToken } from './one-time-token.entity.js';
import { RefreshToken } from './refresh-token.entity.js';
import { User } from './user.entity.js';

export const entities = [User, RefreshToken, DeletedAccount, OneTimeToken];
export const migrations = [CreateUsers1763700000100, SessionsAndBans1763700000200, DeletedAccounts1763700000300, OneTimeTokens1763700000400, SubscriptionReadModel1763700000500, GoogleAccounts1763700000600, PlanChangedAt1763700000700];
