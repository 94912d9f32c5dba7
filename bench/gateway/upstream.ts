/**
 * The benchmark's upstream: a kit server standing in for the auth service, with
 * a trivial route and the JWKS the gateway verifies tokens against.
 * Env: PORT, BENCH_JWKS (JSON key set), LOG_LEVEL.
 */
import { createLogger, createServer } from '@planner/service-kit';

const port = Number(process.env.PORT);
const jwks = JSON.parse(process.env.BENCH_JWKS ?? '{"keys":[]}') as unknown;
const logger = createLogger({ service: 'bench-upstream', level: process.env.LOG_LEVEL ?? 'warn' });
const app = await createServer({ name: 'auth', logger });
app.get('/auth/ping', async () => ({ ok: true }));
app.get('/.well-known/jwks.json', async () => jwks);
await app.listen({ port, host: '127.0.0.1' });
process.stdout.write(`upstream listening on ${port}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
