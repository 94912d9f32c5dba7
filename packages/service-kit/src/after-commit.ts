import type { DataSource, EntityManager, EntitySubscriberInterface, TransactionCommitEvent } from 'typeorm';

type Task = () => Promise<void>;
const TASKS = 'service-kit:afterCommit';
const installed = new WeakSet<DataSource>();

/** Runs the tasks a transaction left (see afterCommit) once its outermost COMMIT has gone through. */
const runAfterCommit: EntitySubscriberInterface = {
  async afterTransactionCommit({ queryRunner }: TransactionCommitEvent) {
    // Still active: only a savepoint was released; the outer transaction may yet roll back.
    if (queryRunner.isTransactionActive) return;
    const tasks = queryRunner.data[TASKS] as Task[] | undefined;
    if (!tasks) return;
    delete queryRunner.data[TASKS];
    // The commit stands whatever the tasks do: their failures must not reach the caller as a failed change.
    await Promise.allSettled(tasks.map((task) => task()));
  },
};

/**
 * Runs `task` after the transaction of `manager` commits, and never if it rolls back: for work outside the
 * database that must not happen for a change that did not (e.g. revoking a token at a provider). The caller of the transaction
 * waits for it; the task handles (logs) its own failures. Inside a savepoint, the task waits for the outermost commit.
 */
export function afterCommit(manager: EntityManager, task: Task): void {
  const runner = manager.queryRunner;
  if (!runner?.isTransactionActive) throw new Error('afterCommit is only meaningful inside a transaction');
  if (!installed.has(runner.dataSource)) {
    installed.add(runner.dataSource);
    runner.dataSource.subscribers.push(runAfterCommit);
  }
  ((runner.data[TASKS] as Task[] | undefined) ?? (runner.data[TASKS] = [])).push(task);
}
