// Full-text search over the owner's diagrams. The diagram_search FTS5 table holds each diagram's
// name and the text inside it, kept in step with every write by the triggers of
// 0004_search_index.sql; here is what a search adds to a listing (listDiagrams in diagrams.ts runs
// it, with the listing's own filters and paging): the expression for what a person typed, the
// ranking, and where each row matched.
import type { Row } from "@libsql/client";
import { optionalText, text } from "./rows.ts";

/** Where a search matched: the name and a snippet of the text, the words between MARK_START/END. */
export interface SearchMatch {
  name: string;
  snippet: string;
}

export const MARK_START = "\u0002";
export const MARK_END = "\u0003";

/** Weights of the name and body columns in bm25: a hit in the name ranks far above one inside. */
const NAME_WEIGHT = 10;

/**
 * A search's SQL within a listing of `diagrams d`: the join, the condition (its one argument is
 * searchExpression's result), the columns searchMatch reads, and the order, best match first.
 */
export const SEARCH_SQL = {
  join: "JOIN diagram_search ON diagram_search.rowid = d.rowid",
  condition: "diagram_search MATCH ?",
  columns: `highlight(diagram_search, 0, '${MARK_START}', '${MARK_END}') AS match_name,
            snippet(diagram_search, 1, '${MARK_START}', '${MARK_END}', '…', 12) AS match_snippet`,
  order: `bm25(diagram_search, ${NAME_WEIGHT}, 1), d.updated_at DESC, d.rowid DESC`,
};

/**
 * The FTS5 expression for what a person typed: every word must appear, each as a prefix (so
 * "data" finds "Database" as you type). Words are runs of letters and digits, quoted, so no
 * character the person typed is read as FTS syntax. Empty when there is no word at all.
 */
export function searchExpression(query: string): string {
  const words = query.match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, 20).map((word) => `"${word}"*`).join(" ");
}

/** Where a row of a search matched. */
export function searchMatch(row: Row): SearchMatch {
  return { name: text(row, "match_name"), snippet: optionalText(row, "match_snippet") ?? "" };
}
