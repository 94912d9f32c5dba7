export * from './errors.js';
export * from './roles.js';
export * from './plans.js';
export * from './messages.js';
export * from './events.js';
export * from './services.js';
export * from './tokens.js';
export * from './auth.js';
