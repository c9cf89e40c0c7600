// Multi-step providers under concurrency, through the whole search service: DuckDuckGo's page 2
// needs the vqd token that a page 1 form carries, and searches running at once share the token
// cache. A search must never take another search's step for its own and answer page 1 as page 2.
import assert from "node:assert/strict";
import { html, type RecordedRequest } from "./helpers/fake_upstream.ts";
import { startSearch } from "./helpers/search_instance.ts";
import { seededRandom } from "./helpers/seeded_random.ts";

/**
 * A DuckDuckGo that answers the page a form asks for, with results naming query and page, after
 * a random delay so that searches interleave. Page 2 is only given for a vqd issued for the query.
 */
function queryAwareDuckDuckGo(random: () => number) {
  const issued = new Map<string, Set<string>>();
  let counter = 0;
  return async (request: RecordedRequest) => {
    const form = new URLSearchParams(request.body);
    const query = form.get("q") ?? "";
    await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 40)));
    const asksPage2 = form.get("s") === "10" && issued.get(query)?.has(form.get("vqd") ?? "");
    const page = asksPage2 ? 2 : 1;
    const vqd = `vqd-${++counter}`;
    issued.set(query, (issued.get(query) ?? new Set()).add(vqd));
    const items = Array.from({ length: 3 }, (_, i) => {
      const slug = `${encodeURIComponent(query)}/page${page}/${i}`;
      return `<div class="result results_links web-result"><h2 class="result__title">
        <a class="result__a" href="https://example.org/${slug}">${query} page ${page} result ${i}</a></h2>
        <a class="result__snippet">about ${query}</a></div>`;
    }).join("\n");
    return html(`<html><body><div id="links">${items}</div>
      <form action="/html/" method="post"><input type="hidden" name="vqd" value="${vqd}"></form>
      </body></html>`);
  };
}

Deno.test("50 concurrent page-1 and page-2 searches, same and different queries: every page 2 is page 2 of its own query", async () => {
  await using search = await startSearch();
  const random = seededRandom(5);
  search.upstream.route("/duckduckgo/html/", queryAwareDuckDuckGo(random));
  const queries = ["alpha", "beta", "gamma"];
  const asked = Array.from({ length: 50 }, (_, i) => ({
    query: queries[Math.floor(random() * queries.length)],
    // Mostly page 2, so that page-2 searches often find another search's step in flight.
    page: i % 4 === 0 ? 1 : 2,
  }));
  const answers = await Promise.all(asked.map(async ({ query, page }) => {
    const params = new URLSearchParams({
      q: query,
      pageno: String(page),
      engines: "duckduckgo",
      format: "json",
    });
    const response = await search.get(`/search?${params}`);
    assert.equal(response.status, 200);
    return await response.json() as {
      results: { url: string; title: string }[];
      unresponsive_engines: unknown[];
    };
  }));

  const wrong: string[] = [];
  answers.forEach((answer, i) => {
    const { query, page } = asked[i];
    const titles = answer.results.map((result) => result.title);
    const expected = [0, 1, 2].map((n) => `${query} page ${page} result ${n}`);
    if (JSON.stringify(titles) !== JSON.stringify(expected)) {
      wrong.push(`#${i} ${query} page ${page} got ${JSON.stringify(titles)}`);
    }
    assert.deepEqual(answer.unresponsive_engines, [], `#${i}`);
  });
  assert.deepEqual(wrong, []);
  assert.ok(asked.filter((a) => a.page === 2).length >= 30);
  assert.equal(new Set(asked.map((a) => a.query)).size, 3, "same and different queries");
});
