// The `statistics` answerer (SearXNG's, always on): "min|max|avg|sum|prod <numbers>".
import type { AnswerContext } from "./answerer.ts";
import { formatNumber, numberStyle, parseNumber } from "./numbers.ts";

const FUNCTIONS: Record<string, (values: number[]) => number> = {
  min: (values) => Math.min(...values),
  max: (values) => Math.max(...values),
  avg: (values) => values.reduce((sum, value) => sum + value, 0) / values.length,
  sum: (values) => values.reduce((sum, value) => sum + value, 0),
  prod: (values) => values.reduce((product, value) => product * value, 1),
};

/** More numbers than a person types; also keeps Math.min's argument list small. */
const MAX_NUMBERS = 500;

export function statistics(query: string, context: AnswerContext): string | null {
  const [keyword, ...words] = query.trim().split(" ");
  const fn = keyword.toLowerCase();
  if (!Object.hasOwn(FUNCTIONS, fn) || words.length === 0 || words.length > MAX_NUMBERS) {
    return null;
  }
  const style = numberStyle(context.language);
  const values: number[] = [];
  for (const word of words) {
    const value = parseNumber(word, style);
    if (value === null) return null;
    values.push(value);
  }
  return formatNumber(FUNCTIONS[fn](values), style);
}
