/** The services behind the gateway, their default ports and the API prefixes they own (ARCHITECTURE §1). */
export const SERVICES = {
  auth: { port: 4001, prefixes: ['/auth'] },
  organizations: { port: 4002, prefixes: ['/organizations', '/platforms', '/oauth'] },
  posts: { port: 4003, prefixes: ['/posts', '/generate_media', '/schedule_post', '/statistics', '/media'] },
  scheduler: { port: 4004, prefixes: ['/auto-schedule', '/publications', '/sandbox'] },
  billing: { port: 4005, prefixes: ['/payments', '/subscriptions'] },
  content: { port: 4006, prefixes: ['/blog', '/newsletter'] },
  notifications: { port: 4007, prefixes: ['/system-messages'] },
} as const;

export type ServiceName = keyof typeof SERVICES;
export const SERVICE_NAMES = Object.keys(SERVICES) as ServiceName[];
export const GATEWAY_PORT = 8080;
