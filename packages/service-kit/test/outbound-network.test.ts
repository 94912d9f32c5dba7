import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { takeBlockedConnections } from '../src/testing/outbound-network.js';

// The block is installed by this workspace's setup file (vitest-no-network.ts), as in every workspace.
describe('outbound network in tests', () => {
  it('refuses a connection to another host as a refused connection, and remembers it', async () => {
    const error = await new Promise<NodeJS.ErrnoException>((resolve) => net.connect({ host: 'api.openai.com', port: 443 }).once('error', resolve));
    expect(error.code).toBe('ECONNREFUSED');
    expect(error.message).toContain('api.openai.com:443 blocked');
    await expect(fetch('https://api.stripe.com/v1/charges')).rejects.toThrow();
    expect(takeBlockedConnections().map((c) => c.host)).toEqual(['api.openai.com', 'api.stripe.com']);
  });

  it('lets connections to this machine through', async () => {
    const server = net.createServer((socket) => socket.end('hi'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    for (const host of ['127.0.0.1', 'localhost']) {
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect({ host, port }, () => socket.once('data', (data) => resolve(data.toString())));
        socket.once('error', reject);
      });
      expect(answer).toBe('hi');
    }
    server.close();
    expect(takeBlockedConnections()).toEqual([]);
  });
});
