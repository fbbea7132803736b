import os from 'node:os';
import { serveTasks } from '../../lib/worker-pool.ts';
import { runTableJob, type TableJob, type TableJobResult } from './table-job.ts';

// A table worker process (see lib/worker-pool.ts): reads a user's table with packages/readers,
// off the server's process, within the pool's time and memory limits.

// Reading a table is background work: on a busy machine the server's own thread, which answers
// every request, gets the processor first.
try {
  os.setPriority(10);
} catch {
  // Not allowed here (some containers): the worker runs at the server's priority.
}

serveTasks<TableJob, TableJobResult>((job) => {
  try {
    return { ok: true, result: runTableJob(job) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
});
