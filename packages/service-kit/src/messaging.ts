/** The messaging part of the kit: the NATS JetStream bus and the entry points that use it. `@planner/service-kit/messaging`. */
export * from './bus.js';
export * from './entry-points.js';
export * from './organization-access.js';
