// Values that API providers (scholarly indexes, package registries) spell in their own ways, read
// into what results carry: dates and counts.

/** An ISO-8601 date or timestamp ("2024-03-01", "2024-03-01T12:00:00Z"); null when unreadable. */
export function isoDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A date given in parts (Crossref's `date-parts`, PubMed's Year/Month/Day), at midnight UTC; a
 * missing month or day is the first. Null when the year is missing or a part is out of range.
 */
export function dateFromParts(year: number, month = 1, day = 1): Date | null {
  if (![year, month, day].every(Number.isInteger)) return null;
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  // 31 February rolls over into March: not a date.
  return date.getUTCMonth() === month - 1 ? date : null;
}

/** A count as a person reads it, with its unit: "950 stars", "3.4k stars", "12M downloads". */
export function countLabel(count: number, unit: string): string {
  const shown = (value: number) => value.toFixed(value < 100 ? 1 : 0).replace(/\.0$/, "");
  let value = Math.max(0, Math.round(count));
  let suffix = "";
  for (const next of ["k", "M", "B"]) {
    // 999,960 would show as "1000k": it is the next step's "1M".
    if (Number(shown(value)) < 1000) break;
    value /= 1000;
    suffix = next;
  }
  return `${suffix === "" ? value : shown(value)}${suffix} ${unit}`;
}
