import type { RuntimeContext, ServiceContext } from '@planner/service-kit';
import type { OrganizationsAdapters } from './adapters/index.js';
import type { OrganizationsConfig } from './config.js';

/** What the service's entry points and commands are given: its infrastructure, its config and its adapters. */
export type OrganizationsContext = RuntimeContext<ServiceContext<OrganizationsConfig>, OrganizationsAdapters>;
