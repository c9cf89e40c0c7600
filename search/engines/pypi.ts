// PyPI: the search page (pypi.org/search/?q=...), as SearXNG reads it: PyPI's JSON API has no
// search. Each hit is a package result with its name, latest version, the date of that release
// and the summary. Since late 2024 PyPI puts its search behind Fastly's client challenge, a page
// that runs JavaScript to earn a cookie; a server that runs none gets that page, read here as a
// CAPTCHA.
import {
  CaptchaError,
  emptyResults,
  type EngineModule,
  type PackageResult,
  ParseError,
} from "../core/engine.ts";
import { isoDate } from "./toolkit/api_fields.ts";
import { all, attr, first, parseHtml, text } from "./toolkit/html.ts";
import { errorForStatus } from "./toolkit/http_status.ts";
import { cleanUrl, linkUnderBaseUrl } from "../core/url.ts";

// Fastly's challenge page: its script lives under /_fs-ch-…/, and without JavaScript it says so.
const CHALLENGE_MARKERS = ["/_fs-ch-", "Client Challenge", "enable JavaScript to proceed"];
const NO_RESULTS = "There were no results for";

export const pypi: EngineModule = {
  id: "pypi",
  website: "https://pypi.org/",
  defaultBaseUrl: "https://pypi.org",
  categories: ["it", "packages"],
  paging: true,
  maxPage: 0,
  timeRange: false,
  safesearch: false,
  language: false,

  request(query, context) {
    const q = query.query.trim();
    if (q === "") return null;
    const params = new URLSearchParams({ q, page: String(query.pageno) });
    return { url: `${context.baseUrl}/search/?${params}` };
  },

  parse(response, _query, context) {
    const error = errorForStatus(response.status, response.headers, response.body);
    if (error) throw error;
    const page = parseHtml(response.body);
    const snippets = all(page, "a.package-snippet");
    if (snippets.length === 0) {
      if (CHALLENGE_MARKERS.some((marker) => response.body.includes(marker))) {
        throw new CaptchaError("Fastly client challenge");
      }
      if (text(page).includes(NO_RESULTS)) return emptyResults();
      throw new ParseError("no package list on the search page");
    }
    const results = emptyResults();
    for (const snippet of snippets) {
      // PyPI links its projects by path ("/project/x/"), under a mirror's path too.
      const link = linkUnderBaseUrl(attr(snippet, "href"), context.baseUrl);
      const url = link ? cleanUrl(link) : null;
      const name = text(first(snippet, ".package-snippet__name"));
      if (!url || !name) continue;
      const result: PackageResult = {
        template: "packages.html",
        url,
        title: name,
        content: text(first(snippet, ".package-snippet__description")),
        publishedDate: isoDate(attr(first(snippet, ".package-snippet__created time"), "datetime")),
        package_name: name,
        version: text(first(snippet, ".package-snippet__version")) || null,
      };
      results.results.push(result);
    }
    return results;
  },
};
