// Crossref: the REST API's works search (api.crossref.org/works?query=...), the DOI registry's
// own metadata: DOI, title, journal (container title), publisher, authors, type, publication
// date, volume, pages and, where the publisher deposited one, the abstract. No contact address is
// sent (Crossref's "polite pool" wants a real one); a Metadata Plus key from settings is sent as
// Crossref asks, in the Crossref-Plus-API-Token header.
import { z } from "zod";
import { AccessDeniedError, type EngineModule, type PaperResult } from "../core/engine.ts";
import { dateFromParts } from "./toolkit/api_fields.ts";
import { htmlToText } from "./toolkit/html.ts";
import { errorForStatus } from "./toolkit/http_status.ts";
import { resultsOfJsonList } from "./toolkit/json_body.ts";
import { httpUrl } from "../core/url.ts";
import { collapseWhitespace } from "../../shared/collapse_whitespace.ts";

const RESULTS_PER_PAGE = 10;
// Abstracts are JATS markup that often opens with a heading saying "Abstract".
const JATS_TITLE = /<jats:title>[^<]*<\/jats:title>/g;

const texts = z.array(z.string()).optional().catch(undefined);
const text = z.string().optional().catch(undefined);

const dateSchema = z.object({
  "date-parts": z.array(z.array(z.number().nullable())),
}).optional().catch(undefined);

const workSchema = z.object({
  DOI: z.string(),
  URL: text,
  type: text,
  title: texts,
  subtitle: texts,
  "container-title": texts,
  publisher: text,
  volume: text,
  page: text,
  abstract: text,
  author: z.array(z.object({ given: text, family: text, name: text })).optional()
    .catch(undefined),
  published: dateSchema,
  issued: dateSchema,
  resource: z.object({ primary: z.object({ URL: z.string() }) }).optional().catch(undefined),
});

type Work = z.infer<typeof workSchema>;

const answerSchema = z.object({
  status: z.literal("ok"),
  message: z.object({ items: z.array(z.unknown()) }),
});

function dateOf(date: Work["published"]): Date | null {
  const [year, month, day] = date?.["date-parts"][0] ?? [];
  return year ? dateFromParts(year, month ?? 1, day ?? 1) : null;
}

function paper(work: Work): PaperResult | null {
  // Files deposited beside a paper (figures, supplements): not what anyone searches for.
  if (work.type === "component") return null;
  const title = collapseWhitespace(work.title?.[0] ?? "");
  const container = collapseWhitespace(work["container-title"]?.[0] ?? "");
  const subtitle = collapseWhitespace(work.subtitle?.[0] ?? "");
  // A chapter is known by its book: "Book (Chapter)", as SearXNG shows it.
  const shownTitle = work.type === "book-chapter" && container
    ? (title && title.toLowerCase() !== container.toLowerCase()
      ? `${container} (${title})`
      : container)
    : subtitle
    ? `${title || container}: ${subtitle}`
    : title || container;
  const url = httpUrl(work.resource?.primary.URL) ?? httpUrl(work.URL) ??
    `https://doi.org/${work.DOI}`;
  if (!shownTitle) return null;
  return {
    template: "paper.html",
    url,
    title: shownTitle,
    content: work.abstract ? htmlToText(work.abstract.replace(JATS_TITLE, " ")) : "",
    publishedDate: dateOf(work.published) ?? dateOf(work.issued),
    authors: (work.author ?? []).map((author) =>
      collapseWhitespace(author.name ?? `${author.given ?? ""} ${author.family ?? ""}`)
    ).filter((name) => name !== ""),
    journal: title && work.type !== "book-chapter" ? container || null : null,
    publisher: work.publisher ?? null,
    doi: work.DOI,
    type: work.type ?? null,
    volume: work.volume ?? null,
    pages: work.page ?? null,
  };
}

export const crossref: EngineModule = {
  id: "crossref",
  website: "https://www.crossref.org/",
  defaultBaseUrl: "https://api.crossref.org",
  categories: ["science", "scientific publications"],
  paging: true,
  maxPage: 0,
  timeRange: false,
  safesearch: false,
  language: false,
  // A refused Plus key is 401, which would otherwise read as a plain HTTP error.
  handlesHttpErrors: true,
  apiKeyIn: { header: "Crossref-Plus-API-Token" },

  request(query, context) {
    const text = collapseWhitespace(query.query);
    if (text === "") return null;
    const params = new URLSearchParams({
      query: text,
      rows: String(RESULTS_PER_PAGE),
      offset: String((query.pageno - 1) * RESULTS_PER_PAGE),
    });
    const headers: Record<string, string> = { Accept: "application/json" };
    if (context.apiKey) headers["Crossref-Plus-API-Token"] = `Bearer ${context.apiKey}`;
    return { url: `${context.baseUrl}/works?${params}`, headers };
  },

  parse(response) {
    if (response.status === 401) throw new AccessDeniedError("Crossref refused the Plus key");
    const error = errorForStatus(response.status, response.headers, response.body);
    if (error) throw error;
    return resultsOfJsonList(
      response.body,
      answerSchema,
      (answer) => answer.message.items,
      workSchema,
      paper,
      "not a Crossref works list",
    );
  },
};
