// Result pages show when a page was published as "3 days ago" or "Mar 4, 2024" (English UI,
// the only one parsed here). A text that is neither yields no date rather than a wrong one. A
// date counted back from "2 years ago" carries its unit: it is no more precise than that
// (shared/approximate_date.ts).

import { DATE_UNIT_MS, type DateUnit } from "../../../shared/approximate_date.ts";

/**
 * A listing's date in the fields of a result: an absolute date alone, a counted-back one with the
 * unit it was counted in.
 */
export interface ListingDate {
  publishedDate: Date;
  publishedDatePrecision?: DateUnit;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const RELATIVE_DATE = /^(\d+) (second|minute|hour|day|week|month|year)s? ago$/i;
const ABSOLUTE_DATE = /^([a-z]{3})[a-z]*\.? (\d{1,2}), (\d{4})$/i;

/**
 * "3 days ago" counted back from `now` (with its unit), or "Mar 4, 2024" / "March 4, 2024" as that
 * UTC day.
 */
export function readListingDate(value: string, now: Date): ListingDate | null {
  const relative = RELATIVE_DATE.exec(value.trim());
  if (relative) {
    const count = Number(relative[1]);
    const unit = relative[2].toLowerCase() as DateUnit;
    const date = new Date(now);
    if (unit === "month") date.setUTCMonth(date.getUTCMonth() - count);
    else if (unit === "year") date.setUTCFullYear(date.getUTCFullYear() - count);
    else date.setTime(date.getTime() - count * DATE_UNIT_MS[unit]);
    // Absurd counts push the date out of the representable range.
    return Number.isNaN(date.getTime())
      ? null
      : { publishedDate: date, publishedDatePrecision: unit };
  }
  const absolute = ABSOLUTE_DATE.exec(value.trim());
  if (!absolute) return null;
  const month = MONTHS.indexOf(absolute[1].toLowerCase());
  const day = Number(absolute[2]);
  const date = new Date(Date.UTC(Number(absolute[3]), month, day));
  // Date.UTC rolls "Feb 31" over into March; such a text is not a date.
  return month >= 0 && date.getUTCDate() === day ? { publishedDate: date } : null;
}
