// Reading a JSON API's answer into results: the body parsed, the answer and each entry validated.
import type { z } from "zod";
import {
  emptyResults,
  type EngineResult,
  type EngineResults,
  ParseError,
} from "../../core/engine.ts";

/** The JSON value of an upstream body, or undefined when it is not JSON (a block page, a cut body). */
export function parseJsonBody(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/**
 * The results of an API answer that is a list of entries: `body` must match `answer` (else a
 * ParseError with `notAnAnswer`); each entry of `entries(answer)` that `entry` accepts becomes a
 * result through `toResult`. An entry that does not fit is skipped: one odd entry does not cost
 * the page its other results.
 */
export function resultsOfJsonList<A, E>(
  body: string,
  answer: z.ZodType<A>,
  entries: (answer: A) => unknown[],
  entry: z.ZodType<E>,
  toResult: (entry: E) => EngineResult | null,
  notAnAnswer: string,
): EngineResults {
  const parsed = answer.safeParse(parseJsonBody(body));
  if (!parsed.success) throw new ParseError(notAnAnswer);
  const results = emptyResults();
  for (const value of entries(parsed.data)) {
    const checked = entry.safeParse(value);
    const result = checked.success ? toResult(checked.data) : null;
    if (result) results.results.push(result);
  }
  return results;
}
