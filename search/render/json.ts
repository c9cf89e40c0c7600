// The JSON format of a search, as SearXNG answers format=json.
import type { SearchOutcome } from "../core/types.ts";

/**
 * SearXNG's JSON answer, keys in its order. `number_of_results` is always 0, as SearXNG sent it
 * for years: older clients still read the key.
 */
export function searchJson(outcome: SearchOutcome) {
  return {
    query: outcome.query,
    number_of_results: 0,
    results: outcome.results,
    answers: outcome.answers,
    corrections: outcome.corrections,
    infoboxes: outcome.infoboxes,
    suggestions: outcome.suggestions,
    unresponsive_engines: outcome.unresponsive_engines,
  };
}
