// One result of the engine's JSON answer, read into the fields search_mcp keeps. Each field is
// read by its kind (a text, a text some engines send as a number, a list of texts, a video's
// length); a field of the wrong type is dropped rather than failing the answer, since engines
// differ. Plain objects keep only the fields named: an engine's extra fields (parsed_url,
// positions…) are neither copied on every answer nor kept in the search cache. Besides the fields
// every client reads, the template (SearXNG's result kind) and each kind's own fields are kept, so
// an agent learns what an image shows and where, a video's length, a paper's authors and DOI, a
// package's version and links.
//
// Written as a table of small readers rather than a zod object of `.catch()`ed fields: with 35
// fields on each of ten results that object allocated about 150 KB per search, which made the
// garbage collector search_mcp's largest cost under load. The answer around the results is still
// read by zod (engine_client.ts).
import { DATE_UNITS, type DateUnit } from "../shared/approximate_date.ts";

/** One engine result with the fields search_mcp keeps. */
export interface EngineSearchResult {
  url: string;
  title: string;
  content: string;
  engines?: string[];
  score?: number;
  category?: string;
  publishedDate?: string;
  /** Our engine's mark on a date counted back from "2 years ago" (SearXNG sends none). */
  publishedDatePrecision?: DateUnit;
  thumbnail?: string;
  img_src?: string;
  template?: string;
  // images.html
  thumbnail_src?: string;
  resolution?: string;
  img_format?: string;
  source?: string;
  filesize?: string;
  // videos.html
  iframe_src?: string;
  length?: string;
  author?: string;
  // paper.html
  authors?: string[];
  journal?: string;
  publisher?: string;
  doi?: string;
  pdf_url?: string;
  type?: string;
  volume?: string;
  pages?: string;
  // packages.html
  package_name?: string;
  version?: string;
  maintainer?: string;
  homepage?: string;
  source_code_url?: string;
  tags?: string[];
  popularity?: string;
  license_name?: string;
}

type Reader = (value: unknown) => unknown;

const text: Reader = (value) => typeof value === "string" ? value : undefined;

/** A text field some engines send as a number (SearXNG's popularity, filesize). */
const looseText: Reader = (value) =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : undefined;

/** A list of texts (a paper's authors, a package's tags); one text alone is a list of one. */
const textList: Reader = (value) => {
  if (typeof value === "string") return [value];
  if (!Array.isArray(value)) return undefined;
  return value.filter((item): item is string => typeof item === "string");
};

const stringList: Reader = (value) =>
  Array.isArray(value) && value.every((item) => typeof item === "string") ? value : undefined;

const finiteNumber: Reader = (value) => typeof value === "number" ? value : undefined;

const dateUnit: Reader = (value) =>
  (DATE_UNITS as readonly unknown[]).includes(value) ? value : undefined;

/**
 * A video's length: SearXNG writes the seconds as a number (a timedelta), our engine and some of
 * SearXNG's engines "12:34"; either reads as "12:34" or "1:02:03", other texts as they are.
 */
const videoLength: Reader = (value) => {
  if (typeof value !== "string" && typeof value !== "number") return undefined;
  if (value === "") return undefined;
  const total = typeof value === "number"
    ? value
    : /^\d+(\.\d+)?$/.test(value)
    ? Number(value)
    : NaN;
  if (Number.isNaN(total)) return value;
  const whole = Math.round(total);
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor(whole / 60) % 60, whole % 60];
  const pad = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
};

/** The optional fields and how each is read; url, title and content are read before them. */
const OPTIONAL_FIELDS: [keyof EngineSearchResult, Reader][] = [
  ["engines", stringList],
  ["score", finiteNumber],
  ["category", text],
  ["publishedDate", text],
  ["publishedDatePrecision", dateUnit],
  ["thumbnail", text],
  ["img_src", text],
  ["template", text],
  ["thumbnail_src", text],
  ["resolution", looseText],
  ["img_format", text],
  ["source", text],
  ["filesize", looseText],
  ["iframe_src", text],
  ["length", videoLength],
  ["author", text],
  ["authors", textList],
  ["journal", text],
  ["publisher", text],
  ["doi", text],
  ["pdf_url", text],
  ["type", text],
  ["volume", looseText],
  ["pages", looseText],
  ["package_name", text],
  ["version", looseText],
  ["maintainer", text],
  ["homepage", text],
  ["source_code_url", text],
  ["tags", textList],
  ["popularity", looseText],
  ["license_name", text],
];

/** Whether `value` can be read as a result: an object with a url. */
export function isEngineResult(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null &&
    typeof (value as { url?: unknown }).url === "string";
}

/** The fields search_mcp keeps of one result; those the engine sent in another type are dropped. */
export function readEngineResult(raw: Record<string, unknown>): EngineSearchResult {
  const result: Record<string, unknown> = {
    url: raw.url,
    title: text(raw.title) ?? "",
    content: text(raw.content) ?? "",
  };
  for (const [field, read] of OPTIONAL_FIELDS) {
    const value = raw[field];
    if (value === undefined || value === null) continue;
    const kept = read(value);
    if (kept !== undefined) result[field] = kept;
  }
  return result as unknown as EngineSearchResult;
}
