import type { RuntimeContext, ServiceContext } from '@planner/service-kit';
import type { AuthAdapters } from './adapters/index.js';
import type { AuthConfig } from './config.js';

/** What auth's entry points and commands are given: its infrastructure, config and adapters. */
export type AuthContext = RuntimeContext<ServiceContext<AuthConfig>, AuthAdapters>;
