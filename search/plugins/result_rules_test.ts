// The result-rewriting plugins as merging applies them, on merged results.
import assert from "node:assert/strict";
import { emptyResults, type EngineResult, type EngineResults } from "../core/engine.ts";
import { type EngineOutput, mergeResults } from "../core/merge.ts";
import { rulesOf } from "./plugins_testing.ts";

function output(
  engine: string,
  results: Partial<EngineResult>[],
  extra: Partial<EngineResults> = {},
): EngineOutput {
  return {
    engine,
    weight: 1,
    category: "general",
    results: {
      ...emptyResults(),
      results: results.map((result) => ({
        title: "",
        content: "",
        url: "",
        ...result,
      })) as EngineResult[],
      ...extra,
    },
  };
}

const INVIDIOUS = { replace: [["(.*\\.)?youtube\\.com$", "invidious.example.org"]] } as {
  replace: [string, string][];
};

Deno.test("with tracker_url_remover off, links keep their tracking parameters", () => {
  const [result] = mergeResults(
    [output("brave", [{ url: "https://example.com/a?utm_source=x&fbclid=y" }])],
    rulesOf([]),
  ).results;
  assert.equal(result.url, "https://example.com/a?utm_source=x&fbclid=y");
});

Deno.test("links that differ only by trackers merge as duplicates once the trackers are gone", () => {
  const outputs = [
    output("brave", [{ url: "https://example.com/a?utm_source=brave" }]),
    output("bing", [{ url: "https://example.com/a?gclid=123" }]),
  ];
  const merged = mergeResults(outputs, rulesOf(["tracker_url_remover"])).results;
  assert.equal(merged.length, 1);
  assert.deepEqual(merged[0].engines, ["brave", "bing"]);
  assert.equal(merged[0].url, "https://example.com/a");
  assert.equal(merged[0].parsed_url[4], "");
  assert.equal(mergeResults(outputs, rulesOf([])).results.length, 2);
});

Deno.test("tracker removal reaches every link field: thumbnail, video embed, paper PDF", () => {
  const merged = mergeResults([output("yt", [{
    template: "videos.html",
    url: "https://video.example/v?utm_campaign=c",
    thumbnail: "https://img.example/t.jpg?utm_source=s&w=2",
    iframe_src: "https://video.example/embed?fbclid=f",
  }, {
    template: "paper.html",
    url: "https://papers.example/p",
    pdf_url: "https://papers.example/p.pdf?utm_medium=m",
  }])], rulesOf(["tracker_url_remover"])).results as unknown as Record<string, unknown>[];
  assert.equal(merged[0].url, "https://video.example/v");
  assert.equal(merged[0].thumbnail, "https://img.example/t.jpg?w=2");
  assert.equal(merged[0].iframe_src, "https://video.example/embed");
  assert.equal(merged[1].pdf_url, "https://papers.example/p.pdf");
});

Deno.test("hostnames replace rewrites the host of every link of a result, path and query kept", () => {
  const merged = mergeResults([output("yt", [{
    template: "videos.html",
    url: "https://www.youtube.com/watch?v=abc&t=10",
    thumbnail: "https://i.ytimg.com/vi/abc/hq.jpg",
    iframe_src: "https://www.youtube.com/embed/abc",
  }])], rulesOf(["hostnames"], INVIDIOUS)).results as unknown as Record<string, unknown>[];
  assert.equal(merged[0].url, "https://invidious.example.org/watch?v=abc&t=10");
  assert.deepEqual((merged[0].parsed_url as string[])[1], "invidious.example.org");
  assert.equal(merged[0].thumbnail, "https://i.ytimg.com/vi/abc/hq.jpg");
  assert.equal(merged[0].iframe_src, "https://invidious.example.org/embed/abc");
});

Deno.test("hostnames remove drops the result, which then takes no place in its engine's list", () => {
  const merged = mergeResults([output("brave", [
    { url: "https://www.pinterest.com/pin/1" },
    { url: "https://example.com/second" },
    { url: "https://example.com/third", thumbnail: "https://i.pinimg.com/t.jpg" },
  ])], rulesOf(["hostnames"], { remove: ["(.*\\.)?(pinterest\\.com|pinimg\\.com)$"] })).results;
  assert.deepEqual(merged.map((result) => [result.url, result.positions]), [
    ["https://example.com/second", [1]],
    ["https://example.com/third", [2]],
  ]);
  // A removed host's link leaves the other fields too.
  assert.equal(merged[1].thumbnail, null);
});

Deno.test("high and low priority re-rank as SearXNG scores them", () => {
  const results = [
    { url: "https://www.google.com/first" },
    { url: "https://example.com/second" },
    { url: "https://en.wikipedia.org/wiki/third" },
  ];
  const rules = rulesOf(["hostnames"], {
    low_priority: ["(.*\\.)?google(\\..*)?$"],
    high_priority: ["(.*\\.)?wikipedia\\.org$"],
  });
  const merged = mergeResults([output("brave", results)], rules).results;
  assert.deepEqual(
    merged.map((result) => [new URL(result.url).hostname, result.priority, result.score]),
    [["en.wikipedia.org", "high", 1], ["example.com", "", 0.5], ["www.google.com", "low", 0]],
  );
  // High wins when both match.
  const both = rulesOf(["hostnames"], { low_priority: ["wiki"], high_priority: ["wiki"] });
  const wiki = mergeResults([output("brave", results)], both).results
    .find((result) => result.url.includes("wikipedia"));
  assert.equal(wiki?.priority, "high");
});

Deno.test("hostnames rules do nothing while the plugin is off for the person", () => {
  const [result] = mergeResults(
    [output("yt", [{ url: "https://www.youtube.com/watch?v=abc" }])],
    rulesOf(["tracker_url_remover"], INVIDIOUS),
  ).results;
  assert.equal(result.url, "https://www.youtube.com/watch?v=abc");
});

Deno.test("answers and infobox links follow the rules too", () => {
  const merged = mergeResults([output("ddg", [], {
    answers: [{ answer: "A video", url: "https://youtube.com/watch?v=1&utm_source=x" }],
    infoboxes: [{
      infobox: "Box",
      id: "",
      content: "",
      img_src: null,
      urls: [
        { title: "Channel", url: "https://www.youtube.com/c/x" },
        { title: "Pins", url: "https://pinterest.com/x" },
      ],
      attributes: [],
    }],
  })], rulesOf(["hostnames", "tracker_url_remover"], { ...INVIDIOUS, remove: ["pinterest"] }));
  assert.equal(merged.answers[0].url, "https://invidious.example.org/watch?v=1");
  assert.deepEqual(merged.infoboxes[0].urls, [
    { title: "Channel", url: "https://invidious.example.org/c/x" },
  ]);
});

Deno.test("oa_doi_rewrite sends DOI links to the resolver, and leaves other links alone", () => {
  const merged = mergeResults([output("crossref", [
    { url: "https://doi.org/10.1038/nature12373" },
    { url: "https://www.sciencedirect.com/science/article/pii/S0?doi=10.1016/j.cell.2020.01.001" },
    { url: "https://link.springer.com/content/pdf/10.1007/s00134-020-05991-x.pdf" },
    { url: "https://example.com/about", thumbnail: "https://example.com/10.1000/thumb.png" },
  ])], rulesOf(["oa_doi_rewrite"])).results;
  assert.deepEqual(merged.map((result) => result.url), [
    "https://oadoi.org/10.1038/nature12373",
    "https://oadoi.org/10.1016/j.cell.2020.01.001",
    "https://oadoi.org/10.1007/s00134-020-05991-x",
    "https://example.com/about",
  ]);
  // Only the result's own link is a DOI link; the thumbnail stays.
  assert.equal(merged[3].thumbnail, "https://example.com/10.1000/thumb.png");
  const off = mergeResults(
    [output("crossref", [{ url: "https://doi.org/10.1038/nature12373" }])],
    rulesOf([]),
  ).results;
  assert.equal(off[0].url, "https://doi.org/10.1038/nature12373");
});

Deno.test("a DOI of 50 characters or more is not taken for one", () => {
  const long = `10.1234/${"x".repeat(42)}`;
  const [result] = mergeResults(
    [output("crossref", [{ url: `https://doi.org/${long}` }])],
    rulesOf(["oa_doi_rewrite"]),
  ).results;
  assert.equal(result.url, `https://doi.org/${long}`);
});

Deno.test("the person's DOI resolver is used when the settings list it, else the default", () => {
  const doi = [output("crossref", [{ url: "https://doi.org/10.1038/nature12373" }])];
  const resolvedBy = (name: string) =>
    mergeResults(doi, rulesOf(["oa_doi_rewrite"], {}, name)).results[0].url;
  assert.equal(resolvedBy("doi.org"), "https://doi.org/10.1038/nature12373");
  for (const name of ["sci-hub.se", "constructor", "__proto__", ""]) {
    assert.equal(resolvedBy(name), "https://oadoi.org/10.1038/nature12373", name);
  }
});
