// crates.io: the registry's crate search (crates.io/api/v1/crates?q=...). Each crate is a package
// result: name, latest stable version, description, homepage, repository, keywords, downloads and
// last update. crates.io's data access policy asks every API client for a User-Agent naming the
// application (a browser's, or an HTTP library's, gets blocked), so this module sends its own.
import { z } from "zod";
import type { EngineModule, PackageResult } from "../core/engine.ts";
import { countLabel, isoDate } from "./toolkit/api_fields.ts";
import { errorForStatus } from "./toolkit/http_status.ts";
import { resultsOfJsonList } from "./toolkit/json_body.ts";
import { httpUrl } from "../core/url.ts";
import { collapseWhitespace } from "../../shared/collapse_whitespace.ts";

const RESULTS_PER_PAGE = 10;
/** Names this service to crates.io, as its policy asks; sent to crates.io only. */
export const CRATES_USER_AGENT = "self-hosted-search/0.1 (SearXNG-compatible metasearch; " +
  "crates engine: one search per user query)";

const text = z.string().nullish().catch(null);

const crateSchema = z.object({
  name: z.string().min(1),
  description: text,
  homepage: text,
  repository: text,
  documentation: text,
  keywords: z.array(z.string()).nullish().catch(null),
  max_version: text,
  max_stable_version: text,
  downloads: z.number().nonnegative().nullish().catch(null),
  updated_at: text,
});

type Crate = z.infer<typeof crateSchema>;

const answerSchema = z.object({ crates: z.array(z.unknown()) });

function packageOf(crate: Crate): PackageResult | null {
  const url = httpUrl(`https://crates.io/crates/${crate.name}`);
  if (!url) return null;
  const downloads = crate.downloads;
  return {
    template: "packages.html",
    url,
    title: crate.name,
    content: collapseWhitespace(crate.description ?? ""),
    publishedDate: isoDate(crate.updated_at),
    package_name: crate.name,
    // The newest release that is not a pre-release, as `cargo add` would pick.
    version: crate.max_stable_version ?? crate.max_version ?? null,
    homepage: httpUrl(crate.homepage) ?? httpUrl(crate.documentation),
    source_code_url: httpUrl(crate.repository),
    tags: crate.keywords ?? [],
    popularity: downloads === null || downloads === undefined
      ? null
      : countLabel(downloads, "downloads"),
  };
}

export const crates: EngineModule = {
  id: "crates",
  website: "https://crates.io/",
  defaultBaseUrl: "https://crates.io",
  categories: ["it", "packages", "cargo"],
  paging: true,
  maxPage: 0,
  timeRange: false,
  safesearch: false,
  language: false,

  request(query, context) {
    const q = collapseWhitespace(query.query);
    if (q === "") return null;
    const params = new URLSearchParams({
      q,
      page: String(query.pageno),
      per_page: String(RESULTS_PER_PAGE),
    });
    return {
      url: `${context.baseUrl}/api/v1/crates?${params}`,
      headers: { Accept: "application/json", "User-Agent": CRATES_USER_AGENT },
    };
  },

  parse(response) {
    const error = errorForStatus(response.status, response.headers, response.body);
    if (error) throw error;
    return resultsOfJsonList(
      response.body,
      answerSchema,
      (answer) => answer.crates,
      crateSchema,
      packageOf,
      "not a crates.io search answer",
    );
  },
};
