import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { ConnectionCredentials, ConnectionPlatform } from '@planner/contracts';
import type { RecordedRequest } from '@planner/platform-stand-ins';
import { configSchema, type SchedulerConfig } from '../../src/config.js';
import { PlatformError, type PlatformAdapter, type PublishablePost, type PublishHandle, type PublishSteps } from '../../src/adapters/platforms/index.js';

/** A platform's stand-in: what it received, in order. */
interface StandIn {
  requests: RecordedRequest[];
}

export const config = (values: Record<string, string>): SchedulerConfig => configSchema.parse(values);

/** A worker's signal that is never aborted. */
export const signal = () => new AbortController().signal;

/** A post of its own (a text no other test uses), as the worker hands it to an adapter. */
export function post(values: Partial<PublishablePost> = {}): PublishablePost {
  return { postId: randomUUID(), organizationId: randomUUID(), version: 1, text: `A post ${randomUUID()}`, mediaType: 'text', media: [], options: {}, ...values };
}

/** A connection's credentials as organizations answers them. */
export function credentials(platform: ConnectionPlatform, values: Partial<ConnectionCredentials>): ConnectionCredentials {
  return { platform, sandbox: false, access_token: null, expires_at: null, page_access_token: null, specific_data: {}, ...values };
}

/** What an adapter did with its steps, in order; a `create` holds the requests the platform received while it ran. */
export type StepEvent =
  | { step: 'remember'; values: PublishHandle }
  | { step: 'create'; requests: RecordedRequest[]; outcome: 'running' | 'returned' | 'threw' };

/**
 * PublishSteps as the worker gives them (the handle is what earlier attempts
 * and this one remembered), recording each step: `remembered` is the handle
 * so far, `events` the steps in order.
 */
export function recordingSteps(standIn: StandIn, handle: PublishHandle = {}) {
  const remembered: PublishHandle = structuredClone(handle);
  const events: StepEvent[] = [];
  const steps: PublishSteps = {
    get handle() {
      return remembered;
    },
    async remember(values) {
      // Stored as the worker stores them: later changes to the adapter's objects do not reach them.
      events.push({ step: 'remember', values: structuredClone(values) });
      Object.assign(remembered, structuredClone(values));
    },
    async create(call) {
      const event: StepEvent = { step: 'create', requests: [], outcome: 'running' };
      events.push(event);
      const from = standIn.requests.length;
      try {
        const result = await call();
        event.outcome = 'returned';
        return result;
      } catch (error) {
        event.outcome = 'threw';
        throw error;
      } finally {
        event.requests = standIn.requests.slice(from);
      }
    },
  };
  const creates = () => events.filter((event) => event.step === 'create');
  return { steps, events, remembered, creates };
}

export type Recording = ReturnType<typeof recordingSteps>;

/** The steps with each create's requests as `METHOD path`: what a test compares whole. */
export const stepLog = (events: StepEvent[]) =>
  events.map((event) => (event.step === 'create' ? { ...event, requests: event.requests.map((request) => `${request.method} ${request.path}`) } : event));

/** The one create call of a publish: it ran once, and sent exactly the request that creates the post. */
export function expectOneCreate(recorded: Recording, method: string, path: string): void {
  const creates = recorded.creates();
  expect(creates).toHaveLength(1);
  expect(creates[0]!.requests.map((request) => `${request.method} ${request.path}`)).toEqual([`${method} ${path}`]);
}

/** A recorded JSON or form body. */
export const bodyOf = (request: RecordedRequest): Record<string, unknown> => JSON.parse(request.body.toString('utf8') || '{}') as Record<string, unknown>;

/** The PlatformError a call fails with (the test fails if it succeeds or throws anything else). */
export async function platformFailure(call: Promise<unknown>): Promise<PlatformError> {
  const error = await call.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
}

/** Publishes a post with recording steps: what was published, and the steps taken. */
export async function recordedPublish(adapter: PlatformAdapter, standIn: StandIn, item: PublishablePost, connection: ConnectionCredentials, handle: PublishHandle = {}) {
  const recorded = recordingSteps(standIn, handle);
  const published = await adapter.publish({ post: item, credentials: connection, steps: recorded.steps, signal: signal() });
  return { published, ...recorded };
}

/** Publishes a post that must fail: the PlatformError, which never carries the connection's token, and the steps taken. */
export async function failedPublish(adapter: PlatformAdapter, standIn: StandIn, item: PublishablePost, connection: ConnectionCredentials, handle: PublishHandle = {}) {
  const recorded = recordingSteps(standIn, handle);
  const error = await platformFailure(adapter.publish({ post: item, credentials: connection, steps: recorded.steps, signal: signal() }));
  if (connection.access_token) expect(error.message).not.toContain(connection.access_token);
  return { error, ...recorded };
}
