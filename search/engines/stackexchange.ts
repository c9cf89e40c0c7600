// Stack Exchange: the API's advanced search (api.stackexchange.com/2.3/search/advanced) on Stack
// Overflow, SearXNG's "stackoverflow" engine, by relevance. Each question is a web result: its
// page, its title (the API sends HTML entities), its tags, votes and answers, and when it was
// asked. Without a key the API allows 300 requests a day per address; an app key from settings
// (api_key, registered at stackapps.com) is sent as `key` and allows 10,000.
import { z } from "zod";
import {
  AccessDeniedError,
  emptyResults,
  type EngineContext,
  type EngineModule,
  ParseError,
  TooManyRequestsError,
  type UpstreamResponse,
  type WebResult,
} from "../core/engine.ts";
import { htmlToText } from "./toolkit/html.ts";
import { errorForStatus } from "./toolkit/http_status.ts";
import { parseJsonBody } from "./toolkit/json_body.ts";
import { httpUrl } from "../core/url.ts";
import { collapseWhitespace } from "../../shared/collapse_whitespace.ts";

const RESULTS_PER_PAGE = 10;
const SITE = "stackoverflow";
/** tokens: set while the API asked us to wait (its `backoff`, in seconds) before asking again. */
const BACKOFF_TOKEN = "backoff";
// The API's error ids (api.stackexchange.com/docs/error-handling).
const THROTTLE_VIOLATION = 502;
const REFUSALS = new Set([401, 402, 403, 405, 406]);

const questionSchema = z.object({
  link: z.string(),
  title: z.string(),
  tags: z.array(z.string()).catch([]),
  score: z.number().int().catch(0),
  answer_count: z.number().int().nonnegative().catch(0),
  accepted_answer_id: z.number().optional().catch(undefined),
  creation_date: z.number().nonnegative().max(8.64e12).optional().catch(undefined),
});

type Question = z.infer<typeof questionSchema>;

const answerSchema = z.object({
  items: z.array(z.unknown()),
  backoff: z.number().positive().max(86_400).optional().catch(undefined),
});

const errorSchema = z.object({
  error_id: z.number(),
  error_name: z.string().catch(""),
  error_message: z.string().catch(""),
});

/** The API's errors come as JSON with an error id, often under HTTP 400 whatever the cause. */
function checkAnswer(response: UpstreamResponse, body: unknown): void {
  const failure = errorSchema.safeParse(body);
  if (failure.success) {
    const { error_id: id, error_name: name, error_message: message } = failure.data;
    const detail = `${id} ${name}: ${message}`;
    if (id === THROTTLE_VIOLATION) throw new TooManyRequestsError(detail);
    if (REFUSALS.has(id) || (id === 400 && /\bkey\b/i.test(message))) {
      throw new AccessDeniedError(detail);
    }
    throw new ParseError(`Stack Exchange error ${detail}`);
  }
  const error = errorForStatus(response.status, response.headers, response.body);
  if (error) throw error;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

function resultOf(question: Question): WebResult | null {
  const url = httpUrl(question.link);
  const title = htmlToText(question.title);
  if (!url || !title) return null;
  const tags = question.tags.map((tag) => collapseWhitespace(tag)).filter((tag) => tag !== "");
  const answers = plural(question.answer_count, "answer") +
    (question.accepted_answer_id === undefined ? "" : ", one accepted");
  return {
    url,
    title,
    content: [tags.join(", "), plural(question.score, "vote"), answers]
      .filter((part) => part !== "").join(" · "),
    publishedDate: question.creation_date === undefined
      ? null
      : new Date(question.creation_date * 1000),
  };
}

function rememberBackoff(seconds: number | undefined, context: EngineContext): void {
  if (seconds !== undefined) context.tokens.set(BACKOFF_TOKEN, "1", seconds * 1000);
}

export const stackexchange: EngineModule = {
  id: "stackexchange",
  website: "https://stackoverflow.com/",
  defaultBaseUrl: "https://api.stackexchange.com",
  categories: ["it", "q&a"],
  paging: true,
  maxPage: 0,
  timeRange: false,
  safesearch: false,
  language: false,
  // Errors come as JSON (throttling among them) that must be read to be told apart.
  handlesHttpErrors: true,
  apiKeyIn: { param: "key" },

  request(query, context) {
    const q = collapseWhitespace(query.query);
    // The API asks for its backoff to be honoured; asking sooner risks a ban of the address.
    if (q === "" || context.tokens.get(BACKOFF_TOKEN)) return null;
    const params = new URLSearchParams({
      q,
      page: String(query.pageno),
      pagesize: String(RESULTS_PER_PAGE),
      site: SITE,
      order: "desc",
      sort: "relevance",
    });
    if (context.apiKey) params.set("key", context.apiKey);
    return { url: `${context.baseUrl}/2.3/search/advanced?${params}` };
  },

  parse(response, _query, context) {
    const body = parseJsonBody(response.body);
    checkAnswer(response, body);
    const answer = answerSchema.safeParse(body);
    if (!answer.success) throw new ParseError("not a Stack Exchange search answer");
    rememberBackoff(answer.data.backoff, context);
    const results = emptyResults();
    for (const item of answer.data.items) {
      const question = questionSchema.safeParse(item);
      const result = question.success ? resultOf(question.data) : null;
      if (result) results.results.push(result);
    }
    return results;
  },
};
