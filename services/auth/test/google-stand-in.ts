import { generateKeyPairSync, randomUUID } from 'node:crypto';
import http from 'node:http';
import { SignJWT } from 'jose';
import { loopbackUrl } from '@planner/service-kit/testing';

export const CLIENT_ID = 'planner-test.apps.googleusercontent.com';

/**
 * Google's ID-token certificate endpoint (`/oauth2/v1/certs`: key id → PEM,
 * with a cache-control max-age) and the ID tokens Google would sign for our
 * client id, so google-auth-library verifies them for real.
 */
export async function startGoogleStandIn() {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomUUID();
  const server = http.createServer((req, res) => {
    if (req.url !== '/oauth2/v1/certs') {
      res.statusCode = 404;
      return res.end();
    }
    res.setHeader('content-type', 'application/json; charset=UTF-8');
    res.setHeader('cache-control', 'public, max-age=21600, must-revalidate, no-transform');
    res.end(JSON.stringify({ [kid]: publicKey.export({ type: 'spki', format: 'pem' }) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const idToken = (claims: { sub: string; email: string; email_verified?: boolean; aud?: string; iss?: string }) =>
    new SignJWT({ email: claims.email, email_verified: claims.email_verified ?? true, azp: CLIENT_ID })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(claims.iss ?? 'https://accounts.google.com')
      .setAudience(claims.aud ?? CLIENT_ID)
      .setSubject(claims.sub)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
  return {
    certsUrl: `${loopbackUrl(server)}/oauth2/v1/certs`,
    idToken,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
