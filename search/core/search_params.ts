// The /search parameters, read the way SearXNG reads them (and with its error messages, which
// clients show to users): empty values count as absent, unknown categories and engine names are
// dropped, anything else malformed is a 400. The format is kept as asked: the route refuses one
// that search.formats does not list (SearXNG reads an unknown one as html; a client asking for
// `xml` is better told no than handed a page).
import type { SafeSearch, TimeRange } from "./engine.ts";
import { isLanguage } from "./query_syntax.ts";

export const FORMATS = ["html", "json", "csv", "rss"] as const;
export type Format = typeof FORMATS[number];
const TIME_RANGES: readonly TimeRange[] = ["day", "week", "month", "year"];

/** Longer queries are refused: no provider accepts them and they only cost upstream goodwill. */
export const MAX_QUERY_LENGTH = 2048;

export interface SearchParams {
  q: string;
  /** As asked, "html" when absent: not necessarily one of FORMATS. */
  format: string;
  categories: string[];
  engines: string[];
  /** null: use the preference / default. */
  language: string | null;
  pageno: number;
  timeRange: TimeRange | null;
  safesearch: SafeSearch | null;
  timeoutLimit: number | null;
}

export class ParamError extends Error {
  override name = "ParamError";
}

export interface KnownNames {
  categories: ReadonlySet<string>;
  engines: ReadonlySet<string>;
}

export function readSearchParams(
  input: (name: string) => string | undefined,
  known: KnownNames,
): SearchParams {
  const value = (name: string) => {
    const raw = input(name);
    return raw === undefined || raw.trim() === "" ? undefined : raw.trim();
  };
  const q = cleanQuery(input("q") ?? "");
  if (q.length > MAX_QUERY_LENGTH) {
    throw new ParamError(`Query too long: at most ${MAX_QUERY_LENGTH} characters`);
  }
  const format = value("format") ?? "html";
  return {
    q,
    format,
    categories: commaList(value("categories")).filter((c) => known.categories.has(c)),
    engines: commaList(value("engines")).filter((e) => known.engines.has(e)),
    language: readLanguage(value("language")),
    pageno: readPageno(value("pageno")),
    timeRange: readTimeRange(value("time_range")),
    safesearch: readSafesearch(value("safesearch")),
    timeoutLimit: readTimeoutLimit(value("timeout_limit")),
  };
}

/** Control characters would end up in upstream URLs and logs; they count as spaces. */
function cleanQuery(raw: string): string {
  // deno-lint-ignore no-control-regex
  return raw.replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, " ").trim();
}

function commaList(raw: string | undefined): string[] {
  if (raw === undefined) return [];
  const names = raw.split(",").map((name) => name.trim().toLowerCase()).filter(Boolean);
  return [...new Set(names)];
}

function invalid(name: string, raw: string): ParamError {
  const shown = raw.length > 100 ? `${raw.slice(0, 100)}…` : raw;
  return new ParamError(`Invalid value "${shown}" for parameter ${name}`);
}

function readLanguage(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  if (isLanguage(raw)) return raw;
  throw invalid("language", raw);
}

function readPageno(raw: string | undefined): number {
  if (raw === undefined) return 1;
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1) throw invalid("pageno", raw);
  return Number(raw);
}

function readTimeRange(raw: string | undefined): TimeRange | null {
  if (raw === undefined || raw === "None") return null;
  const range = TIME_RANGES.find((r) => r === raw);
  if (!range) throw invalid("time_range", raw);
  return range;
}

function readSafesearch(raw: string | undefined): SafeSearch | null {
  if (raw === undefined) return null;
  if (raw === "0" || raw === "1" || raw === "2") return Number(raw) as SafeSearch;
  throw invalid("safesearch", raw);
}

function readTimeoutLimit(raw: string | undefined): number | null {
  if (raw === undefined || raw === "None") return null;
  const seconds = /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : NaN;
  if (!(seconds > 0) || seconds > 600) throw invalid("timeout_limit", raw);
  return seconds;
}
