/** The HTTP part of the kit: the server, the error format, identity from tokens, health, request metrics. `@planner/service-kit/http`. */
export * from './server.js';
export * from './metrics-routes.js';
export * from './errors.js';
export * from './dependency-errors.js';
export * from './ids.js';
export * from './storable-text.js';
export * from './html.js';
export * from './tokens.js';
export * from './identity.js';
export * from './health.js';
export * from './drain.js';
