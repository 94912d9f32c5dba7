import http from 'node:http';
import { loopbackUrl } from '@planner/service-kit/testing';

/** Cloudflare's documented test secret (always passes) and the dummy token its test site keys produce. */
export const TEST_SECRET = '1x0000000000000000000000000000000AA';
export const DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';

/**
 * A local siteverify endpoint answering as Turnstile does: form-encoded
 * secret and response in, `{success, error-codes}` out.
 */
export async function startTurnstileStandIn(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const errors: string[] = [];
      if (form.get('secret') !== TEST_SECRET) errors.push('invalid-input-secret');
      if (!form.get('response')) errors.push('missing-input-response');
      else if (form.get('response') !== DUMMY_TOKEN) errors.push('invalid-input-response');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ success: errors.length === 0, 'error-codes': errors, challenge_ts: new Date().toISOString(), hostname: 'localhost' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `${loopbackUrl(server)}/turnstile/v0/siteverify`, close: () => new Promise((r) => server.close(() => r())) };
}
