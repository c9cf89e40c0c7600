// searxng_web_search through the SDK client for images, videos, papers and packages: against our
// engine with sample engines of every kind (tests/helpers/kind_search.ts), and against a stub
// shaped like a SearXNG instance, which sends some fields differently (a video's length in
// seconds, counts as numbers).
import assert from "node:assert/strict";
import { startFakeUpstream } from "./helpers/fake_upstream.ts";
import { startKindSearch } from "./helpers/kind_search.ts";
import { startSearch } from "./helpers/search_instance.ts";
import { searchJson } from "./helpers/search_with_fakes.ts";
import { connectClient, connectClient1, type McpTestClient } from "./helpers/mcp_client.ts";
import { MCP_TOKEN, startSearchMcp } from "./helpers/search_mcp_instance.ts";

const AUTH = { Authorization: `Bearer ${MCP_TOKEN}` };

/** An SDK client's session with search_mcp in front of the engine at `origin`. */
async function mcpSession(origin: string): Promise<McpTestClient> {
  const mcp = await startSearchMcp({ SEARXNG_URL: origin, MCP_HTTP_AUTH_TOKEN: MCP_TOKEN });
  const session = await connectClient(mcp.mcpUrl, AUTH);
  return {
    ...session,
    async [Symbol.asyncDispose]() {
      await session[Symbol.asyncDispose]();
      await mcp[Symbol.asyncDispose]();
    },
  };
}

/** The text block of the result whose title is `title`. */
function block(text: string, title: string): string {
  const found = text.split("\n\n").find((part) => part.startsWith(`Title: ${title}\n`));
  assert.ok(found, `no result titled ${title} in:\n${text}`);
  return found;
}

Deno.test("categories=images through our engine: each image says what it shows, its page, its file, size and source", async () => {
  await using search = await startKindSearch();
  await using session = await mcpSession(search.url.origin);
  const answer = await session.call("searxng_web_search", { query: "crab", categories: "Images" });
  assert.equal(answer.isError, false, answer.text);
  assert.equal(
    search.upstream.requests.filter((r) => r.url.pathname === "/sample-images").length,
    1,
  );
  const ferris = block(answer.text, "Ferris the crab, Rust's unofficial mascot");
  const origin = search.upstream.origin;
  // No snippet: no Description line.
  assert.deepEqual(ferris.split("\n").slice(1, 8), [
    "URL: https://rustacean.net/crab/0",
    "Result Type: image",
    `Image URL: ${origin}/pictures/full-0.png`,
    "Resolution: 1920 × 1280",
    "Format: png",
    "File Size: 1152 KB",
    "Source: rustacean.net",
  ]);
  assert.match(ferris, new RegExp(`^Thumbnail: ${origin}/pictures/thumb-0\\.png$`, "m"));
  const image = answer.structured!.results[0];
  assert.equal(image.template, "images.html");
  assert.equal(image.img_src, `${origin}/pictures/full-0.png`);
  assert.equal(image.thumbnail_src, `${origin}/pictures/thumb-0.png`);
  assert.equal(image.resolution, "1920 x 1280");
  assert.equal(image.category, "images");
});

Deno.test("videos, science and it through our engine: length and author, authors and DOI, version and links", async () => {
  await using search = await startKindSearch();
  await using session = await mcpSession(search.url.origin);

  const videos = await session.call("searxng_web_search", { query: "crab", categories: "videos" });
  const rust = block(videos.text, "Rust in 100 Seconds");
  assert.match(rust, /^URL: https:\/\/www\.youtube\.com\/watch\?v=5C_HPTJg5ek$/m);
  assert.match(rust, /^Result Type: video\nLength: 2:29\nAuthor: Fireship\n/m);
  assert.match(rust, /^Published Date: 2021-09-16T00:00:00\.000Z$/m);
  assert.equal(videos.structured!.results[0].length, "2:29");

  const science = await session.call("searxng_web_search", {
    query: "crab",
    categories: "science",
  });
  const oxide = block(science.text, "Oxide: The Essence of Rust");
  assert.match(oxide, /^Authors: Aaron Weiss, Olek Gierczak, Daniel Patterson, Amal Ahmed$/m);
  assert.match(oxide, /^Journal: arXiv$/m);
  assert.match(oxide, /^Year: 2019$/m);
  assert.match(
    oxide,
    /^DOI: 10\.48550\/arxiv\.1903\.00982 \(https:\/\/doi\.org\/10\.48550\/arxiv\.1903\.00982\)$/m,
  );
  assert.match(oxide, /^PDF: https:\/\/arxiv\.org\/pdf\/1903\.00982$/m);

  const it = await session.call("searxng_web_search", { query: "crab", categories: "it" });
  const serde = block(it.text, "serde");
  assert.match(serde, /^Description: A generic serialization\/deserialization framework$/m);
  assert.match(serde, /^Version: 1\.0\.228$/m);
  assert.match(serde, /^Homepage: https:\/\/serde\.rs\/?$/m);
  assert.match(serde, /^Source Code: https:\/\/github\.com\/serde-rs\/serde$/m);
  assert.deepEqual(it.structured!.results[0].tags, ["serde", "serialization", "no_std"]);
});

Deno.test('YouTube\'s "3 years ago" is an approximate date: its unit in the JSON, its age and year in the MCP text', async () => {
  await using search = await startSearch();
  const json = await searchJson(search, "q=rust&engines=youtube");
  const rust = json.results.find((result) => result.title === "Rust in 100 Seconds");
  const year = String(new Date().getUTCFullYear() - 3);
  // Clients keep their publishedDate, cut to the day: no made-up time of day.
  assert.match(String(rust?.publishedDate), new RegExp(`^${year}-\\d\\d-\\d\\dT00:00:00\\.000Z$`));
  assert.equal(rust?.publishedDatePrecision, "year");

  await using session = await mcpSession(search.url.origin);
  const answer = await session.call("searxng_web_search", { query: "rust", engines: "youtube" });
  assert.equal(answer.isError, false, answer.text);
  assert.match(
    block(answer.text, "Rust in 100 Seconds"),
    new RegExp(`^Published Date: about 3 years ago \\(around ${year}\\)$`, "m"),
  );
  assert.doesNotMatch(answer.text, /^Published Date: \d{4}-\d\d-\d\dT/m);
  const videos = answer.structured!.results as { title: string; publishedDatePrecision?: string }[];
  const video = videos.find((result) => result.title === "Rust in 100 Seconds");
  assert.equal(video?.publishedDatePrecision, "year");
});

Deno.test("a SearXNG instance's video length in seconds and counts as numbers read as a person writes them", async () => {
  await using engine = await startFakeUpstream({
    "/search": () =>
      Response.json({
        query: "crab",
        number_of_results: 0,
        results: [{
          url: "https://www.youtube.com/watch?v=x",
          title: "Crab rave",
          content: "",
          template: "videos.html",
          length: 194.0,
          author: "Noisestorm",
          engines: ["youtube"],
          score: 1,
          category: "videos",
          publishedDate: "2018-04-01T00:00:00",
        }, {
          url: "https://pypi.org/project/crab/",
          title: "crab",
          content: "A crab package",
          template: "packages.html",
          version: "2.0",
          popularity: 1234,
          tags: "single-tag",
          engines: ["pypi"],
          score: 0.5,
          category: "it",
        }],
        answers: [],
        corrections: [],
        infoboxes: [],
        suggestions: [],
        unresponsive_engines: [],
      }),
  });
  await using session = await mcpSession(engine.origin);
  const answer = await session.call("searxng_web_search", {
    query: "crab",
    categories: "videos,it",
  });
  assert.equal(answer.isError, false, answer.text);
  assert.equal(engine.requests.at(-1)!.url.searchParams.get("categories"), "videos,it");
  assert.match(block(answer.text, "Crab rave"), /^Length: 3:14$/m);
  const crab = block(answer.text, "crab");
  assert.match(crab, /^Popularity: 1234$/m);
  assert.match(crab, /^Tags: single-tag$/m);
  assert.deepEqual(answer.structured!.results[1].tags, ["single-tag"]);

  const json = await session.call("searxng_web_search", {
    query: "crab",
    categories: "videos,it",
    response_format: "json",
  });
  assert.equal(JSON.parse(json.text).results[0].length, "3:14");
});

Deno.test("every kind's structured answer matches the published outputSchema in a client that checks it (SDK 1.x)", async () => {
  // search_mcp does not parse its own answer against the schema on each call
  // (runtime/mcp/tool_schema.ts); the 1.x client does, and throws on a mismatch.
  await using search = await startKindSearch();
  await using mcp = await startSearchMcp({
    SEARXNG_URL: search.url.origin,
    MCP_HTTP_AUTH_TOKEN: MCP_TOKEN,
  });
  await using session = await connectClient1(mcp.mcpUrl, AUTH);
  for (const categories of ["general", "images", "videos", "science", "it", "news"]) {
    for (const result_detail of ["full", "compact"]) {
      const answer = await session.call("searxng_web_search", {
        query: "crab",
        categories,
        result_detail,
        response_format: "json",
      });
      assert.equal(answer.isError, false, `${categories} ${result_detail}: ${answer.text}`);
      assert.ok(answer.structured!.results.length > 0, `${categories} ${result_detail}`);
    }
  }
});
