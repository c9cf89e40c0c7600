// npm: the registry's own search (registry.npmjs.org/-/v1/search). SearXNG's npm engine asks
// npms.io, a third-party index; the registry answers the same question first-hand. Each package is
// a package result: name, latest version and its date, description, publisher, homepage,
// repository, keywords, licence and weekly downloads where the registry counts them.
import { z } from "zod";
import type { EngineModule, PackageResult } from "../core/engine.ts";
import { countLabel, isoDate } from "./toolkit/api_fields.ts";
import { errorForStatus } from "./toolkit/http_status.ts";
import { resultsOfJsonList } from "./toolkit/json_body.ts";
import { httpUrl } from "../core/url.ts";
import { collapseWhitespace } from "../../shared/collapse_whitespace.ts";

const RESULTS_PER_PAGE = 10;

const text = z.string().nullish().catch(null);
const person = z.object({ username: text, name: text }).nullish().catch(null);

const packageSchema = z.object({
  name: z.string().min(1),
  version: text,
  description: text,
  keywords: z.array(z.string()).nullish().catch(null),
  date: text,
  license: text,
  links: z.object({ npm: text, homepage: text, repository: text }).nullish().catch(null),
  publisher: person,
  maintainers: z.array(z.object({ username: text })).nullish().catch(null),
  author: person,
});

const objectSchema = z.object({
  package: packageSchema,
  downloads: z.object({ weekly: z.number().nonnegative() }).nullish().catch(null),
});

type SearchObject = z.infer<typeof objectSchema>;

const answerSchema = z.object({ objects: z.array(z.unknown()) });

function packageOf({ package: found, downloads }: SearchObject): PackageResult | null {
  const name = collapseWhitespace(found.name);
  // Package names are URL-safe by the registry's rules ("@scope/name" included).
  const url = httpUrl(found.links?.npm) ?? httpUrl(`https://www.npmjs.com/package/${name}`);
  if (!url) return null;
  const maintainer = found.publisher?.username ?? found.maintainers?.[0]?.username ??
    found.author?.name ?? null;
  return {
    template: "packages.html",
    url,
    title: name,
    content: collapseWhitespace(found.description ?? ""),
    publishedDate: isoDate(found.date),
    package_name: name,
    version: found.version ?? null,
    maintainer,
    homepage: httpUrl(found.links?.homepage),
    source_code_url: httpUrl(found.links?.repository),
    tags: found.keywords ?? [],
    popularity: downloads ? countLabel(downloads.weekly, "weekly downloads") : null,
    license_name: found.license ?? null,
  };
}

export const npm: EngineModule = {
  id: "npm",
  website: "https://www.npmjs.com/",
  defaultBaseUrl: "https://registry.npmjs.org",
  categories: ["it", "packages"],
  paging: true,
  maxPage: 0,
  timeRange: false,
  safesearch: false,
  language: false,

  request(query, context) {
    const text = collapseWhitespace(query.query);
    if (text === "") return null;
    const params = new URLSearchParams({
      text,
      size: String(RESULTS_PER_PAGE),
      from: String((query.pageno - 1) * RESULTS_PER_PAGE),
    });
    return {
      url: `${context.baseUrl}/-/v1/search?${params}`,
      headers: { Accept: "application/json" },
    };
  },

  parse(response) {
    const error = errorForStatus(response.status, response.headers, response.body);
    if (error) throw error;
    return resultsOfJsonList(
      response.body,
      answerSchema,
      (answer) => answer.objects,
      objectSchema,
      packageOf,
      "not an npm search answer",
    );
  },
};
