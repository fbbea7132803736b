import { describe, expect, it } from 'vitest';
import { createWorkerPool, WorkerTaskError } from './worker-pool.ts';

type Task = {
  type: 'echo' | 'fail' | 'crash' | 'hang' | 'hog' | 'data';
  value?: number;
  delayMs?: number;
};

const script = new URL('../../test/workers/echo-worker.ts', import.meta.url);

function pool(size = 2, timeoutMs = 5000, memoryMb?: number, keepStarted?: number) {
  return createWorkerPool<Task, { value: number }>({
    script,
    size,
    timeoutMs,
    memoryMb,
    keepStarted,
    keptWorkerData: { value: 42 },
  });
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

  it('stops a worker past its memory limit, says so, and goes on with a new worker', async () => {
    const workers = pool(1, 60_000, 64);
    try {
      const hog = await workers.run({ type: 'hog' }).catch((error: unknown) => error);
      expect(hog).toBeInstanceOf(WorkerTaskError);
      expect((hog as WorkerTaskError).reason).toBe('memory');
      expect((hog as WorkerTaskError).message).toBe(
        'The work needed more than the 64 MB of memory a worker may use',
      );
      expect((await workers.run({ type: 'echo', value: 8 })).value).toBe(8);
    } finally {
      await workers.close();
    }
  });

  it('starts the workers it keeps started at once, and replaces one that stops', async () => {
    const workers = pool(2, 500, undefined, 1);
    try {
      expect(workers.started()).toBe(1);
      // The kept worker got its data; it takes the first task.
      expect((await workers.run({ type: 'data' })).value).toBe(42);
      await expect(workers.run({ type: 'crash' })).rejects.toThrow('The worker failed: boom');
      expect(workers.started()).toBe(1);
      expect((await workers.run({ type: 'data' })).value).toBe(42);
      // A worker started for a waiting task, beyond the kept one, gets none.
      const both = await Promise.all([
        workers.run({ type: 'data', delayMs: 100 }),
        workers.run({ type: 'data', delayMs: 100 }),
      ]);
      expect(both.map((result) => result.value).sort()).toEqual([-1, 42]);
      expect(pool(2).started()).toBe(0);
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
