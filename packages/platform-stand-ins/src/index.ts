export * from './server.js';
export * from './media-host.js';
export * from './telegram.js';
export * from './tiktok.js';
export * from './linkedin.js';
