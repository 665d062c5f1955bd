/** Order statistics of samples in milliseconds. */

/** The p-th percentile (0–100), linearly interpolated between the closest ranks. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) throw new Error('No samples.');
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  const a = sorted[low] ?? 0;
  const b = sorted[high] ?? a;
  return a + (b - a) * (rank - low);
}

/** The median. */
export function median(samples: readonly number[]): number {
  return percentile(samples, 50);
}

/** Rounds to a tenth, for reports. */
export function round(value: number, digits = 1): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** A summary of samples: count, median, p95, min, max. */
export interface Summary {
  n: number;
  median: number;
  p95: number;
  min: number;
  max: number;
}

/** Summarises samples, rounded to 0.1 ms. */
export function summarise(samples: readonly number[]): Summary {
  return {
    n: samples.length,
    median: round(median(samples)),
    p95: round(percentile(samples, 95)),
    min: round(Math.min(...samples)),
    max: round(Math.max(...samples)),
  };
}
