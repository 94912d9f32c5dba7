import { expect } from 'vitest';
import type { RecordedRequest } from '@planner/platform-stand-ins';
import { PlatformError, type PublishHandle, type PublishSteps } from '../../src/adapters/platforms/index.js';

/** One step an adapter took, with the stand-in's requests up to then. */
export type RecordedStep = { step: 'remember'; values: PublishHandle; requestsSoFar: number } | { step: 'create'; requestsSoFar: number; requestsAfter?: number };

/**
 * PublishSteps as the worker gives them, recording what an adapter remembered
 * and where its create call began and ended among the stand-in's requests.
 * `handle` is what earlier attempts left; `remembered` accumulates this one's.
 */
export function recordingSteps(requests: RecordedRequest[], handle: PublishHandle = {}) {
  const log: RecordedStep[] = [];
  let remembered: PublishHandle = { ...handle };
  const steps: PublishSteps = {
    handle,
    async remember(values) {
      log.push({ step: 'remember', values: structuredClone(values), requestsSoFar: requests.length });
      remembered = { ...remembered, ...values };
    },
    async create(call) {
      const entry: RecordedStep = { step: 'create', requestsSoFar: requests.length };
      log.push(entry);
      try {
        return await call();
      } finally {
        entry.requestsAfter = requests.length;
      }
    },
  };
  return { steps, log, remembered: () => remembered };
}

/** The requests the create call sent. */
export function requestsOfCreate(log: RecordedStep[], requests: RecordedRequest[]): RecordedRequest[] {
  const create = log.find((entry) => entry.step === 'create');
  return create?.step === 'create' ? requests.slice(create.requestsSoFar, create.requestsAfter) : [];
}

/** The PlatformError a call fails with (the test fails if it succeeds or throws anything else). */
export async function platformFailure(promise: Promise<unknown>): Promise<PlatformError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
}
