// How fast the server answers light calls while heavy work runs: each probe is called again and
// again, one call at a time, until the work settles, and its latencies are summed up.

export type Latencies = { samples: number; p50Ms: number; p99Ms: number; maxMs: number };

function summary(times: number[]): Latencies {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (share: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
  return {
    samples: sorted.length,
    p50Ms: Math.round(at(0.5)),
    p99Ms: Math.round(at(0.99)),
    maxMs: Math.round(sorted.at(-1) ?? 0),
  };
}

/**
 * Calls every probe in turn (with `pauseMs` between rounds) while `work` runs; answers each
 * probe's latencies and what the work answered (or threw).
 */
export async function latencyWhile<T>(
  work: Promise<T>,
  probes: Record<string, () => Promise<unknown>>,
  pauseMs = 5,
): Promise<{ latencies: Record<string, Latencies>; outcome: T }> {
  let done = false;
  const settled = work.finally(() => {
    done = true;
  });
  const times: Record<string, number[]> = Object.fromEntries(
    Object.keys(probes).map((name) => [name, []]),
  );
  while (!done) {
    for (const [name, probe] of Object.entries(probes)) {
      const start = performance.now();
      await probe();
      times[name]!.push(performance.now() - start);
    }
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  const outcome = await settled;
  return {
    latencies: Object.fromEntries(
      Object.entries(times).map(([name, list]) => [name, summary(list)]),
    ),
    outcome,
  };
}

/**
 * The latencies of `/healthz` and of a logged-in `/api/user` (as `token`) on the server at `url`
 * while `work` runs: the two light calls the availability tests hold under 200 ms.
 */
export async function lightCallsWhile<T>(
  url: string,
  token: string,
  work: Promise<T>,
): Promise<{ latencies: Record<string, Latencies>; outcome: T }> {
  const probe = (path: string, auth: boolean) => async () => {
    const answer = await fetch(`${url}${path}`, {
      headers: auth ? { authorization: `Bearer ${token}` } : {},
    });
    await answer.arrayBuffer();
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
  };
  return latencyWhile(work, { healthz: probe('/healthz', false), user: probe('/api/user', true) });
}
