// OpenAlex: the works search of its API (api.openalex.org/works?search=...), by relevance. Each
// work gives its DOI, title, authors, source (journal) and its publisher, publication date,
// volume and pages, an open-access copy, how often it was cited, and an abstract that OpenAlex
// ships as an inverted index (word → positions) and that is put back in order here. The API wants
// a key (api_key, free) for more than a few searches a day; one from settings is sent with each.
import { z } from "zod";
import {
  AccessDeniedError,
  type EngineModule,
  type PaperResult,
  TooManyRequestsError,
} from "../core/engine.ts";
import { isoDate } from "./toolkit/api_fields.ts";
import { errorForStatus } from "./toolkit/http_status.ts";
import { resultsOfJsonList } from "./toolkit/json_body.ts";
import { localeOf } from "./toolkit/region.ts";
import { httpUrl } from "../core/url.ts";
import { collapseWhitespace } from "../../shared/collapse_whitespace.ts";

const RESULTS_PER_PAGE = 10;
// Only the fields read below: a full work (references, concepts, counts by year) is many times
// larger.
const FIELDS = [
  "id",
  "doi",
  "title",
  "display_name",
  "publication_date",
  "type",
  "authorships",
  "primary_location",
  "best_oa_location",
  "open_access",
  "abstract_inverted_index",
  "cited_by_count",
  "biblio",
].join(",");
/** An abstract is a few hundred words; a larger index is not read past this many. */
const MAX_ABSTRACT_WORDS = 5000;

const text = z.string().nullish().catch(null);

const locationSchema = z.object({
  landing_page_url: text,
  pdf_url: text,
  source: z.object({ display_name: text, host_organization_name: text }).nullish()
    .catch(null),
}).nullish().catch(null);

const workSchema = z.object({
  id: z.string(),
  doi: text,
  title: text,
  display_name: text,
  publication_date: text,
  type: text,
  authorships: z.array(z.object({ author: z.object({ display_name: text }) })).nullish()
    .catch(null),
  primary_location: locationSchema,
  best_oa_location: locationSchema,
  open_access: z.object({ oa_url: text }).nullish().catch(null),
  abstract_inverted_index: z.record(z.string(), z.array(z.number().int().nonnegative()))
    .nullish().catch(null),
  cited_by_count: z.number().int().nonnegative().nullish().catch(null),
  biblio: z.object({ volume: text, first_page: text, last_page: text }).nullish().catch(null),
});

type Work = z.infer<typeof workSchema>;

const answerSchema = z.object({ results: z.array(z.unknown()) });

/** The abstract from OpenAlex's inverted index: each word at its positions, in order. */
export function abstractFromIndex(index: Record<string, number[]> | null | undefined): string {
  if (!index) return "";
  const placed: [number, string][] = [];
  for (const [word, positions] of Object.entries(index)) {
    for (const position of positions) {
      if (placed.length === MAX_ABSTRACT_WORDS) break;
      placed.push([position, word]);
    }
  }
  placed.sort(([a], [b]) => a - b);
  return collapseWhitespace(placed.map(([, word]) => word).join(" "));
}

/** "https://doi.org/10.1/x" → "10.1/x". */
function bareDoi(doi: string | null | undefined): string | null {
  const value = doi?.replace(/^https?:\/\/(dx\.)?doi\.org\//i, "") ?? "";
  return value.startsWith("10.") ? value : null;
}

function pagesOf(biblio: Work["biblio"]): string | null {
  const first = biblio?.first_page ?? "";
  const last = biblio?.last_page ?? "";
  if (first && last && first !== last) return `${first}-${last}`;
  return first || last || null;
}

function paper(work: Work): PaperResult | null {
  const title = collapseWhitespace(work.title ?? work.display_name ?? "");
  const doi = bareDoi(work.doi);
  const url = httpUrl(work.primary_location?.landing_page_url) ??
    (doi ? `https://doi.org/${doi}` : httpUrl(work.id));
  if (!title || !url) return null;
  const abstract = abstractFromIndex(work.abstract_inverted_index);
  const cited = work.cited_by_count;
  const citations = cited === null || cited === undefined
    ? ""
    : `${cited} citation${cited === 1 ? "" : "s"}`;
  const source = work.primary_location?.source;
  return {
    template: "paper.html",
    url,
    title,
    content: [citations, abstract].filter((part) => part !== "").join(" · "),
    publishedDate: isoDate(work.publication_date),
    authors: (work.authorships ?? []).map((authorship) =>
      collapseWhitespace(authorship.author.display_name ?? "")
    ).filter((name) => name !== ""),
    journal: source?.display_name ?? null,
    publisher: source?.host_organization_name ?? null,
    doi,
    pdf_url: httpUrl(work.best_oa_location?.pdf_url) ?? httpUrl(work.open_access?.oa_url),
    type: work.type ?? null,
    volume: work.biblio?.volume ?? null,
    pages: pagesOf(work.biblio),
  };
}

export const openalex: EngineModule = {
  id: "openalex",
  website: "https://openalex.org/",
  defaultBaseUrl: "https://api.openalex.org",
  categories: ["science", "scientific publications"],
  paging: true,
  maxPage: 0,
  timeRange: false,
  safesearch: false,
  // A language other than "all" filters works by their language, as SearXNG does.
  language: true,
  // OpenAlex answers 403 when requests come too fast (its documented meaning), not for a refusal.
  handlesHttpErrors: true,
  apiKeyIn: { param: "api_key" },

  request(query, context) {
    const search = collapseWhitespace(query.query);
    if (search === "") return null;
    const params = new URLSearchParams({
      search,
      page: String(query.pageno),
      "per-page": String(RESULTS_PER_PAGE),
      sort: "relevance_score:desc",
      select: FIELDS,
    });
    // OpenAlex knows languages by their two-letter codes.
    const language = localeOf(query.language)?.language;
    if (language?.length === 2) params.set("filter", `language:${language}`);
    if (context.apiKey) params.set("api_key", context.apiKey);
    return { url: `${context.baseUrl}/works?${params}`, headers: { Accept: "application/json" } };
  },

  parse(response) {
    if (response.status === 401) throw new AccessDeniedError("OpenAlex refused the API key");
    if (response.status === 403 || response.status === 429) {
      throw new TooManyRequestsError(`status ${response.status}`);
    }
    const error = errorForStatus(response.status, response.headers, response.body);
    if (error) throw error;
    return resultsOfJsonList(
      response.body,
      answerSchema,
      (answer) => answer.results,
      workSchema,
      paper,
      "not an OpenAlex works list",
    );
  },
};
