export * from './facebook.js';
export * from './instagram.js';
export * from './linkedin.js';
export * from './media-host.js';
export * from './server.js';
export * from './telegram.js';
export * from './threads.js';
export * from './tiktok.js';
