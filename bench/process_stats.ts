// What the benchmarks read about a process from /proc (Linux), and percentiles of latencies.

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (user + system) the process has used so far, in milliseconds. */
export function cpuMsOf(pid: number): number {
  return cpuMsIn(Deno.readTextFileSync(`/proc/${pid}/stat`));
}

/**
 * CPU time each of the process's web workers' threads (Deno names them worker-N) has used so far,
 * in milliseconds, by thread id: a thread that has ended is not listed.
 */
export function workerThreadsCpuMs(pid: number): Map<string, number> {
  const threads = new Map<string, number>();
  for (const { name: id } of Deno.readDirSync(`/proc/${pid}/task`)) {
    let stat: string;
    try {
      stat = Deno.readTextFileSync(`/proc/${pid}/task/${id}/stat`);
    } catch {
      continue; // ended since the listing
    }
    const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    if (name.startsWith("worker-")) threads.set(id, cpuMsIn(stat));
  }
  return threads;
}

/** The CPU the worker threads listed `after` used since `before` (all of it for newer ones). */
export function workerCpuMsSince(before: Map<string, number>, after: Map<string, number>): number {
  let used = 0;
  for (const [id, ms] of after) used += ms - (before.get(id) ?? 0);
  return used;
}

/** utime + stime of a /proc stat line, in milliseconds. */
function cpuMsIn(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 1000 / CLOCK_TICKS_PER_SECOND;
}

/** Resident memory now (VmRSS) or at its peak (VmHWM), in MiB. */
export function rssMiB(pid: number, field: "VmRSS" | "VmHWM"): number {
  const status = Deno.readTextFileSync(`/proc/${pid}/status`);
  const kib = Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))![1]);
  return kib / 1024;
}

/** The p-quantile (0..1) of ascending `sorted`. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}
