export * from './server.js';
export * from './media-host.js';
export * from './facebook.js';
export * from './instagram.js';
export * from './threads.js';
