import { startStandInServer, type StandInServer } from './server.js';

export interface HostedFile {
  contentType: string;
  bytes: Buffer;
}

/**
 * Serves media at links, as the posts service's signed media links do, so an
 * adapter fetches (or hands a platform) a real URL. `urlOf(name)` is the link.
 */
export async function startMediaHost(files: Record<string, HostedFile>): Promise<StandInServer & { urlOf(name: string): string }> {
  const server = await startStandInServer();
  server.route('GET', '/media/:name', (req, res) => {
    const file = files[req.params.name!];
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': file.contentType, 'content-length': String(file.bytes.length) });
    res.end(file.bytes);
  });
  return Object.assign(server, { urlOf: (name: string) => `${server.url}/media/${encodeURIComponent(name)}` });
}
