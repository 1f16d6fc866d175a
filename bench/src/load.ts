/** A closed-loop load generator: `connections` workers each run one operation after another for `seconds`. */
export interface LoadResult {
  /** Operations finished (one operation may be several requests, e.g. quote + swap). */
  requests: number;
  failures: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Failures by reason ("409 IdempotencyKeyInUseError", "ECONNRESET"), most frequent first. */
  failureReasons: [string, number][];
}

/** An operation answers `true` when it succeeded, or why it failed. */
export type Operation = (worker: number) => Promise<true | string>;

interface Sample {
  latencies: number[];
  reasons: Map<string, number>;
  failures: number;
  seconds: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function errorReason(error: unknown): string {
  if (error instanceof Error) return (error as NodeJS.ErrnoException).code ?? error.message.slice(0, 60);
  return String(error);
}

async function sample(connections: number, seconds: number, operation: Operation): Promise<Sample> {
  const latencies: number[] = [];
  const reasons = new Map<string, number>();
  let failures = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const outcome = await operation(worker).catch(errorReason);
        latencies.push(performance.now() - t0);
        if (outcome !== true) {
          failures++;
          reasons.set(outcome, (reasons.get(outcome) ?? 0) + 1);
        }
      }
    }),
  );
  return { latencies, reasons, failures, seconds: (performance.now() - started) / 1000 };
}

function summarize(samples: Sample[]): LoadResult {
  const latencies = samples.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const reasons = new Map<string, number>();
  for (const s of samples)
    for (const [reason, count] of s.reasons) reasons.set(reason, (reasons.get(reason) ?? 0) + count);
  const seconds = samples.reduce((sum, s) => sum + s.seconds, 0);
  return {
    requests: latencies.length,
    failures: samples.reduce((sum, s) => sum + s.failures, 0),
    perSecond: seconds > 0 ? latencies.length / seconds : 0,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failureReasons: [...reasons.entries()].sort((a, b) => b[1] - a[1]),
  };
}

export async function runLoad(connections: number, seconds: number, operation: Operation): Promise<LoadResult> {
  return summarize([await sample(connections, seconds, operation)]);
}

/**
 * Several scenarios measured in turns of `sliceSeconds` until each has had `seconds`: on a
 * machine whose cores others use too, a burst of outside load then weighs on every scenario
 * alike, so their ratio (balance GET against a hello world) means something even when the
 * absolute rates do not. Answers one result per scenario, in order.
 */
export async function runInterleaved(
  connections: number,
  seconds: number,
  operations: readonly Operation[],
  sliceSeconds = 1,
): Promise<LoadResult[]> {
  const samples: Sample[][] = operations.map(() => []);
  for (let done = 0; done < seconds; done += sliceSeconds) {
    const slice = Math.min(sliceSeconds, seconds - done);
    for (const [i, operation] of operations.entries()) samples[i]!.push(await sample(connections, slice, operation));
  }
  return samples.map(summarize);
}
