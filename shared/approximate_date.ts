// A date counted back from a relative text ("2 years ago", "3 weeks ago") is only as precise as the
// unit it was counted in: YouTube says "2 years ago" of anything two to three years old. The search
// engine marks such a date with its unit (a result's `publishedDatePrecision`); its pages and the
// MCP server then show it as an age, "about 2 years ago", with no more of the calendar date than
// the unit vouches for ("2024", "2024-11", "2024-11-28"), never as a time of day.

/** The units a relative date is counted in, finest first. */
export const DATE_UNITS = ["second", "minute", "hour", "day", "week", "month", "year"] as const;
export type DateUnit = (typeof DATE_UNITS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/** The units of a fixed length; months and years are counted on the calendar. */
export const DATE_UNIT_MS: Record<Exclude<DateUnit, "month" | "year">, number> = {
  second: 1000,
  minute: 60 * 1000,
  hour: 60 * 60 * 1000,
  day: DAY_MS,
  week: 7 * DAY_MS,
};

/** The time since the start of the date's month. */
function intoMonth(date: Date): number {
  return date.getTime() - Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

/**
 * Whole units from `date` to `now`, as the listing counted them: its date is cut to the day, so
 * "3 days ago" is 3 to 4 days back and counts as 3; months and years are the calendar's.
 */
function wholeUnits(date: Date, unit: DateUnit, now: Date): number {
  if (unit !== "month" && unit !== "year") {
    return Math.floor((now.getTime() - date.getTime()) / DATE_UNIT_MS[unit]);
  }
  const months = (now.getUTCFullYear() - date.getUTCFullYear()) * 12 + now.getUTCMonth() -
    date.getUTCMonth() - (intoMonth(now) < intoMonth(date) ? 1 : 0);
  return unit === "year" ? Math.floor(months / 12) : months;
}

/** "about 2 years ago": how long before `now` the date was, in whole units (one at least). */
export function approximateAge(date: Date, unit: DateUnit, now: Date): string {
  const count = Math.max(1, wholeUnits(date, unit, now));
  return `about ${count} ${unit}${count === 1 ? "" : "s"} ago`;
}

/**
 * The part of the date its unit vouches for, as ISO 8601 writes it (and HTML's `<time datetime>`
 * reads it): "2024" for years, "2024-11" for months, the day otherwise.
 */
export function approximateCalendarDate(date: Date, unit: DateUnit): string {
  const iso = date.toISOString();
  return iso.slice(0, unit === "year" ? 4 : unit === "month" ? 7 : 10);
}
