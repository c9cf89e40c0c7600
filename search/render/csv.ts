// SearXNG's `format=csv`: one table of results, answers, suggestions, corrections and the engines
// that failed (with the reason in the title column), typed by the last column, written so that a
// spreadsheet shows upstream text instead of running it. Results of every kind are rows of the same
// seven columns, as SearXNG writes them: an image, a video, a paper or a package is its title, its
// page, its snippet, the page's host, the first engine and the score (its own fields are in the
// JSON and, where RSS has a place for them, in the feed).
import type { SearchOutcome } from "../core/types.ts";

const HEADER = ["title", "url", "content", "host", "engine", "score", "type"];

export function renderCsv(outcome: SearchOutcome): string {
  const rows: string[][] = [HEADER];
  for (const result of outcome.results) {
    // `engine` is the first engine only, as SearXNG writes it; `host` the page's host.
    rows.push([
      result.title,
      result.url,
      result.content,
      result.parsed_url[1],
      result.engine,
      pythonFloat(result.score),
      "result",
    ]);
  }
  for (const answer of outcome.answers) {
    rows.push([
      answer.answer,
      answer.url ?? "",
      "",
      answer.parsed_url?.[1] ?? "",
      answer.engine,
      "",
      "answer",
    ]);
  }
  for (const suggestion of outcome.suggestions) rows.push(titleOnly(suggestion, "suggestion"));
  for (const correction of outcome.corrections) rows.push(titleOnly(correction, "correction"));
  // Engines that failed, typed like every other row: a spreadsheet shows why a table is short.
  for (const [engine, reason] of outcome.unresponsive_engines) {
    rows.push([reason, "", "", "", engine, "", "unresponsive_engine"]);
  }
  return rows.map((row) => row.map(csvField).join(",") + "\r\n").join("");
}

/** `searx_-_<query>.csv`, reduced to characters that are safe in a Content-Disposition header. */
export function csvFileName(query: string): string {
  const safe = query.replace(/\s/g, "_").replace(/[^A-Za-z0-9_-]/g, "").slice(0, 100);
  return `searx_-_${safe}.csv`;
}

function titleOnly(title: string, type: string): string[] {
  return [title, "", "", "", "", "", type];
}

/** Python prints whole floats as `12.0`; SearXNG's CSV shows scores that way. */
function pythonFloat(value: number): string {
  return Number.isInteger(value) ? value.toFixed(1) : String(value);
}

// Spreadsheets run cells starting with these as formulas (OWASP "CSV injection"); upstream titles
// and snippets are written by whoever runs the page, so they are defused with a leading quote.
const FORMULA_START = /^[=+\-@\t\r]/;

/** One RFC 4180 field: quoted only when it holds a separator, a quote or a line break. */
function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
