// PubMed: NCBI's E-utilities in two steps, as SearXNG does: esearch finds the PubMed ids of a
// query (best match first), efetch gives their citations as PubMed XML. Each citation becomes a
// paper with its PubMed page, authors, journal, volume, pages, DOI and abstract. An NCBI API key
// from settings is sent to both steps: it raises the limit from 3 to 10 requests a second.
import { z } from "zod";
import {
  AccessDeniedError,
  emptyResults,
  type EngineContext,
  type EngineModule,
  type EngineResults,
  type EngineStep,
  type PaperResult,
  ParseError,
  type UpstreamRequest,
  type UpstreamResponse,
} from "../core/engine.ts";
import { dateFromParts } from "./toolkit/api_fields.ts";
import { errorForStatus } from "./toolkit/http_status.ts";
import { parseJsonBody } from "./toolkit/json_body.ts";
import {
  childElements,
  childPath,
  localName,
  parseXml,
  xmlAttribute,
  type XmlElement,
  xmlText,
} from "./toolkit/xml.ts";
import { collapseWhitespace } from "../../shared/collapse_whitespace.ts";

const RESULTS_PER_PAGE = 10;
const EUTILS = "/entrez/eutils";
/** context.steps: the ids esearch gave, in its order, for efetch's answer to follow. */
const IDS_STEP = "pubmed ids";

const esearchSchema = z.object({
  esearchresult: z.object({
    idlist: z.array(z.string()).optional(),
    ERROR: z.string().optional(),
  }),
});

// E-utilities' refusal of a key: HTTP 400 with `{"error": "API key invalid", ...}`.
const keyErrorSchema = z.object({ error: z.string().regex(/api.key/i) });

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

function eutilsRequest(
  context: EngineContext,
  tool: string,
  params: Record<string, string>,
): UpstreamRequest {
  const search = new URLSearchParams({ db: "pubmed", ...params });
  if (context.apiKey) search.set("api_key", context.apiKey);
  return { url: `${context.baseUrl}${EUTILS}/${tool}?${search}` };
}

function checkStatus(response: UpstreamResponse): void {
  if (response.status === 400 && keyErrorSchema.safeParse(parseJsonBody(response.body)).success) {
    throw new AccessDeniedError("NCBI refused the API key");
  }
  const error = errorForStatus(response.status, response.headers, response.body);
  if (error) throw error;
}

function parseSearch(response: UpstreamResponse, context: EngineContext): EngineStep {
  const answer = esearchSchema.safeParse(parseJsonBody(response.body));
  if (!answer.success) throw new ParseError("not an esearch answer");
  const { idlist, ERROR } = answer.data.esearchresult;
  if (ERROR !== undefined) throw new ParseError(`esearch: ${ERROR}`);
  const ids = (idlist ?? []).filter((id) => /^\d+$/.test(id));
  if (ids.length === 0) return emptyResults();
  context.steps.set(IDS_STEP, ids);
  return { next: eutilsRequest(context, "efetch.fcgi", { id: ids.join(","), retmode: "xml" }) };
}

/** A month as PubMed writes it: "Oct", "10" or "October". */
function monthNumber(value: string): number | undefined {
  if (value === "") return undefined;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const index = MONTHS.indexOf(value.slice(0, 3).toLowerCase());
  return index === -1 ? undefined : index + 1;
}

interface ListedDate {
  date: Date;
  /** Whether the month was given, not only the year. */
  withMonth: boolean;
}

/** A date element with Year, Month and Day children, or a MedlineDate such as "2019 Oct-Dec". */
function dateOf(element: XmlElement | null | undefined): ListedDate | null {
  if (!element) return null;
  const part = (name: string) => xmlText(childElements(element, name)[0]);
  const medline = part("MedlineDate").match(/^(\d{4})(?: ([A-Za-z]{3}))?/);
  const year = Number(part("Year") || medline?.[1]);
  const month = monthNumber(part("Month") || medline?.[2] || "");
  const day = month && part("Day") ? Number(part("Day")) : 1;
  const date = year ? dateFromParts(year, month ?? 1, day) : null;
  return date ? { date, withMonth: month !== undefined } : null;
}

/**
 * When the article came out: its electronic publication, else its issue's date, else the day
 * PubMed listed it; an issue known only by its year comes last.
 */
function publishedDate(
  article: XmlElement | null,
  journalIssue: XmlElement | null,
  pubmedData: XmlElement | null,
): Date | null {
  const electronic = childElements(article, "ArticleDate")
    .find((date) => xmlAttribute(date, "DateType") === "Electronic");
  const listed = childElements(childPath(pubmedData, "History"), "PubMedPubDate")
    .find((date) => xmlAttribute(date, "PubStatus") === "pubmed");
  const issue = dateOf(childPath(journalIssue, "PubDate"));
  const dates = [dateOf(electronic), issue?.withMonth ? issue : null, dateOf(listed), issue];
  return dates.find((date) => date !== null)?.date ?? null;
}

function authorName(author: XmlElement): string {
  const part = (name: string) => xmlText(childElements(author, name)[0]);
  const collective = part("CollectiveName");
  if (collective) return collective;
  return collapseWhitespace(`${part("ForeName") || part("Initials")} ${part("LastName")}`);
}

/** Each paragraph of the abstract, a structured one's with its label ("METHODS: ..."). */
function abstractOf(article: XmlElement | null): string {
  return childElements(childPath(article, "Abstract"), "AbstractText").map((paragraph) => {
    const label = xmlAttribute(paragraph, "Label");
    const text = xmlText(paragraph);
    return label && text ? `${label}: ${text}` : text;
  }).filter((text) => text !== "").join(" ");
}

function doiOf(citation: XmlElement | null, pubmedData: XmlElement | null): string | null {
  // The article's own ids; those in ReferenceList are the cited works'.
  const ids = childElements(childPath(pubmedData, "ArticleIdList"), "ArticleId");
  const fromIds = ids.find((id) => xmlAttribute(id, "IdType") === "doi");
  const fromLocation = childElements(childPath(citation, "Article"), "ELocationID")
    .find((id) => xmlAttribute(id, "EIdType") === "doi");
  return xmlText(fromIds ?? fromLocation) || null;
}

function paper(entry: XmlElement): { pmid: string; result: PaperResult } | null {
  const citation = childPath(entry, "MedlineCitation");
  const article = childPath(citation, "Article");
  const pmid = xmlText(childPath(citation, "PMID"));
  const title = xmlText(childPath(article, "ArticleTitle")) ||
    xmlText(childPath(article, "VernacularTitle"));
  if (!/^\d+$/.test(pmid) || !title) return null;
  const pubmedData = childPath(entry, "PubmedData");
  const journalIssue = childPath(article, "Journal", "JournalIssue");
  const text = (element: XmlElement | null) => xmlText(element) || null;
  return {
    pmid,
    result: {
      template: "paper.html",
      url: `https://pubmed.ncbi.nlm.nih.gov/${pmid}/`,
      title,
      content: abstractOf(article),
      publishedDate: publishedDate(article, journalIssue, pubmedData),
      authors: childElements(childPath(article, "AuthorList"), "Author").map(authorName)
        .filter((name) => name !== ""),
      journal: text(childPath(article, "Journal", "Title")),
      doi: doiOf(citation, pubmedData),
      type: text(childPath(article, "PublicationTypeList", "PublicationType")),
      volume: text(childPath(journalIssue, "Volume")),
      pages: text(childPath(article, "Pagination", "MedlinePgn")),
    },
  };
}

function parseFetch(response: UpstreamResponse, context: EngineContext): EngineResults {
  const root = parseXml(response.body);
  if (!root || localName(root) !== "PubmedArticleSet") throw new ParseError("not PubMed XML");
  const papers = childElements(root, "PubmedArticle").map(paper)
    .filter((found) => found !== null);
  // efetch need not answer in the order it was asked: esearch's order is the ranking.
  const order = context.steps.get(IDS_STEP) as string[] | undefined;
  if (order) {
    const rank = (pmid: string) => order.indexOf(pmid) === -1 ? order.length : order.indexOf(pmid);
    papers.sort((a, b) => rank(a.pmid) - rank(b.pmid));
  }
  const results = emptyResults();
  results.results = papers.map((found) => found.result);
  return results;
}

export const pubmed: EngineModule = {
  id: "pubmed",
  website: "https://pubmed.ncbi.nlm.nih.gov/",
  defaultBaseUrl: "https://eutils.ncbi.nlm.nih.gov",
  categories: ["science", "scientific publications"],
  paging: true,
  maxPage: 0,
  timeRange: false,
  safesearch: false,
  language: false,
  // E-utilities answer a refused key with 400 and a JSON reason.
  handlesHttpErrors: true,
  apiKeyIn: { param: "api_key" },

  request(query, context) {
    const term = collapseWhitespace(query.query);
    if (term === "") return null;
    return eutilsRequest(context, "esearch.fcgi", {
      term,
      retstart: String((query.pageno - 1) * RESULTS_PER_PAGE),
      retmax: String(RESULTS_PER_PAGE),
      sort: "relevance",
      retmode: "json",
    });
  },

  parse(response, _query, context) {
    checkStatus(response);
    const path = URL.parse(response.url)?.pathname ?? "";
    return path.endsWith("/esearch.fcgi")
      ? parseSearch(response, context)
      : parseFetch(response, context);
  },
};
