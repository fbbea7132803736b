// Prices reload after every change, and an older price request still pending is cancelled by a
// newer one (SPEC §4): a slow answer to an old question must never replace the answer to the
// newest one. Each `run` aborts the previous request and, should an aborted request answer
// anyway, reports it as superseded instead of handing over its stale value.

export type LatestOutcome<T> = { type: 'answer'; value: T } | { type: 'superseded' };

export type LatestRequest = {
  run<T>(request: (signal: AbortSignal) => Promise<T>): Promise<LatestOutcome<T>>;
  /** Aborts the pending request (the view is going away). */
  cancel(): void;
};

export function createLatestRequest(): LatestRequest {
  let current: AbortController | null = null;
  return {
    async run(request) {
      current?.abort();
      const controller = new AbortController();
      current = controller;
      try {
        const value = await request(controller.signal);
        return controller === current && !controller.signal.aborted
          ? { type: 'answer', value }
          : { type: 'superseded' };
      } catch (error) {
        if (controller !== current || controller.signal.aborted) return { type: 'superseded' };
        throw error;
      }
    },
    cancel() {
      current?.abort();
      current = null;
    },
  };
}
