import { expect } from 'vitest';
import type { ConnectionCredentials } from '@planner/contracts';
import type { RecordedRequest } from '@planner/platform-stand-ins';
import { PlatformError, type PlatformAdapter, type PublishablePost, type PublishHandle, type PublishSteps } from '../../src/adapters/platforms/index.js';

/** What an adapter did with its steps, in order; `create` lists the requests the platform saw during the create call. */
export type StepEvent = { step: 'remember'; values: PublishHandle } | { step: 'create'; requests: string[]; outcome: 'returned' | 'threw' };

/**
 * A PublishSteps that keeps the handle in memory and records each step, as the
 * kernel's records them, so a test sees the order and what ran inside `create`.
 */
export function recordingSteps(platform: { requests: RecordedRequest[] }, handle: PublishHandle = {}): PublishSteps & { events: StepEvent[] } {
  const remembered: PublishHandle = { ...handle };
  const events: StepEvent[] = [];
  return {
    events,
    get handle() {
      return remembered;
    },
    async remember(values) {
      events.push({ step: 'remember', values });
      Object.assign(remembered, values);
    },
    async create(call) {
      const before = platform.requests.length;
      const requestsSince = () => platform.requests.slice(before).map((request) => `${request.method} ${request.path}`);
      try {
        const result = await call();
        events.push({ step: 'create', requests: requestsSince(), outcome: 'returned' });
        return result;
      } catch (error) {
        events.push({ step: 'create', requests: requestsSince(), outcome: 'threw' });
        throw error;
      }
    },
  };
}

/** Publishes a post with recording steps: answers what was published and the steps taken. */
export async function recordedPublish(
  adapter: PlatformAdapter,
  platform: { requests: RecordedRequest[] },
  post: PublishablePost,
  credentials: ConnectionCredentials,
  handle: PublishHandle = {},
) {
  const steps = recordingSteps(platform, handle);
  const published = await adapter.publish({ post, credentials, steps, signal: new AbortController().signal });
  return { published, steps };
}

/** Publishes a post that must fail: answers the PlatformError, which must not carry the connection's token, and the steps taken. */
export async function failedPublish(
  adapter: PlatformAdapter,
  platform: { requests: RecordedRequest[] },
  post: PublishablePost,
  credentials: ConnectionCredentials,
  handle: PublishHandle = {},
): Promise<{ error: PlatformError; steps: ReturnType<typeof recordingSteps> }> {
  const steps = recordingSteps(platform, handle);
  const error = await adapter.publish({ post, credentials, steps, signal: new AbortController().signal }).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(PlatformError);
  if (credentials.access_token) expect((error as PlatformError).message).not.toContain(credentials.access_token);
  return { error: error as PlatformError, steps };
}
