// Qwant: the JSON API behind www.qwant.com. It sits behind DataDome, whose bot wall answers 403
// with a JSON body pointing at a captcha; replaying the `datadome` cookie it sets is what lets the
// next request through (SearXNG PR #6405: the first request is expected to fail).
import { z } from "zod";
import {
  CaptchaError,
  emptyResults,
  type EngineContext,
  type EngineModule,
  type EngineResult,
  ParseError,
  TooManyRequestsError,
  type UpstreamRequest,
  type UpstreamResponse,
} from "../core/engine.ts";
import { htmlToText } from "./toolkit/html.ts";
import { errorForStatus } from "./toolkit/http_status.ts";
import { localeOf } from "./toolkit/region.ts";
import { httpUrl } from "../core/url.ts";
import { parseJsonBody } from "./toolkit/json_body.ts";

const RESULTS_PER_PAGE = 10;
const DATADOME_TTL_MS = 60 * 60 * 1000;
// Qwant's own rate limit answer ("too many requests from this IP").
const ERROR_TOO_MANY_REQUESTS = 24;

/**
 * Qwant's locales, the main country of each language first: a language with a country Qwant does
 * not serve (fr-LU) takes the first locale of its language.
 */
// deno-fmt-ignore
const LOCALES = [
  "en_US", "en_GB", "en_AU", "en_CA", "en_IE", "en_MY", "en_NZ",
  "fr_FR", "fr_BE", "fr_CA", "fr_CH", "fr_AD",
  "de_DE", "de_AT", "de_CH",
  "es_ES", "es_AR", "es_CL", "es_CO", "es_MX", "es_PE",
  "it_IT", "it_CH",
  "nl_NL", "nl_BE",
  "pt_PT", "pt_BR",
  "bg_BG", "ca_ES", "cs_CZ", "da_DK", "el_GR", "et_EE", "fi_FI", "he_IL", "hu_HU", "ja_JP",
  "ko_KR", "nb_NO", "pl_PL", "ro_RO", "ru_RU", "sv_SE", "th_TH", "zh_CN", "zh_HK",
];

/** `ll_CC` for Qwant; worldwide ("all") and languages Qwant does not serve are en_US. */
function qwantLocale(tag: string): string {
  const locale = localeOf(tag);
  if (!locale) return "en_US";
  const exact = `${locale.language}_${locale.country}`;
  if (LOCALES.includes(exact)) return exact;
  return LOCALES.find((candidate) => candidate.startsWith(`${locale.language}_`)) ?? "en_US";
}

function qwantHeaders(): Record<string, string> {
  return {
    Accept: "application/json",
    Referer: "https://www.qwant.com/",
    Origin: "https://www.qwant.com",
  };
}

function datadomeCookie(context: EngineContext): Record<string, string> {
  const datadome = context.tokens.get("datadome");
  return datadome ? { datadome } : {};
}

/** Keeps the DataDome cookie of any answer, error answers included: it unlocks the next request. */
function storeDatadome(response: UpstreamResponse, context: EngineContext): void {
  const value = response.headers.get("set-cookie")?.match(/(?:^|[,;]\s*)datadome=([^;,\s]+)/)?.[1];
  if (value) context.tokens.set("datadome", value, DATADOME_TTL_MS);
}

// DataDome's wall: `{"url": "https://geo.captcha-delivery.com/captcha/?initialCid=..."}`.
const datadomeWallSchema = z.object({ url: z.string() });

const errorSchema = z.object({
  status: z.string().refine((status) => status !== "success"),
  data: z.object({
    error_code: z.number().optional(),
    error_data: z.object({ captchaUrl: z.string().optional() }).optional(),
  }).optional(),
});

const itemSchema = z.object({
  title: z.string(),
  url: z.string(),
  desc: z.string().nullish(),
  // Unix seconds, 0 or null when Qwant has none; one beyond what a Date holds is no date.
  date: z.number().positive().max(8.64e12).nullish().catch(null),
  media: z.array(z.object({ pict: z.object({ url: z.string() }).optional() })).nullish(),
});

const rowsSchema = z.array(z.object({ type: z.string(), items: z.array(z.unknown()) }));
const webSchema = z.object({
  status: z.literal("success"),
  data: z.object({ result: z.object({ items: z.object({ mainline: rowsSchema }) }) }),
});
const newsSchema = z.object({
  status: z.literal("success"),
  data: z.object({ result: z.object({ items: z.array(z.unknown()) }) }),
});

const suggestSchema = z.object({
  status: z.literal("success"),
  data: z.object({ items: z.array(z.object({ value: z.string() })) }),
});

/** Throws the error a failed answer stands for; returns when the answer claims success. */
function checkAnswer(response: UpstreamResponse, answer: unknown): void {
  if (datadomeWallSchema.safeParse(answer).success) throw new CaptchaError("DataDome");
  const failure = errorSchema.safeParse(answer);
  if (failure.success) {
    const code = failure.data.data?.error_code;
    if (code === ERROR_TOO_MANY_REQUESTS) throw new TooManyRequestsError(`error code ${code}`);
    if (failure.data.data?.error_data?.captchaUrl) throw new CaptchaError(`error code ${code}`);
    throw new ParseError(`error code ${code ?? "missing"}`);
  }
  const error = errorForStatus(response.status, response.headers, response.body);
  if (error) throw error;
}

function toResult(raw: unknown): EngineResult | null {
  const item = itemSchema.safeParse(raw);
  if (!item.success) return null;
  const { title, url, desc, date, media } = item.data;
  const link = httpUrl(url);
  if (!link) return null;
  const result: EngineResult = {
    url: link,
    title: htmlToText(title),
    content: htmlToText(desc ?? ""),
  };
  if (date) result.publishedDate = new Date(date * 1000);
  const thumbnail = httpUrl(media?.[0]?.pict?.url);
  if (thumbnail) result.thumbnail = thumbnail;
  return result;
}

export const qwant: EngineModule = {
  id: "qwant",
  website: "https://www.qwant.com/",
  defaultBaseUrl: "https://api.qwant.com",
  categories: ["general", "news"],
  paging: true,
  maxPage: 5,
  timeRange: false,
  safesearch: true,
  language: true,
  // DataDome answers 403 with a JSON captcha pointer that must be told apart from a plain 403.
  handlesHttpErrors: true,

  request(query, context): UpstreamRequest {
    const vertical = query.category === "news" ? "news" : "web";
    const params = new URLSearchParams({
      q: query.query,
      count: String(RESULTS_PER_PAGE),
      locale: qwantLocale(query.language),
      offset: String((query.pageno - 1) * RESULTS_PER_PAGE),
      device: "desktop",
      safesearch: String(query.safesearch),
      tgp: "1",
      displayed: "true",
      llm: "false",
    });
    return {
      url: `${context.baseUrl}/v3/search/${vertical}?${params}`,
      headers: qwantHeaders(),
      cookies: datadomeCookie(context),
    };
  },

  parse(response, query, context) {
    storeDatadome(response, context);
    const answer = parseJsonBody(response.body);
    checkAnswer(response, answer);
    let items: unknown[];
    if (query.category === "news") {
      const news = newsSchema.safeParse(answer);
      if (!news.success) throw new ParseError("no news items");
      items = news.data.data.result.items;
    } else {
      const web = webSchema.safeParse(answer);
      if (!web.success) throw new ParseError("no mainline");
      items = web.data.data.result.items.mainline
        .filter((row) => row.type !== "ads")
        .flatMap((row) => row.items);
    }
    const results = emptyResults();
    for (const item of items) {
      const result = toResult(item);
      if (result) results.results.push(result);
    }
    return results;
  },

  autocomplete: {
    request(query, language, context) {
      const params = new URLSearchParams({ q: query, locale: qwantLocale(language) });
      return {
        url: `${context.baseUrl}/v3/suggest?${params}`,
        headers: qwantHeaders(),
        cookies: datadomeCookie(context),
      };
    },
    parse(response) {
      const answer = parseJsonBody(response.body);
      checkAnswer(response, answer);
      const suggestions = suggestSchema.safeParse(answer);
      if (!suggestions.success) throw new ParseError("not a suggestion list");
      return suggestions.data.data.items.map((item) => item.value);
    },
  },
};
