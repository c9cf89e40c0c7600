// Which kept revisions of a diagram the retention rules let go, worked out from their times alone:
// every revision of the last day stays; then one an hour (the newest of each hour) for 30 days;
// then one a day (the newest of each day), the newest 100 such days. What an agent replaced is
// kept like anything else of its age: within the day, always.

export const RETENTION = {
  keepAllMs: 24 * 60 * 60 * 1000,
  hourlyForMs: 30 * 24 * 60 * 60 * 1000,
  maxDaily: 100,
} as const;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface KeptRevision {
  revision: number;
  /** When its contents were written. */
  savedAt: string;
}

/** The revision numbers to delete, of one diagram's revisions, at time `now` (ms). */
export function revisionsToPrune(revisions: readonly KeptRevision[], now: number): number[] {
  const newestFirst = [...revisions].sort((a, b) =>
    Date.parse(b.savedAt) - Date.parse(a.savedAt) || b.revision - a.revision
  );
  const seenHours = new Set<number>();
  const seenDays = new Set<number>();
  const prune: number[] = [];
  for (const { revision, savedAt } of newestFirst) {
    const at = Date.parse(savedAt);
    const age = now - at;
    if (age < RETENTION.keepAllMs) continue;
    if (age < RETENTION.hourlyForMs) {
      const hour = Math.floor(at / HOUR_MS);
      if (seenHours.has(hour)) prune.push(revision);
      seenHours.add(hour);
      continue;
    }
    const day = Math.floor(at / DAY_MS);
    if (seenDays.has(day) || seenDays.size >= RETENTION.maxDaily) prune.push(revision);
    else seenDays.add(day);
  }
  return prune;
}
