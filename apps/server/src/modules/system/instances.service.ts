import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { onceAsync } from '../../lib/once-async.ts';
import { processRuns } from '../../lib/process-runs.ts';
import type { Logger } from '../../logger.ts';
import type { SystemRepository } from './system.repository.ts';

/** An instance silent for this many heartbeats is taken as stopped. */
export const SILENT_HEARTBEATS = 4;

/**
 * This server instance among those sharing the database: it registers, beats (records that it is
 * alive) every `heartbeatMs`, and removes the instances that are gone, so what they left half
 * done (render claims, object writes) is released at once instead of blocking others. An instance
 * is gone when it has been silent for SILENT_HEARTBEATS heartbeats, or at once when it ran on
 * this host and its process no longer exists (a restart after a crash). On a database only one
 * process can open (PGlite), every other instance is gone.
 */
export function createInstancesService(deps: {
  repository: SystemRepository;
  logger: Logger;
  heartbeatMs: number;
  exclusiveDatabase: boolean;
}) {
  const { repository, logger, heartbeatMs, exclusiveDatabase } = deps;
  const self = { id: randomBytes(12).toString('hex'), hostname: os.hostname(), pid: process.pid };
  const register = onceAsync(() => repository.beat(self));
  let timer: NodeJS.Timeout | undefined;

  async function removeGone(): Promise<void> {
    let removed: number;
    if (exclusiveDatabase) {
      removed = await repository.removeAllBut(self.id);
    } else {
      const local = await repository.otherInstancesOn(self.hostname, self.id);
      const ended = local.filter((row) => !processRuns(row.pid)).map((row) => row.id);
      removed = await repository.removeGone(self.id, ended, heartbeatMs * SILENT_HEARTBEATS);
    }
    if (removed > 0) {
      logger.info({ instances: removed }, 'released the work of stopped server instances');
    }
  }

  async function beat(): Promise<void> {
    try {
      await repository.beat(self);
      await removeGone();
    } catch (error) {
      logger.warn({ err: error }, 'the instance heartbeat could not be recorded');
    }
  }

  return {
    id: self.id,

    /** Registers this instance (once); work that refers to it waits for this. */
    async registered(): Promise<string> {
      await register();
      return self.id;
    },

    /** Registers, releases what stopped instances left, and beats until `stop`. */
    async start(): Promise<void> {
      await register();
      await removeGone();
      timer = setInterval(() => void beat(), heartbeatMs);
      timer.unref();
    },

    /** Stops beating and leaves: work still claimed by this instance is released. */
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await repository.remove(self.id);
    },
  };
}

export type InstancesService = ReturnType<typeof createInstancesService>;
