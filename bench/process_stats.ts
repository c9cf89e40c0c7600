// What the benchmarks read about a process from /proc (Linux), and percentiles of latencies.

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (user + system) the process has used so far, in milliseconds. */
export function cpuMsOf(pid: number): number {
  const fields = Deno.readTextFileSync(`/proc/${pid}/stat`).split(") ")[1].split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]); // utime + stime
  return ticks * 1000 / CLOCK_TICKS_PER_SECOND;
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
