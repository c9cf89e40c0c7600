// MDN Web Docs: the site's own search API (developer.mozilla.org/api/v1/search), as SearXNG's
// "mdn" entry reads it: each document's page, title and summary, in the query's language where
// MDN is translated into it (else English), and MDN's spelling suggestions.
import { z } from "zod";
import { emptyResults, type EngineModule, ParseError, type WebResult } from "../core/engine.ts";
import { errorForStatus } from "./toolkit/http_status.ts";
import { parseJsonBody } from "./toolkit/json_body.ts";
import { localeOf } from "./toolkit/region.ts";
import { collapseWhitespace } from "../../shared/collapse_whitespace.ts";

/** Where the documents live, whatever `base_url` the API is asked at. */
const SITE = "https://developer.mozilla.org";

const documentSchema = z.object({
  mdn_url: z.string().startsWith("/"),
  title: z.string(),
  summary: z.string().nullish().catch(null),
});

const answerSchema = z.object({
  documents: z.array(z.unknown()),
  suggestions: z.array(z.object({ text: z.string() })).catch([]),
});

/** MDN's translations: a query's language picks one, anything else reads the English docs. */
export function mdnLocale(language: string): string {
  const locale = localeOf(language);
  switch (locale?.language) {
    case "de":
    case "es":
    case "fr":
    case "ja":
    case "ko":
    case "ru":
      return locale.language;
    case "pt":
      return "pt-BR";
    case "zh":
      return ["TW", "HK", "MO"].includes(locale.country ?? "") ? "zh-TW" : "zh-CN";
    default:
      return "en-US";
  }
}

function resultOf(item: unknown): WebResult | null {
  const document = documentSchema.safeParse(item);
  if (!document.success) return null;
  const url = URL.parse(document.data.mdn_url, SITE);
  const title = collapseWhitespace(document.data.title);
  if (!url || url.origin !== SITE || !title) return null;
  // Titles and summaries are plain text: "<map>" is the element's name, not markup.
  return { url: url.href, title, content: collapseWhitespace(document.data.summary ?? "") };
}

export const mdn: EngineModule = {
  id: "mdn",
  website: "https://developer.mozilla.org/",
  defaultBaseUrl: SITE,
  categories: ["it"],
  paging: true,
  maxPage: 0,
  timeRange: false,
  safesearch: false,
  language: true,

  request(query, context) {
    const q = collapseWhitespace(query.query);
    if (q === "") return null;
    const params = new URLSearchParams({
      q,
      locale: mdnLocale(query.language),
      page: String(query.pageno),
    });
    return {
      url: `${context.baseUrl}/api/v1/search?${params}`,
      headers: { Accept: "application/json" },
    };
  },

  parse(response) {
    const error = errorForStatus(response.status, response.headers, response.body);
    if (error) throw error;
    const answer = answerSchema.safeParse(parseJsonBody(response.body));
    if (!answer.success) throw new ParseError("not an MDN search answer");
    const results = emptyResults();
    for (const item of answer.data.documents) {
      const result = resultOf(item);
      if (result) results.results.push(result);
    }
    results.suggestions = answer.data.suggestions.map((suggestion) =>
      collapseWhitespace(suggestion.text)
    ).filter((text) => text !== "");
    return results;
  },
};
