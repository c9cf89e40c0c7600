// searxng_web_search: mcp-searxng's tool of the same name and parameters, over the engine's JSON
// API. Search answers are cached by their engine parameters, so asking again for fewer results or
// another format costs no engine call.
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { toolSchema } from "../../runtime/mcp/tool_schema.ts";
// Fields are squashed to one line: a newline inside a snippet would read as a new field.
import { collapseWhitespace as line } from "../../shared/collapse_whitespace.ts";
import type { TtlCache } from "../../shared/ttl_cache.ts";
import type { EngineClient, EngineSearchParams, EngineSearchResponse } from "../engine_client.ts";
import { countArgument, languageArgument, nameListArgument } from "./input.ts";
import { errorResult, structuredResult } from "../../runtime/mcp/results.ts";
import { failureResult } from "./results.ts";
import { kindLines, kindOutput, kindOutputShape, labelledLines } from "./result_kinds.ts";
import {
  approximateAge,
  approximateCalendarDate,
  DATE_UNITS,
} from "../../shared/approximate_date.ts";

/** searxng_web_search's arguments (mcp-searxng's, and more). */
export const inputSchema = z.object({
  query: z.string().trim().min(1, "query must not be empty").max(2000)
    .describe("The search query, sent to the engine as q. The argument must be named query."),
  pageno: countArgument(1, 100).describe("Result page, starting at 1."),
  time_range: z.enum(["day", "week", "month", "year"]).nullish()
    .describe("Only results from the last day, week, month or year."),
  language: languageArgument.describe('Language code such as "en" or "de"; "all" for any.'),
  safesearch: z.union([z.enum(["0", "1", "2"]), z.literal(0), z.literal(1), z.literal(2)])
    .nullish().describe("0 off, 1 moderate, 2 strict; the engine's default when omitted."),
  categories: nameListArgument.describe(
    'Comma-separated categories, e.g. "images", "videos", "science", "it" or "general,news"; ' +
      "searxng_instance_info lists the engine's categories.",
  ),
  engines: nameListArgument.describe('Comma-separated engine names, e.g. "wikipedia,brave".'),
  num_results: countArgument(1, 20).describe("Return at most this many results (1-20)."),
  min_score: z.coerce.number().min(0).nullish()
    .describe("Drop results whose relevance score is below this."),
  response_format: z.enum(["text", "json"]).nullish()
    .describe("text (default) for reading, json for the structured answer."),
  result_detail: z.enum(["compact", "full"]).nullish()
    .describe("compact gives title, url and content only; full (default) adds the rest."),
});

const resultOutput = z.object({
  title: z.string(),
  url: z.string(),
  content: z.string(),
  engines: z.array(z.string()).optional(),
  score: z.number().optional(),
  category: z.string().optional(),
  publishedDate: z.string().optional(),
  publishedDatePrecision: z.enum(DATE_UNITS).optional()
    .describe(
      'Set when publishedDate was counted back from "2 years ago": no more precise than this unit.',
    ),
  thumbnail: z.string().optional(),
  img_src: z.string().optional(),
  ...kindOutputShape,
});

/** searxng_web_search's structured answer: answers first, then the results. */
export const outputSchema = z.object({
  query: z.string(),
  // Before the results: a direct answer (a calculation, a conversion, the time somewhere) is what
  // an agent should read first.
  answers: z.array(z.string()).optional(),
  results: z.array(resultOutput),
  number_of_results: z.number().optional(),
  corrections: z.array(z.string()).optional(),
  suggestions: z.array(z.string()).optional(),
  infoboxes: z.array(z.object({ infobox: z.string(), content: z.string() })).optional(),
  unresponsive_engines: z.array(z.object({ engine: z.string(), reason: z.string() })).optional(),
  cached: z.boolean().optional(),
});

/** The arguments as validated. */
export type WebSearchInput = z.output<typeof inputSchema>;
/** The structured answer. */
export type WebSearchOutput = z.infer<typeof outputSchema>;

/** The engine and the cache of search answers. */
export interface WebSearchDeps {
  engine: EngineClient;
  cache: TtlCache<EngineSearchResponse>;
  cacheTtlMs: number;
}

const publishedInput = toolSchema(inputSchema);
// shapeOutput builds it (typed as the schema's output), so the SDK need not parse it on each call.
const publishedOutput = toolSchema(outputSchema, { checkedPerCall: false });

/** Registers searxng_web_search. */
export function registerWebSearch(server: McpServer, deps: WebSearchDeps): void {
  server.registerTool("searxng_web_search", {
    title: "Web search",
    description:
      "Search the web through the SearXNG-compatible engine. Returns title, URL and snippet for " +
      "each result, plus direct answers, spelling corrections and suggestions when the engine " +
      'has them. Direct answers come first: the engine works out "2^10*3", "10 km to miles", ' +
      '"sha256 <text>" and "time in Tokyo" itself. Use pageno for more results, time_range and ' +
      "language to narrow them, and web_url_read to read a result in full. categories chooses " +
      "what is searched: images " +
      "(each with its image URL, size and source), videos (length, author), science (papers " +
      "with authors, journal, DOI and PDF), it (packages with version and links), news.",
    inputSchema: publishedInput,
    outputSchema: publishedOutput,
    annotations: { readOnlyHint: true, openWorldHint: true },
  }, async (input: WebSearchInput, ctx) => {
    try {
      const params = engineParams(input);
      const key = JSON.stringify(params);
      let answer = deps.cache.get(key);
      const cached = answer !== undefined;
      if (!answer) {
        answer = await deps.engine.search(params, ctx.mcpReq.signal);
        if (answer.results.length > 0 && !answersOfTheMoment(answer)) {
          deps.cache.set(key, answer, deps.cacheTtlMs);
        }
      }
      const answered = answer.answers.length > 0;
      // Nothing found because engines failed is not an empty success: the agent should know. A
      // direct answer (which needs no engine) is still an answer.
      if (answer.results.length === 0 && !answered && answer.unresponsive_engines.length > 0) {
        return errorResult(enginesFailedText(input.query, answer.unresponsive_engines));
      }
      const output = shapeOutput(answer, input, cached);
      const text = input.response_format === "json"
        ? JSON.stringify(output)
        : output.results.length === 0 && !answered
        ? noResultsText(input.query, output)
        : renderText(output, input.result_detail === "compact");
      return structuredResult(text, output);
    } catch (error) {
      return failureResult("searxng_web_search", error, ctx.mcpReq.signal);
    }
  });
}

/**
 * The plugins whose answer holds only at the moment of asking (the time somewhere, a random
 * value): a search that carries one is not reused from the cache.
 */
const MOMENTARY_ANSWERS = new Set(["time_zone", "random"]);

function answersOfTheMoment(answer: EngineSearchResponse): boolean {
  return answer.answers.some((item) => item.engine && MOMENTARY_ANSWERS.has(item.engine));
}

function engineParams(input: WebSearchInput): EngineSearchParams {
  return {
    query: input.query,
    pageno: input.pageno ?? 1,
    time_range: input.time_range ?? undefined,
    language: input.language || undefined,
    safesearch: input.safesearch == null ? undefined : String(input.safesearch),
    categories: input.categories || undefined,
    engines: input.engines || undefined,
  };
}

/** The engine's answer cut to what was asked: score floor, result count and detail. */
export function shapeOutput(
  answer: EngineSearchResponse,
  input: Pick<WebSearchInput, "query" | "min_score" | "num_results" | "result_detail">,
  cached: boolean,
): WebSearchOutput {
  const floor = input.min_score ?? undefined;
  let results = floor === undefined
    ? answer.results
    : answer.results.filter((result) => (result.score ?? 0) >= floor);
  if (input.num_results) results = results.slice(0, input.num_results);
  const answers = answer.answers.map((item) => item.answer);
  if (input.result_detail === "compact") {
    return {
      query: input.query,
      ...(answers.length ? { answers } : {}),
      results: results.map(({ title, url, content }) => ({ title, url, content })),
    };
  }
  return {
    query: answer.query || input.query,
    answers,
    number_of_results: answer.number_of_results,
    results: results.map((result) => ({
      title: result.title,
      url: result.url,
      content: result.content,
      ...(result.engines?.length ? { engines: result.engines } : {}),
      ...(result.score === undefined ? {} : { score: result.score }),
      ...(result.category ? { category: result.category } : {}),
      ...(result.publishedDate
        ? {
          publishedDate: result.publishedDate,
          ...(result.publishedDatePrecision
            ? { publishedDatePrecision: result.publishedDatePrecision }
            : {}),
        }
        : {}),
      ...(result.thumbnail ? { thumbnail: result.thumbnail } : {}),
      ...(result.img_src ? { img_src: result.img_src } : {}),
      ...kindOutput(result),
    })),
    corrections: answer.corrections,
    suggestions: answer.suggestions,
    infoboxes: answer.infoboxes.map((box) => ({
      infobox: box.infobox,
      content: box.content ?? "",
    })),
    unresponsive_engines: answer.unresponsive_engines.map(([engine, reason]) => ({
      engine,
      reason,
    })),
    ...(cached ? { cached } : {}),
  };
}

/**
 * The answer as text: the preamble (direct answers first), then one block of "Label: value" lines
 * per result. `now` dates the age of a date counted back from "2 years ago" ("about 2 years ago").
 * Written as one list of pieces joined once: a search answer has some two hundred fields, and each
 * line, block and join built on the way was another copy of the text.
 */
export function renderText(output: WebSearchOutput, compact: boolean, now = new Date()): string {
  const pieces: string[] = [];
  const answers = labelledLines((output.answers ?? []).map((answer) => ["Direct answer", answer]));
  const preamble = compact ? (answers.length ? [answers.join("\n")] : []) : [
    ...answers,
    ...(output.corrections ?? []).map(line).filter(Boolean).map((word) =>
      `Spelling correction: did you mean "${word}"?`
    ),
    ...suggestionsLine(output),
    ...labelledLines(
      (output.infoboxes ?? []).map((box) => [
        "Infobox",
        [box.infobox, box.content].map((part) => line(part ?? "")).filter(Boolean).join(" — "),
      ]),
    ),
    ...unresponsiveLine(output),
  ];
  for (const paragraph of preamble) pieces.push(pieces.length ? "\n\n" : "", paragraph);
  if (pieces.length > 0 && !compact && output.results.length > 0) pieces.push("\n\n---");
  for (const result of output.results) {
    const before = pieces.length;
    if (before > 0) pieces.push("\n\n");
    // A compact answer leaves out a result without title, snippet and address altogether.
    if (!writeResult(pieces, result, compact, now) && compact) pieces.length = before;
  }
  return pieces.join("");
}

/**
 * One result's lines; an image's snippet is usually empty, so its block starts Title, URL. False
 * when it had no line to write.
 */
function writeResult(
  pieces: string[],
  result: WebSearchOutput["results"][number],
  compact: boolean,
  now: Date,
): boolean {
  let first = true;
  const field = (label: string, value: string | undefined) => {
    const text = value ? line(value) : "";
    if (!text) return;
    pieces.push(first ? "" : "\n", label, ": ", text);
    first = false;
  };
  field("Title", result.title);
  field("Description", result.content);
  field("URL", result.url);
  if (compact) return !first;
  for (const kindLine of kindLines(result)) {
    pieces.push(first ? "" : "\n", kindLine);
    first = false;
  }
  field("Relevance Score", result.score?.toFixed(3));
  field("Engines", result.engines?.join(", "));
  field("Category", result.category);
  field("Published Date", publishedText(result, now));
  field("Thumbnail", result.thumbnail);
  // An image's own file is its Image URL line already.
  field("Image Source", result.template === "images.html" ? undefined : result.img_src);
  return !first;
}

/**
 * The date as the engine sent it; one counted back from "2 years ago" as its age and the calendar
 * only as far as its unit goes ("about 2 years ago (around 2024)"), never as an exact timestamp.
 */
function publishedText(result: WebSearchOutput["results"][number], now: Date): string | undefined {
  const unit = result.publishedDatePrecision;
  const date = result.publishedDate ? new Date(result.publishedDate) : null;
  if (!unit || !date || Number.isNaN(date.getTime())) return result.publishedDate;
  return `${approximateAge(date, unit, now)} (around ${approximateCalendarDate(date, unit)})`;
}

function suggestionsLine(output: WebSearchOutput): string[] {
  return labelledLines([[
    "Suggestions",
    (output.suggestions ?? []).map(line).filter(Boolean).join(", "),
  ]]);
}

function unresponsiveLine(output: WebSearchOutput): string[] {
  const engines = output.unresponsive_engines ?? [];
  if (engines.length === 0) return [];
  return [
    `Unresponsive engines: ${engines.map((e) => `${e.engine} (${line(e.reason)})`).join(", ")}`,
  ];
}

function enginesFailedText(
  query: string,
  engines: EngineSearchResponse["unresponsive_engines"],
): string {
  const reasons = engines.map(([engine, reason]) => `${engine} (${line(String(reason))})`);
  return `No results for "${line(query)}" because the search engines failed: ` +
    `${reasons.join(", ")}. This is not about the query; retry in a minute, or name other ` +
    "engines with the engines argument.";
}

function noResultsText(query: string, output: WebSearchOutput): string {
  return [
    `No results found for "${line(query)}". Try different search terms or check if SearXNG ` +
    "search engines are working.",
    ...unresponsiveLine(output),
    ...suggestionsLine(output),
  ].join("\n\n");
}
