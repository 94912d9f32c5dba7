import { createRequire } from 'node:module';
import type { ConnectionOptions, JobsOptions, Processor, Queue, Worker, WorkerOptions } from 'bullmq';

/**
 * BullMQ, loaded when a service first makes a queue or a worker: every service
 * gets a `Queues`, few use it, and BullMQ costs about 18 MB of memory loaded.
 * It is CommonJS (its package's main), so a synchronous require loads the same
 * module an import would, and `queue()`/`worker()` stay synchronous.
 */
let bullmq: typeof import('bullmq') | undefined;
const loadBullmq = () => (bullmq ??= createRequire(import.meta.url)('bullmq') as typeof import('bullmq'));

/**
 * BullMQ queues and workers of one service on Redis. Jobs that must not run
 * twice get a deterministic `jobId` (e.g. post id and version): BullMQ keeps
 * one job per id. `prefix` isolates tests from each other.
 */
export class Queues {
  private readonly opened: Array<Queue | Worker> = [];
  private readonly connection: ConnectionOptions;

  constructor(
    redisUrl: string,
    private readonly prefix = 'bull',
  ) {
    const url = new URL(redisUrl);
    this.connection = {
      host: url.hostname,
      port: Number(url.port || 6379),
      username: url.username || undefined,
      password: url.password ? decodeURIComponent(url.password) : undefined,
      db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
      // Workers block on Redis; BullMQ requires unlimited retries per request on their connections.
      maxRetriesPerRequest: null,
    };
  }

  queue<T = unknown>(name: string, defaultJobOptions?: JobsOptions): Queue<T> {
    const queue = new (loadBullmq().Queue)(name, { connection: this.connection, prefix: this.prefix, defaultJobOptions });
    this.opened.push(queue);
    return queue as unknown as Queue<T>;
  }

  worker<T = unknown>(name: string, processor: Processor<T>, options: Partial<WorkerOptions> = {}): Worker<T> {
    const worker = new (loadBullmq().Worker)(name, processor as Processor, { connection: this.connection, prefix: this.prefix, ...options });
    this.opened.push(worker);
    return worker as unknown as Worker<T>;
  }

  /** Workers finish their current job first. */
  async close(): Promise<void> {
    await Promise.all(this.opened.map((q) => q.close()));
  }
}
