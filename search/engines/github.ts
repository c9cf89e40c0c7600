// GitHub: the REST API's repository search (api.github.com/search/repositories), by GitHub's best
// match. Each repository is a package result: its full name, description and language, owner,
// homepage, topics, stars, licence and last update. Anonymous use allows 10 searches a minute; a
// token from settings (api_key) is sent as a Bearer token and allows 30.
import { z } from "zod";
import {
  AccessDeniedError,
  type EngineModule,
  type PackageResult,
  TooManyRequestsError,
  type UpstreamResponse,
} from "../core/engine.ts";
import { countLabel, isoDate } from "./toolkit/api_fields.ts";
import { errorForStatus } from "./toolkit/http_status.ts";
import { parseJsonBody, resultsOfJsonList } from "./toolkit/json_body.ts";
import { httpUrl } from "../core/url.ts";
import { collapseWhitespace } from "../../shared/collapse_whitespace.ts";

const RESULTS_PER_PAGE = 10;
// GitHub's search API serves the first 1,000 results of a query only.
const MAX_PAGE = 1000 / RESULTS_PER_PAGE;

const text = z.string().nullish().catch(null);

const repositorySchema = z.object({
  full_name: z.string(),
  html_url: z.string(),
  description: text,
  homepage: text,
  language: text,
  owner: z.object({ login: z.string() }).nullish().catch(null),
  topics: z.array(z.string()).nullish().catch(null),
  stargazers_count: z.number().nonnegative().nullish().catch(null),
  license: z.object({ name: text, spdx_id: text }).nullish().catch(null),
  updated_at: text,
});

type Repository = z.infer<typeof repositorySchema>;

const answerSchema = z.object({ items: z.array(z.unknown()) });
const messageSchema = z.object({ message: z.string() });

/** GitHub says "rate limit" with 403 as often as with 429: its headers and message tell. */
function checkStatus(response: UpstreamResponse): void {
  const { status, headers } = response;
  if (status === 401) throw new AccessDeniedError("GitHub refused the token");
  if (status === 403 || status === 429) {
    const message = messageSchema.safeParse(parseJsonBody(response.body));
    const limited = status === 429 || headers.get("x-ratelimit-remaining") === "0" ||
      headers.has("retry-after") || /rate limit/i.test(message.data?.message ?? "");
    if (limited) throw new TooManyRequestsError(`status ${status}`);
  }
  const error = errorForStatus(status, headers, response.body);
  if (error) throw error;
}

function packageOf(repository: Repository): PackageResult | null {
  const url = httpUrl(repository.html_url);
  if (!url) return null;
  const description = collapseWhitespace(repository.description ?? "");
  const license = repository.license;
  const stars = repository.stargazers_count;
  return {
    template: "packages.html",
    url,
    title: repository.full_name,
    content: [repository.language ?? "", description].filter((part) => part !== "").join(" · "),
    publishedDate: isoDate(repository.updated_at),
    package_name: repository.full_name,
    maintainer: repository.owner?.login ?? null,
    homepage: httpUrl(repository.homepage),
    source_code_url: url,
    tags: repository.topics ?? [],
    popularity: stars === null || stars === undefined ? null : countLabel(stars, "stars"),
    // GitHub names a licence it cannot identify "Other" (NOASSERTION): no name is better.
    license_name: license?.spdx_id === "NOASSERTION" ? null : license?.name ?? null,
  };
}

export const github: EngineModule = {
  id: "github",
  website: "https://github.com/",
  defaultBaseUrl: "https://api.github.com",
  categories: ["it", "repos"],
  paging: true,
  maxPage: MAX_PAGE,
  timeRange: false,
  safesearch: false,
  language: false,
  // A rate limit comes as 403 too, told apart by its headers.
  handlesHttpErrors: true,
  apiKeyIn: { header: "Authorization" },

  request(query, context) {
    const q = collapseWhitespace(query.query);
    if (q === "") return null;
    const params = new URLSearchParams({
      q,
      per_page: String(RESULTS_PER_PAGE),
      page: String(query.pageno),
    });
    const headers: Record<string, string> = {
      Accept: "application/vnd.github+json",
      "X-GitHub-Api-Version": "2022-11-28",
    };
    if (context.apiKey) headers.Authorization = `Bearer ${context.apiKey}`;
    return { url: `${context.baseUrl}/search/repositories?${params}`, headers };
  },

  parse(response) {
    checkStatus(response);
    return resultsOfJsonList(
      response.body,
      answerSchema,
      (answer) => answer.items,
      repositorySchema,
      packageOf,
      "not a repository search answer",
    );
  },
};
