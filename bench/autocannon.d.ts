// The part of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  type Histogram = { average: number; mean: number; p50: number; p90: number; p99: number; max: number };
  export type AutocannonResult = {
    /** `total`: requests completed in the run. */
    requests: Histogram & { total: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    /** Answers by HTTP status: `{ '200': { count }, '429': { count } }`. */
    statusCodeStats?: Record<string, { count: number }>;
    '2xx': number;
  };
  export type AutocannonOptions = {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    workers?: number;
    headers?: Record<string, string>;
    /** Requests each connection cycles through (a header set per request, e.g. one API key each). */
    requests?: { method?: string; path?: string; headers?: Record<string, string> }[];
  };
  export default function autocannon(options: AutocannonOptions): Promise<AutocannonResult>;
}
