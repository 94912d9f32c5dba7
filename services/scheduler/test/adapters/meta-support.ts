import { randomUUID } from 'node:crypto';
import type { ConnectionCredentials, ConnectionPlatform } from '@planner/contracts';
import { startMediaHost, type RecordedRequest } from '@planner/platform-stand-ins';
import { expect } from 'vitest';
import { configSchema, type SchedulerConfig } from '../../src/config.js';
import type { AdapterTiming } from '../../src/adapters/platforms/platform-fetch.js';
import { PlatformError, type PublishablePost, type PublishHandle, type PublishSteps } from '../../src/adapters/platforms/index.js';

/** Short timings so polls and timeouts take milliseconds; the stand-ins answer `slow` after 1 s. */
export const FAST: Partial<AdapterTiming> = { requestTimeoutMs: 400, pollDelaysMs: [10], pollTimeoutMs: 3000 };

export const config = (values: Record<string, string>): SchedulerConfig => configSchema.parse(values);

/** Media at links, as the posts service signs them: Meta fetches these itself. */
export const startMedia = () =>
  startMediaHost({
    'photo.jpg': { contentType: 'image/jpeg', bytes: Buffer.from('jpeg bytes') },
    'second.jpg': { contentType: 'image/jpeg', bytes: Buffer.from('more jpeg bytes') },
    'photo.png': { contentType: 'image/png', bytes: Buffer.from('png bytes') },
    'clip.mp4': { contentType: 'video/mp4', bytes: Buffer.from('mp4 bytes') },
  });

export function post(values: Partial<PublishablePost>): PublishablePost {
  return { postId: randomUUID(), organizationId: randomUUID(), version: 1, text: `A post ${randomUUID()}`, mediaType: 'text', media: [], ...values };
}

export function credentials(platform: ConnectionPlatform, values: Partial<ConnectionCredentials>): ConnectionCredentials {
  return { platform, sandbox: false, access_token: null, expires_at: null, page_access_token: null, specific_data: {}, ...values };
}

export type StepEvent = { step: 'remember'; values: PublishHandle } | { step: 'create'; requests: RecordedRequest[] };

/**
 * PublishSteps that record what an adapter did, in order: each remember, and
 * each create with the requests the stand-in received while it ran.
 */
export function recordingSteps(standIn: { requests: RecordedRequest[] }, handle: PublishHandle = {}) {
  const events: StepEvent[] = [];
  const remembered: PublishHandle = { ...handle };
  const steps: PublishSteps = {
    handle,
    async remember(values) {
      events.push({ step: 'remember', values: { ...values } });
      Object.assign(remembered, values);
    },
    async create(call) {
      const event: StepEvent = { step: 'create', requests: [] };
      events.push(event);
      const from = standIn.requests.length;
      try {
        return await call();
      } finally {
        event.requests = standIn.requests.slice(from);
      }
    },
  };
  const creates = () => events.filter((event) => event.step === 'create');
  return { steps, events, remembered, creates };
}

/** The one create call of a publish: it ran once, and sent exactly the request that creates the post. */
export function expectOneCreate(recorded: ReturnType<typeof recordingSteps>, method: string, path: string): void {
  const creates = recorded.creates();
  expect(creates).toHaveLength(1);
  expect(creates[0]!.requests.map((request) => `${request.method} ${request.path}`)).toEqual([`${method} ${path}`]);
}

/** The PlatformError a call failed with (the test fails if it did not fail). */
export async function platformErrorOf(call: Promise<unknown>): Promise<PlatformError> {
  const error = await call.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
}

export const signal = () => new AbortController().signal;

/** The POSTs to `path` a stand-in received from request number `from` on, with their JSON bodies (container create calls). */
export const postsTo = (standIn: { requests: RecordedRequest[] }, path: string, from: number) =>
  standIn.requests
    .slice(from)
    .filter((request) => request.method === 'POST' && request.path === path)
    .map(bodyOf);

/** A recorded JSON or form body. */
export const bodyOf = (request: RecordedRequest): Record<string, unknown> => JSON.parse(request.body.toString('utf8') || '{}') as Record<string, unknown>;
