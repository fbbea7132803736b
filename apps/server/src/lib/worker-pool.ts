import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// CPU-heavy work (parsing and rendering Gerber files) runs in worker processes so requests keep
// being answered meanwhile. A worker takes one task at a time; tasks wait in order for a free
// worker. A worker that crashes, runs out of its memory limit or overruns the time limit is
// replaced, failing only its task.
//
// Workers are processes, not threads: V8 may abort the whole process when a worker thread runs
// out of its heap (the thread's resource limits are best effort), and one file that asks for
// millions of shapes must never take the server down with it.

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

/** What a worker script sends back for a task: its result, or the message of what went wrong. */
export type WorkerReply<Result> = { ok: true; result: Result } | { ok: false; message: string };

/** What a worker sends before it dies of an exception nothing caught. */
type WorkerCrash = { crashed: string };

/** The environment variable that carries a kept worker's data (JSON) to its process. */
const WORKER_DATA_VARIABLE = 'CIRCUITS_WORKER_DATA';

/** V8's words when a heap runs out: the worker needed more memory than it may use. */
const OUT_OF_MEMORY = /heap out of memory|Reached heap limit|Allocation failed/;

/** How much of a worker's error output is kept to tell why it stopped. */
const STDERR_TAIL_CHARS = 4096;

type Job<Task, Result> = {
  task: Task;
  resolve(result: Result): void;
  reject(error: Error): void;
};

type Slot<Task, Result> = {
  child: ChildProcess;
  job: Job<Task, Result> | null;
  timer?: NodeJS.Timeout;
  stderrTail: string;
  crash?: string;
};

/**
 * A pool of up to `size` worker processes running `script` (started when first needed). The
 * script serves tasks with `serveTasks`, answering each with one WorkerReply.
 */
export function createWorkerPool<Task, Result>(options: {
  script: URL;
  size: number;
  timeoutMs: number;
  /** Heap a worker may use (V8's old generation), in MB; past it the worker is stopped. */
  memoryMb?: number | undefined;
  /**
   * Workers started with the pool and kept started (a stopped one is replaced at once), so that
   * a worker that prepares itself when it starts is ready before the first task. They get
   * `keptWorkerData` from `workerData()`; workers started for a waiting task get none.
   */
  keepStarted?: number | undefined;
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
    if (!slots.delete(slot)) return;
    finish(slot)?.reject(error);
    slot.child.kill('SIGKILL');
    dispatch();
    keepStarted();
  }

  function keepStarted(): void {
    const wanted = Math.min(options.keepStarted ?? 0, options.size);
    while (!closed && slots.size < wanted) spawn(true);
  }

  /** Why a worker stopped, from its last words and its error output. */
  function stoppedError(slot: Slot<Task, Result>): WorkerTaskError {
    if (OUT_OF_MEMORY.test(slot.stderrTail)) {
      return new WorkerTaskError(
        'memory',
        `The work needed more than the ${options.memoryMb} MB of memory a worker may use`,
      );
    }
    if (slot.crash) return new WorkerTaskError('failed', `The worker failed: ${slot.crash}`);
    return new WorkerTaskError('failed', 'The worker stopped');
  }

  function spawn(kept = false): Slot<Task, Result> {
    const child = fork(fileURLToPath(options.script), [], {
      execArgv: [
        // The flags this process runs with (loaders, conditions), but its own heap size.
        ...process.execArgv.filter((flag) => !flag.startsWith('--max-old-space-size')),
        ...(options.memoryMb ? [`--max-old-space-size=${options.memoryMb}`] : []),
      ],
      env: {
        ...process.env,
        [WORKER_DATA_VARIABLE]: kept ? JSON.stringify(options.keptWorkerData ?? null) : '',
      },
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    });
    const slot: Slot<Task, Result> = { child, job: null, stderrTail: '' };
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (text: string) => {
      process.stderr.write(text);
      slot.stderrTail = (slot.stderrTail + text).slice(-STDERR_TAIL_CHARS);
    });
    child.on('message', (message: WorkerReply<Result> | WorkerCrash) => {
      if ('crashed' in message) {
        slot.crash = message.crashed;
        return;
      }
      const job = finish(slot);
      if (message.ok) job?.resolve(message.result);
      else job?.reject(new WorkerTaskError('failed', message.message));
      dispatch();
    });
    child.on('error', (error) => {
      retire(slot, new WorkerTaskError('failed', `The worker failed: ${error.message}`));
    });
    // 'close' comes after the error output has been read to its end.
    child.on('close', () => retire(slot, stoppedError(slot)));
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
      running.child.send(job.task as object);
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
      await Promise.all(
        stopping.map(
          (slot) =>
            new Promise<void>((resolve) => {
              if (slot.child.exitCode !== null || slot.child.signalCode !== null) resolve();
              else {
                slot.child.once('exit', () => resolve());
                slot.child.kill('SIGKILL');
              }
            }),
        ),
      );
    },
  };
}

// ---- the worker's side

/** In a worker script: the data the pool gave a worker it keeps started, else undefined. */
export function workerData(): unknown {
  const data = process.env[WORKER_DATA_VARIABLE];
  return data ? JSON.parse(data) : undefined;
}

/**
 * In a worker script: answers each task the pool sends with `answer`'s reply. The worker stops
 * with the pool (when its channel closes), and an exception nothing caught is told to the pool
 * before the worker dies of it.
 */
export function serveTasks<Task, Result>(
  answer: (task: Task) => WorkerReply<Result> | undefined,
): void {
  process.on('message', (task: Task) => {
    const reply = answer(task);
    if (reply) process.send!(reply);
  });
  process.on('disconnect', () => process.exit(0));
  process.on('uncaughtException', (error) => {
    const crash: WorkerCrash = { crashed: error.message };
    process.send!(crash, () => process.exit(1));
  });
}

/** In a worker script: sends a reply that was not ready when its task came. */
export function sendReply<Result>(reply: WorkerReply<Result>): void {
  process.send!(reply);
}
