/**
 * Reference point for the benchmark (BENCH_BASELINE=1): a plain
 * @fastify/http-proxy in front of the same upstream, nothing else (no token
 * check, rate limit, tracing or logging). Env: PORT, UPSTREAM.
 */
import httpProxy from '@fastify/http-proxy';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
await app.register(httpProxy, { upstream: process.env.UPSTREAM!, prefix: '/api', routes: ['/auth', '/auth/*'] });
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write(`plain proxy listening on ${process.env.PORT}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
