// Which scheduled backups to keep: grandfather-father-son as operators expect it. The newest backup
// of each of the last `daily` days that have one, and of each of the last `weekly` ISO weeks
// (Monday to Sunday, UTC) that have one; the newest of all is always kept. Pure: the schedule
// lists the folder and deletes what this returns.

export interface KeepRules {
  daily: number;
  weekly: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function dayOf(time: number): number {
  return Math.floor(time / DAY_MS);
}

/** Days since the epoch of the Monday starting the ISO week (the epoch was a Thursday). */
function weekOf(time: number): number {
  const day = dayOf(time);
  return day - ((day + 3) % 7);
}

/** The newest time in each period, for the `count` newest periods. */
function newestPerPeriod(times: number[], period: (time: number) => number, count: number) {
  const kept = new Map<number, number>();
  for (const time of [...times].sort((a, b) => b - a)) {
    const key = period(time);
    if (!kept.has(key) && kept.size < count) kept.set(key, time);
  }
  return new Set(kept.values());
}

/** The times (ms) of the backups to delete, given every backup's time. */
export function backupsToDelete(times: readonly number[], keep: KeepRules): number[] {
  if (times.length === 0) return [];
  const kept = new Set([
    Math.max(...times),
    ...newestPerPeriod([...times], dayOf, keep.daily),
    ...newestPerPeriod([...times], weekOf, keep.weekly),
  ]);
  return times.filter((time) => !kept.has(time));
}
