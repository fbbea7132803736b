import { serveTasks } from '../../lib/worker-pool.ts';
import { runTableJob, type TableJob, type TableJobResult } from './table-job.ts';

// A table worker process (see lib/worker-pool.ts): reads a user's table with packages/readers,
// off the server's process, within the pool's time and memory limits.

serveTasks<TableJob, TableJobResult>((job) => {
  try {
    return { ok: true, result: runTableJob(job) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
});
