import { Worker } from 'node:worker_threads';

// CPU-heavy work (parsing and rendering Gerber files) runs in worker threads so requests keep
// being answered meanwhile. A worker takes one task at a time; tasks wait in order for a free
// worker. A worker that crashes, runs out of its memory limit or overruns the time limit is
// replaced, failing only its task.

export class WorkerTaskError extends Error {
  override name = 'WorkerTaskError';
  readonly reason: 'failed' | 'timeout' | 'memory' | 'closed';

  constructor(reason: WorkerTaskError['reason'], message: string) {
    super(message);
    this.reason = reason;
  }
}

export type WorkerPool<Task, Result> = {
  run(task: Task): Promise<Result>;
  /** Stops every worker; queued and running tasks fail with reason 'closed'. */
  close(): Promise<void>;
  /** Workers started now (busy or idle). */
  started(): number;
};

/** What a worker script posts back for a task: its result, or the message of what went wrong. */
export type WorkerReply<Result> = { ok: true; result: Result } | { ok: false; message: string };

type Job<Task, Result> = {
  task: Task;
  resolve(result: Result): void;
  reject(error: Error): void;
};

type Slot<Task, Result> = { worker: Worker; job: Job<Task, Result> | null; timer?: NodeJS.Timeout };

/**
 * A pool of up to `size` workers running `script` (started when first needed). The script
 * answers each message (a task) with one WorkerReply.
 */
export function createWorkerPool<Task, Result>(options: {
  script: URL;
  size: number;
  timeoutMs: number;
  /** Heap a worker may use (V8's old generation), in MB; past it the worker is stopped. */
  memoryMb?: number;
  /**
   * Workers started with the pool and kept started (a stopped one is replaced at once), so that
   * a worker that prepares itself when it starts is ready before the first task. They get
   * `keptWorkerData` as their `workerData`; workers started for a waiting task get none.
   */
  keepStarted?: number;
  keptWorkerData?: unknown;
}): WorkerPool<Task, Result> {
  const queue: Job<Task, Result>[] = [];
  const slots = new Set<Slot<Task, Result>>();
  let closed = false;

  function finish(slot: Slot<Task, Result>): Job<Task, Result> | null {
    const job = slot.job;
    slot.job = null;
    clearTimeout(slot.timer);
    return job;
  }

  function retire(slot: Slot<Task, Result>, error: WorkerTaskError): void {
    slots.delete(slot);
    finish(slot)?.reject(error);
    void slot.worker.terminate();
    dispatch();
    keepStarted();
  }

  function keepStarted(): void {
    const wanted = Math.min(options.keepStarted ?? 0, options.size);
    while (!closed && slots.size < wanted) spawn(true);
  }

  function spawn(kept = false): Slot<Task, Result> {
    const worker = new Worker(options.script, {
      ...(options.memoryMb ? { resourceLimits: { maxOldGenerationSizeMb: options.memoryMb } } : {}),
      ...(kept ? { workerData: options.keptWorkerData } : {}),
    });
    const slot: Slot<Task, Result> = { worker, job: null };
    worker.on('message', (reply: WorkerReply<Result>) => {
      const job = finish(slot);
      if (reply.ok) job?.resolve(reply.result);
      else job?.reject(new WorkerTaskError('failed', reply.message));
      dispatch();
    });
    worker.on('error', (error: Error & { code?: string }) => {
      retire(
        slot,
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new WorkerTaskError(
              'memory',
              `The work needed more than the ${options.memoryMb} MB of memory a worker may use`,
            )
          : new WorkerTaskError('failed', `The worker failed: ${error.message}`),
      );
    });
    worker.on('exit', () => {
      if (slots.has(slot)) retire(slot, new WorkerTaskError('failed', 'The worker stopped'));
    });
    slots.add(slot);
    return slot;
  }

  function dispatch(): void {
    while (queue.length > 0 && !closed) {
      let slot = [...slots].find((candidate) => candidate.job === null);
      if (!slot && slots.size < options.size) slot = spawn();
      if (!slot) return;
      const job = queue.shift()!;
      slot.job = job;
      const running = slot;
      running.timer = setTimeout(() => {
        retire(
          running,
          new WorkerTaskError('timeout', `The work took longer than ${options.timeoutMs / 1000} s`),
        );
      }, options.timeoutMs);
      running.worker.postMessage(job.task);
    }
  }

  keepStarted();

  return {
    run(task) {
      if (closed) return Promise.reject(new WorkerTaskError('closed', 'The worker pool is closed'));
      return new Promise<Result>((resolve, reject) => {
        queue.push({ task, resolve, reject });
        dispatch();
      });
    },

    started: () => slots.size,

    async close() {
      closed = true;
      const error = new WorkerTaskError('closed', 'The worker pool is closed');
      for (const job of queue.splice(0)) job.reject(error);
      const stopping = [...slots];
      slots.clear();
      for (const slot of stopping) finish(slot)?.reject(error);
      await Promise.all(stopping.map((slot) => slot.worker.terminate()));
    },
  };
}
