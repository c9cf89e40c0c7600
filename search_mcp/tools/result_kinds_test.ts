import assert from "node:assert/strict";
import { searchResponseSchema } from "../engine_client.ts";
import { kindLines, kindOutput } from "./result_kinds.ts";
import { renderText, shapeOutput } from "./web_search.ts";

/** An answer as a SearXNG instance sends it, read the way the engine client reads it. */
function answer(results: Record<string, unknown>[]) {
  return searchResponseSchema.parse({ query: "crab", results });
}

const IMAGE = {
  url: "https://commons.example.org/wiki/File:Crab.jpg",
  title: "Red rock crab",
  content: "",
  template: "images.html",
  img_src: "https://upload.example.org/crab.jpg",
  thumbnail_src: "https://upload.example.org/thumb/crab.jpg",
  thumbnail: "https://upload.example.org/thumb/crab.jpg",
  resolution: "1920 x 1080",
  img_format: "jpeg",
  source: "Wikimedia Commons",
  filesize: "2.1 MB",
  engines: ["bing images"],
  score: 1,
  category: "images",
  parsed_url: ["https", "commons.example.org", "/wiki/File:Crab.jpg", "", "", ""],
};

Deno.test("an image result says what it shows, where it is, its size and where it comes from", () => {
  const output = shapeOutput(answer([IMAGE]), { query: "crab" }, false);
  const [image] = output.results;
  assert.equal(image.template, "images.html");
  assert.equal(image.img_src, "https://upload.example.org/crab.jpg");
  assert.equal(image.resolution, "1920 x 1080");
  assert.equal(image.source, "Wikimedia Commons");
  assert.equal("parsed_url" in image, false, "fields nobody reads are left out");
  const text = renderText(output, false);
  assert.match(
    text,
    new RegExp(
      [
        "^Title: Red rock crab",
        "URL: https://commons.example.org/wiki/File:Crab.jpg",
        "Result Type: image",
        "Image URL: https://upload.example.org/crab.jpg",
        "Resolution: 1920 × 1080",
        "Format: jpeg",
        "File Size: 2.1 MB",
        "Source: Wikimedia Commons",
      ].join("\n").replaceAll(".", "\\.").replaceAll("?", "\\?"),
      "m",
    ),
  );
  // The file is named once, as the Image URL.
  assert.doesNotMatch(text, /Image Source:/);
  assert.match(text, /^Thumbnail: https:\/\/upload\.example\.org\/thumb\/crab\.jpg$/m);
});

Deno.test("a video's length reads the same whether SearXNG sent seconds or our engine sent minutes", () => {
  const [fromSeconds, fromHours, fromText, unreadable] = answer([
    { url: "https://v.example/1", title: "a", template: "videos.html", length: 149.0 },
    { url: "https://v.example/2", title: "b", template: "videos.html", length: "3852" },
    { url: "https://v.example/3", title: "c", template: "videos.html", length: "2:29" },
    { url: "https://v.example/4", title: "d", template: "videos.html", length: { weird: 1 } },
  ]).results;
  assert.equal(fromSeconds.length, "2:29");
  assert.equal(fromHours.length, "1:04:12");
  assert.equal(fromText.length, "2:29");
  assert.equal(unreadable.length, undefined);
});

Deno.test("a video result gives its length, author, date and watch URL; a paper its authors, journal, year, DOI and PDF", () => {
  const output = shapeOutput(
    answer([
      {
        url: "https://www.youtube.com/watch?v=5C_HPTJg5ek",
        title: "Rust in 100 Seconds",
        content: "Rust is a memory-safe language.",
        template: "videos.html",
        length: 149,
        author: "Fireship",
        iframe_src: "https://www.youtube-nocookie.com/embed/5C_HPTJg5ek",
        publishedDate: "2021-09-16T00:00:00",
      },
      {
        url: "https://dl.acm.org/doi/10.1145/3158154",
        title: "RustBelt",
        content: "A formal safety proof.",
        template: "paper.html",
        authors: ["Ralf Jung", "Derek Dreyer"],
        journal: "Proc. ACM Program. Lang.",
        volume: 2,
        pages: "1-34",
        publisher: "ACM",
        doi: "https://doi.org/10.1145/3158154",
        pdf_url: "https://example.org/rustbelt.pdf",
        type: "journal-article",
        publishedDate: "2017-12-27T00:00:00",
      },
    ]),
    { query: "rust" },
    false,
  );
  const [video, paper] = renderText(output, false).split("\n\n");
  assert.deepEqual(video.split("\n").slice(2, 7), [
    "URL: https://www.youtube.com/watch?v=5C_HPTJg5ek",
    "Result Type: video",
    "Length: 2:29",
    "Author: Fireship",
    "Embed URL: https://www.youtube-nocookie.com/embed/5C_HPTJg5ek",
  ]);
  assert.match(video, /^Published Date: 2021-09-16T00:00:00$/m);
  assert.deepEqual(paper.split("\n").slice(3, 13), [
    "Result Type: paper",
    "Authors: Ralf Jung, Derek Dreyer",
    "Journal: Proc. ACM Program. Lang.",
    "Volume: 2",
    "Pages: 1-34",
    "Publisher: ACM",
    "Year: 2017",
    "DOI: 10.1145/3158154 (https://doi.org/10.1145/3158154)",
    "PDF: https://example.org/rustbelt.pdf",
    "Paper Type: journal-article",
  ]);
  assert.deepEqual(output.results[1].authors, ["Ralf Jung", "Derek Dreyer"]);
  assert.equal(output.results[1].volume, "2");
});

Deno.test('a date counted back from "2 years ago" reads as that age and its year, not as an exact timestamp', () => {
  const video = {
    url: "https://www.youtube.com/watch?v=5C_HPTJg5ek",
    title: "Rust in 100 Seconds",
    template: "videos.html",
    publishedDate: "2024-11-21T00:00:00.000Z",
    publishedDatePrecision: "year",
  };
  const output = shapeOutput(
    answer([
      video,
      { ...video, url: "https://v.example/2", publishedDatePrecision: "week" },
      { ...video, url: "https://v.example/3", publishedDatePrecision: "fortnight" },
    ]),
    { query: "rust" },
    false,
  );
  assert.equal(output.results[0].publishedDate, "2024-11-21T00:00:00.000Z");
  assert.equal(output.results[0].publishedDatePrecision, "year");
  const dates = renderText(output, false, new Date("2026-11-28T10:00:00Z")).split("\n")
    .filter((line) => line.startsWith("Published Date:"));
  assert.deepEqual(dates, [
    "Published Date: about 2 years ago (around 2024)",
    "Published Date: about 105 weeks ago (around 2024-11-21)",
    // A unit we do not know is no mark: the date is shown as the engine sent it.
    "Published Date: 2024-11-21T00:00:00.000Z",
  ]);
});

Deno.test("a package result gives its version, description and links", () => {
  const output = shapeOutput(
    answer([{
      url: "https://crates.io/crates/serde",
      title: "serde",
      content: "A generic serialization/deserialization framework",
      template: "packages.html",
      package_name: "serde",
      version: "1.0.228",
      maintainer: "dtolnay",
      license_name: "MIT OR Apache-2.0",
      popularity: 720000000,
      tags: ["serde", "no_std"],
      homepage: "https://serde.rs",
      source_code_url: "https://github.com/serde-rs/serde",
    }]),
    { query: "serde" },
    false,
  );
  assert.deepEqual(renderText(output, false).split("\n"), [
    "Title: serde",
    "Description: A generic serialization/deserialization framework",
    "URL: https://crates.io/crates/serde",
    "Result Type: package",
    "Package: serde",
    "Version: 1.0.228",
    "Maintainer: dtolnay",
    "License: MIT OR Apache-2.0",
    "Popularity: 720000000",
    "Tags: serde, no_std",
    "Homepage: https://serde.rs",
    "Source Code: https://github.com/serde-rs/serde",
  ]);
  assert.equal(output.results[0].popularity, "720000000");
});

Deno.test("compact detail stays title, URL and description for every kind, as mcp-searxng's", () => {
  const output = shapeOutput(
    answer([IMAGE, { ...IMAGE, url: "https://a.example/", content: "A crab." }]),
    { query: "crab", result_detail: "compact" },
    false,
  );
  assert.deepEqual(Object.keys(output.results[0]).sort(), ["content", "title", "url"]);
  assert.deepEqual(renderText(output, true).split("\n\n").map((block) => block.split("\n")), [
    ["Title: Red rock crab", "URL: https://commons.example.org/wiki/File:Crab.jpg"],
    ["Title: Red rock crab", "Description: A crab.", "URL: https://a.example/"],
  ]);
});

Deno.test("a field with no value prints no label: an image found by one engine has no empty Description or Category line", () => {
  const output = shapeOutput(
    {
      ...answer([{
        ...IMAGE,
        title: " ",
        content: "\n",
        engines: ["bing images"],
        category: " ",
        publishedDate: "",
        thumbnail: "  ",
        source: " ",
      }]),
      answers: [{ answer: " " }],
      corrections: ["", "crab"],
      suggestions: ["", "red crab"],
      infoboxes: [{ infobox: "", content: " " }, { infobox: "Crab", content: "" }],
    },
    { query: "crab" },
    false,
  );
  const lines = renderText(output, false).split("\n");
  assert.deepEqual(lines.filter((text) => /^[A-Z][\w ]*:\s*$/.test(text)), [], lines.join("\n"));
  assert.deepEqual(lines.slice(0, 10), [
    'Spelling correction: did you mean "crab"?',
    "",
    "Suggestions: red crab",
    "",
    "Infobox: Crab",
    "",
    "---",
    "",
    "URL: https://commons.example.org/wiki/File:Crab.jpg",
    "Result Type: image",
  ]);
  assert.ok(lines.includes("Engines: bing images"));
});

Deno.test("web results and unknown kinds add no kind lines or fields; a kind keeps only its own fields", () => {
  assert.deepEqual(kindLines({}), []);
  assert.deepEqual(kindLines({ template: "map.html" }), []);
  const [web, map] = answer([
    { url: "https://a.example/", title: "a", author: "someone" },
    { url: "https://b.example/", title: "b", template: "map.html", author: "someone" },
  ]).results;
  assert.deepEqual(kindOutput(web), {});
  assert.deepEqual(kindOutput(map), { template: "map.html" });
  // A video's fields on an image result are not its own.
  const [image] = answer([{ ...IMAGE, author: "x", doi: "10.1/x" }]).results;
  assert.deepEqual(Object.keys(kindOutput(image)).sort(), [
    "filesize",
    "img_format",
    "resolution",
    "source",
    "template",
    "thumbnail_src",
  ]);
});

Deno.test("a paper with many authors names twenty and counts the rest; kind fields are one line each", () => {
  const authors = Array.from({ length: 23 }, (_, i) => `A${i + 1}`);
  const lines = kindLines({ template: "paper.html", authors, journal: "Line\nbreak" });
  assert.equal(lines[1], `Authors: ${authors.slice(0, 20).join(", ")} and 3 more`);
  assert.equal(lines[2], "Journal: Line break");
});
