// arXiv: the query API (export.arxiv.org/api/query), an Atom feed of preprints. Each entry gives
// its abstract page, title, abstract, authors, first-version date, and when known the DOI and
// journal reference of the published version and a link to the PDF.
import {
  emptyResults,
  type EngineModule,
  type EngineResults,
  type PaperResult,
  ParseError,
} from "../core/engine.ts";
import { isoDate } from "./toolkit/api_fields.ts";
import { errorForStatus } from "./toolkit/http_status.ts";
import {
  childElements,
  localName,
  parseXml,
  xmlAttribute,
  type XmlElement,
  xmlText,
} from "./toolkit/xml.ts";
import { httpUrl } from "../core/url.ts";

const RESULTS_PER_PAGE = 10;
// The API's own entry for a query it cannot run ("malformed id", a bad parameter).
const API_ERROR_ID = "arxiv.org/api/errors";
// A term the user already scoped to a field (`au:einstein`, `ti:"dark matter"`) or an operator.
const FIELD_TERM = /^[a-z_]+:/;
const OPERATORS = new Set(["AND", "OR", "ANDNOT"]);

/**
 * arXiv's search_query: each word or "quoted phrase" searched in all fields and all of them
 * required (a field prefix scopes one term only, so `all:quantum error` would leave "error" to the
 * API's default field). Terms with their own field and the API's operators pass as typed.
 */
export function arxivSearchQuery(query: string): string {
  const terms = query.match(/"[^"]*"|[^\s"]+/g) ?? [];
  const parts: string[] = [];
  let operatorBefore = true;
  for (const term of terms) {
    if (OPERATORS.has(term)) {
      if (!operatorBefore) parts.push(term);
      operatorBefore = true;
      continue;
    }
    if (!operatorBefore) parts.push("AND");
    parts.push(FIELD_TERM.test(term) ? term : `all:${term}`);
    operatorBefore = false;
  }
  if (operatorBefore) parts.pop();
  return parts.join(" ");
}

/** arXiv still writes http:// links to its own pages, which all answer over https. */
function arxivLink(value: string | undefined): string | null {
  const url = httpUrl(value);
  if (!url) return null;
  return url.startsWith("http://arxiv.org/") ? `https://${url.slice("http://".length)}` : url;
}

function linkHref(entry: XmlElement, test: (link: XmlElement) => boolean): string | undefined {
  return xmlAttribute(childElements(entry, "link").find(test) ?? null, "href");
}

function paper(entry: XmlElement): PaperResult | null {
  const id = xmlText(childElements(entry, "id")[0]);
  const abstractPage = linkHref(
    entry,
    (link) =>
      xmlAttribute(link, "rel") === "alternate" && xmlAttribute(link, "type") !== "application/pdf",
  );
  const url = arxivLink(abstractPage ?? id);
  const title = xmlText(childElements(entry, "title")[0]);
  if (!url || !title) return null;
  const text = (name: string) => xmlText(childElements(entry, name)[0]) || null;
  return {
    template: "paper.html",
    url,
    title,
    content: xmlText(childElements(entry, "summary")[0]),
    publishedDate: isoDate(text("published")),
    authors: childElements(entry, "author").map((author) =>
      xmlText(childElements(author, "name")[0])
    ).filter((name) => name !== ""),
    journal: text("journal_ref"),
    doi: text("doi"),
    pdf_url: arxivLink(linkHref(entry, (link) => xmlAttribute(link, "title") === "pdf")),
    type: "preprint",
  };
}

export const arxiv: EngineModule = {
  id: "arxiv",
  website: "https://arxiv.org/",
  defaultBaseUrl: "https://export.arxiv.org",
  categories: ["science", "scientific publications"],
  paging: true,
  maxPage: 0,
  timeRange: false,
  safesearch: false,
  language: false,

  request(query, context) {
    const searchQuery = arxivSearchQuery(query.query);
    if (searchQuery === "") return null;
    const params = new URLSearchParams({
      search_query: searchQuery,
      start: String((query.pageno - 1) * RESULTS_PER_PAGE),
      max_results: String(RESULTS_PER_PAGE),
    });
    return {
      url: `${context.baseUrl}/api/query?${params}`,
      headers: { Accept: "application/atom+xml" },
    };
  },

  parse(response) {
    const error = errorForStatus(response.status, response.headers, response.body);
    if (error) throw error;
    const feed = parseXml(response.body);
    if (!feed || localName(feed) !== "feed") throw new ParseError("not an Atom feed");
    const results: EngineResults = emptyResults();
    for (const entry of childElements(feed, "entry")) {
      if (xmlText(childElements(entry, "id")[0]).includes(API_ERROR_ID)) {
        throw new ParseError(`arXiv API error: ${xmlText(childElements(entry, "summary")[0])}`);
      }
      const result = paper(entry);
      if (result) results.results.push(result);
    }
    return results;
  },
};
