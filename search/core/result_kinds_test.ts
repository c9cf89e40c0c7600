import assert from "node:assert/strict";
import { emptyResults, type EngineResult, type ImageResult } from "./engine.ts";
import { type EngineOutput, mergeResults } from "./merge.ts";
import { rulesOf } from "../plugins/plugins_testing.ts";

const TRACKERS_REMOVED = rulesOf(["tracker_url_remover"]);
import { doi } from "./result_kinds.ts";

function output(engine: string, category: string, results: EngineResult[]): EngineOutput {
  return { engine, weight: 1, category, results: { ...emptyResults(), results } };
}

Deno.test("an image result has SearXNG's image fields after the common ones, in order", () => {
  const [image] = mergeResults([output("bing images", "images", [{
    template: "images.html",
    url: "https://example.org/page",
    title: "A cat",
    content: "",
    img_src: "https://example.org/cat.jpg?utm_source=x",
    thumbnail_src: "https://tse.example/th?id=1",
    resolution: "1920 x 1080",
    img_format: "jpeg",
    source: "example.org",
  }])], TRACKERS_REMOVED).results;
  assert.deepEqual(Object.keys(JSON.parse(JSON.stringify(image))), [
    "url",
    "title",
    "content",
    "engine",
    "engines",
    "positions",
    "score",
    "category",
    "template",
    "parsed_url",
    "publishedDate",
    "thumbnail",
    "img_src",
    "priority",
    "thumbnail_src",
    "resolution",
    "img_format",
    "source",
    "filesize",
  ]);
  assert.equal(image.template, "images.html");
  assert.equal(image.img_src, "https://example.org/cat.jpg");
  assert.equal(image.thumbnail, "https://tse.example/th?id=1");
  assert.equal(image.category, "images");
});

Deno.test("the same image shown by two pages is one result found by both engines", () => {
  const cat = (url: string): ImageResult => ({
    template: "images.html",
    url,
    title: "Cat",
    content: "",
    img_src: "https://upload.example.org/cat.jpg",
  });
  const { results } = mergeResults([
    output("bing images", "images", [cat("https://a.example/cats")]),
    output("duckduckgo images", "images", [
      { ...cat("https://b.example/pets"), resolution: "800 x 600" },
    ]),
  ]);
  assert.equal(results.length, 1);
  assert.deepEqual(results[0].engines, ["bing images", "duckduckgo images"]);
  assert.equal(results[0].template === "images.html" && results[0].resolution, "800 x 600");
});

Deno.test("papers merge by DOI, whatever resolver or case each engine wrote it with", () => {
  const paper = (url: string, written: string, authors: string[]): EngineResult => ({
    template: "paper.html",
    url,
    title: "Attention is all you need",
    content: "",
    doi: written,
    authors,
  });
  const { results } = mergeResults([
    output("crossref", "science", [paper("https://doi.org/10.5555/ABC", "10.5555/ABC", ["A"])]),
    output("openalex", "science", [
      paper("https://openalex.org/W1", "https://doi.org/10.5555/abc", ["A", "B"]),
    ]),
  ]);
  assert.equal(results.length, 1);
  const [merged] = results;
  assert.ok(merged.template === "paper.html");
  assert.equal(merged.doi, "10.5555/abc");
  assert.deepEqual(merged.authors, ["A", "B"]);
  assert.deepEqual(merged.engines, ["crossref", "openalex"]);
});

Deno.test("results of different kinds at one address stay apart", () => {
  const { results } = mergeResults([
    output("duckduckgo", "videos", [{
      url: "https://v.example/watch?v=1",
      title: "T",
      content: "",
    }]),
    output("youtube", "videos", [{
      template: "videos.html",
      url: "https://v.example/watch?v=1",
      title: "T",
      content: "",
      iframe_src: "http://v.example/embed/1",
    }]),
  ]);
  assert.deepEqual(results.map(({ template }) => template), ["default.html", "videos.html"]);
  // An embed that is not https is never offered.
  assert.equal(results[1].template === "videos.html" && results[1].iframe_src, null);
});

Deno.test("an image without a usable file address is dropped", () => {
  const { results } = mergeResults([output("bing images", "images", [{
    template: "images.html",
    url: "https://example.org/page",
    title: "Broken",
    content: "",
    img_src: "javascript:alert(1)",
  }])]);
  assert.deepEqual(results, []);
});

Deno.test("a DOI is read from its resolver URL or doi: prefix, in lower case, and nothing else is one", () => {
  assert.equal(doi("https://doi.org/10.1000/XYZ"), "10.1000/xyz");
  assert.equal(doi("doi:10.1000/a"), "10.1000/a");
  assert.equal(doi("10.1000/a"), "10.1000/a");
  assert.equal(doi("not a doi"), null);
  assert.equal(doi(""), null);
});
