// The parts of autocannon (HTTP load generator) that the API load benchmark uses; it ships no types.
declare module 'autocannon' {
  type Histogram = { average: number; mean: number; p50: number; p99: number; max: number };
  export type Result = {
    requests: Histogram & { total: number };
    latency: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  };
  export default function autocannon(options: {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
  }): Promise<Result>;
}
