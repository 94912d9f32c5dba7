export * from './server.js';
export * from './media-host.js';
export * from './x.js';
export * from './youtube.js';
