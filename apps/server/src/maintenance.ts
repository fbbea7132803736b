import type { Logger } from './logger.ts';
import type { InstancesService } from './modules/system/instances.service.ts';

/** One kind of upkeep of the sweep; answers what it removed (counts by name). */
export type SweepTask = () => Promise<Record<string, number>>;

/**
 * What an instance does beside requests: it beats (see the instances service), and sweeps at
 * start and every `intervalMs`. Sweeps may run on several instances at once: each removes only
 * what nothing uses, and removing a thing twice is harmless.
 */
export function createMaintenance(deps: {
  instances: InstancesService;
  tasks: readonly SweepTask[];
  intervalMs: number;
  logger: Logger;
}) {
  const { instances, tasks, intervalMs, logger } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let started = false;
  let stopping = false;

  async function runTasks(): Promise<void> {
    const removed: Record<string, number> = {};
    for (const task of tasks) {
      if (stopping) return;
      try {
        Object.assign(removed, await task());
      } catch (error) {
        logger.warn({ err: error }, 'a sweep task failed; it runs again at the next sweep');
      }
    }
    logger.info({ removed }, 'sweep finished');
  }

  /** Runs a sweep now, or answers the one running. */
  function sweep(): Promise<void> {
    running ??= runTasks().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    sweep,

    /** Registers the instance and sweeps now (without waiting) and every interval. */
    async start(): Promise<void> {
      await instances.start();
      started = true;
      void sweep();
      timer = setInterval(() => void sweep(), intervalMs);
      timer.unref();
    },

    /** Stops sweeping (a sweep running ends after its current task) and leaves. */
    async stop(): Promise<void> {
      stopping = true;
      clearInterval(timer);
      await running;
      if (started) await instances.stop();
    },
  };
}

export type Maintenance = ReturnType<typeof createMaintenance>;
