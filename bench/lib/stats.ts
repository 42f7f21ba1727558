// Latency figures both load runners report (HTTP through autocannon, SQL straight through the driver).

export interface LoadFigures {
  /** Completed requests (any status) per second over the run. */
  rps: number;
  requests: number;
  /** Requests that succeeded (2xx / no SQL error): the latencies below are theirs; 0 means none finished in time. */
  completed: number;
  /** Percentiles of the successful requests' latencies, milliseconds. */
  p50: number;
  p99: number;
  mean: number;
  max: number;
  non2xx: number;
  /** Connection errors and timeouts (HTTP) or failed statements (SQL). */
  errors: number;
  seconds: number;
}

/** The nearest-rank percentile of an ascending array (the definition autocannon's HDR histogram approximates). */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function figures(
  latencies: number[],
  counts: { requests: number; non2xx: number; errors: number },
  seconds: number,
): LoadFigures {
  const sorted = Float64Array.from(latencies).sort();
  const sum = latencies.reduce((a, b) => a + b, 0);
  return {
    rps: seconds > 0 ? counts.requests / seconds : 0,
    requests: counts.requests,
    completed: latencies.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    mean: latencies.length ? sum / latencies.length : 0,
    max: sorted.length ? sorted[sorted.length - 1]! : 0,
    non2xx: counts.non2xx,
    errors: counts.errors,
    seconds,
  };
}
