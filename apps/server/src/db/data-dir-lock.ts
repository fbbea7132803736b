import fs from 'node:fs';
import path from 'node:path';
import { processRuns } from '../lib/process-runs.ts';

export type DataDirLock = { release(): void };

/**
 * Claims a PGlite folder for this process with a pid file. A file left by a process that no
 * longer runs is taken over; one held by a live process stops the start with a clear message.
 */
export function acquireDataDirLock(directory: string): DataDirLock {
  const file = path.join(directory, 'circuits.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return {
        release() {
          fs.rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(file, 'utf8'));
      if (Number.isInteger(holder) && holder > 0 && processRuns(holder)) {
        throw new Error(
          `The database in ${directory} is in use by another Circuits server (pid ${holder}). ` +
            'Stop it, or start this one with another DATA_DIR.',
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the database folder ${directory}`);
}
