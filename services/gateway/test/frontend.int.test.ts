import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SharedMessages } from '@planner/contracts';
import { rawRequest, startGateway, type TestGateway } from './helpers.js';

/** The repository's layout in a temporary folder: frontend/shell/dist beside frontend/remotes/<name>/dist. */
function write(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

describe('the built frontend with its module-federated remotes', () => {
  let top: string;
  let gateway: TestGateway;

  beforeAll(async () => {
    top = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-frontend-'));
    const shell = path.join(top, 'frontend', 'shell', 'dist');
    write(path.join(shell, 'index.html'), '<!doctype html><html lang="en"><body><div id="root"></div></body></html>');
    write(path.join(shell, 'remotes.json'), JSON.stringify({ remotes: { account: '/remotes/account/remoteEntry.js' } }));
    const account = path.join(top, 'frontend', 'remotes', 'account', 'dist');
    write(path.join(account, 'remoteEntry.js'), 'export const account = 1;');
    write(path.join(account, 'assets', 'pages-Ab12Cd34.js'), 'export default {};');
    fs.writeFileSync(path.join(account, 'assets', 'pages-Ab12Cd34.js.gz'), gzipSync('export default {};'));
    fs.writeFileSync(path.join(shell, 'index.html.br'), brotliCompressSync('<!doctype html><html lang="en"><body><div id="root"></div></body></html>'));
    gateway = await startGateway({ env: { NODE_ENV: 'production', FRONTEND_DIST: shell } });
  });

  afterAll(async () => {
    await gateway?.close();
    fs.rmSync(top, { recursive: true, force: true });
  });

  it('serves the runtime manifest next to the shell, revalidated on every load', async () => {
    const response = await fetch(`${gateway.url}/remotes.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.json()).toEqual({ remotes: { account: '/remotes/account/remoteEntry.js' } });
  });

  it("serves a remote's entry (revalidated) and its hashed assets (immutable) under /remotes/<name>/", async () => {
    const entry = await fetch(`${gateway.url}/remotes/account/remoteEntry.js`);
    expect(entry.status).toBe(200);
    expect(entry.headers.get('content-type')).toContain('javascript');
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    expect(await entry.text()).toBe('export const account = 1;');
    const asset = await fetch(`${gateway.url}/remotes/account/assets/pages-Ab12Cd34.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('sends the precompressed file to a browser that accepts it, the plain one otherwise', async () => {
    // fetch undoes the encoding, so the body shows the compressed file was the right one.
    const gz = await fetch(`${gateway.url}/remotes/account/assets/pages-Ab12Cd34.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.status).toBe(200);
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('vary')).toContain('accept-encoding');
    expect(gz.headers.get('content-type')).toContain('javascript');
    expect(gz.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await gz.text()).toBe('export default {};');
    const plain = await fetch(`${gateway.url}/remotes/account/assets/pages-Ab12Cd34.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('export default {};');
    const page = await fetch(`${gateway.url}/some/route`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('<div id="root">');
  });

  it('serves a remote built after the gateway started (redeployed alone)', async () => {
    expect((await fetch(`${gateway.url}/remotes/public/remoteEntry.js`)).status).toBe(404);
    write(path.join(top, 'frontend', 'remotes', 'public', 'dist', 'remoteEntry.js'), 'export const site = 1;');
    const late = await fetch(`${gateway.url}/remotes/public/remoteEntry.js`);
    expect(late.status).toBe(200);
    expect(await late.text()).toBe('export const site = 1;');
  });

  it('answers 404 in the error format for missing remotes and files, never the SPA page', async () => {
    for (const url of ['/remotes/nothing/remoteEntry.js', '/remotes/account/missing-1234abcd.js', '/remotes/Account/remoteEntry.js']) {
      const response = await fetch(`${gateway.url}${url}`);
      expect(response.status, url).toBe(404);
      expect(await response.text(), url).not.toContain('<div id="root">');
    }
    const missing = await fetch(`${gateway.url}/remotes/nothing/remoteEntry.js`);
    expect(await missing.json()).toEqual({ error: 'Not Found', message: SharedMessages.notFound });
  });

  it('never serves a file outside the remote build', async () => {
    for (const attempt of ['/remotes/account/..%2f..%2f..%2fshell%2fdist%2findex.html', '/remotes/account/%2e%2e/%2e%2e/%2e%2e/shell/dist/index.html']) {
      const response = await rawRequest(gateway.url, { path: attempt });
      expect([403, 404], attempt).toContain(response.status);
      expect(response.text, attempt).not.toContain('<div id="root">');
    }
  });
});
