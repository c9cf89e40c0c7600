// Suggestion services answer in the OpenSearch suggestions format, `[query, [suggestion, …]]`;
// DuckDuckGo's older answer is a bare list of `{ phrase }` objects.
import { ParseError } from "../../core/engine.ts";
import { parseJsonBody } from "./json_body.ts";

/** The suggestions in `body`; throws ParseError for anything that is neither shape. */
export function parseSuggestions(body: string): string[] {
  const data = parseJsonBody(body);
  if (data === undefined) throw new ParseError("suggestions are not JSON");
  if (!Array.isArray(data)) throw new ParseError("suggestions are not a list");
  const [query, suggestions] = data;
  if (typeof query === "string" && Array.isArray(suggestions)) {
    return suggestions.filter((item): item is string => typeof item === "string");
  }
  if (data.every(isPhrase)) return data.map((item) => item.phrase);
  throw new ParseError("unexpected suggestions shape");
}

function isPhrase(item: unknown): item is { phrase: string } {
  return typeof item === "object" && item !== null &&
    typeof (item as { phrase?: unknown }).phrase === "string";
}
