import { describe, expect, it } from 'vitest';
import { createWorkerPool, WorkerTaskError } from './worker-pool.ts';

type Task = { type: 'echo' | 'fail' | 'crash' | 'hang'; value?: number; delayMs?: number };

const script = new URL('../../test/workers/echo-worker.ts', import.meta.url);

function pool(size = 2, timeoutMs = 5000) {
  return createWorkerPool<Task, { value: number }>({ script, size, timeoutMs });
}

describe('createWorkerPool', () => {
  it('runs tasks in workers and answers each with its own result', async () => {
    const workers = pool(2);
    try {
      const values = await Promise.all(
        [1, 2, 3, 4, 5].map((value) => workers.run({ type: 'echo', value, delayMs: 20 })),
      );
      expect(values.map((result) => result.value)).toEqual([1, 2, 3, 4, 5]);
    } finally {
      await workers.close();
    }
  });

  it('fails only the task whose worker reports a problem, crashes or overruns, and goes on', async () => {
    const workers = pool(1, 500);
    try {
      await expect(workers.run({ type: 'fail' })).rejects.toThrow('bad input');
      await expect(workers.run({ type: 'crash' })).rejects.toThrow('The worker failed: boom');
      const timeout = await workers.run({ type: 'hang' }).catch((error: unknown) => error);
      expect(timeout).toBeInstanceOf(WorkerTaskError);
      expect((timeout as WorkerTaskError).reason).toBe('timeout');
      expect((await workers.run({ type: 'echo', value: 7 })).value).toBe(7);
    } finally {
      await workers.close();
    }
  });

  it('fails queued and running tasks when closed, and refuses new ones', async () => {
    const workers = pool(1);
    const running = workers.run({ type: 'hang' }).catch((error: WorkerTaskError) => error.reason);
    const queued = workers
      .run({ type: 'echo', value: 1 })
      .catch((error: WorkerTaskError) => error.reason);
    await workers.close();
    expect(await running).toBe('closed');
    expect(await queued).toBe('closed');
    await expect(workers.run({ type: 'echo', value: 1 })).rejects.toThrow('closed');
  });
});
