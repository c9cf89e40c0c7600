// Images, videos, papers and packages on the results page, each as its kind shows it.
import assert from "node:assert/strict";
import { all, attr, type Element, first, text } from "../engines/toolkit/html.ts";
import type { SearchResult } from "../core/types.ts";
import { renderResultsPage } from "./results_page.ts";
import { doiUrl } from "./kind_items.ts";
import { resolutionText } from "./image_grid.ts";
import {
  ATTRIBUTE_PAYLOAD,
  checkPage,
  emptyOutcome,
  hostileKindsOutcome,
  JS_URL,
  sampleImage,
  samplePackage,
  samplePaper,
  samplePrefs,
  sampleResult,
  sampleSite,
  sampleVideo,
  sampleView,
  SCRIPT_PAYLOAD,
} from "./pages_testing.ts";
import type { Preferences } from "../core/preferences.ts";

function page(results: SearchResult[], prefs: Partial<Preferences> = {}, category = "general") {
  return checkPage(
    renderResultsPage(
      sampleSite(),
      samplePrefs(prefs),
      sampleView({ category, outcome: { ...emptyOutcome(), results } }),
    ),
  );
}

/** A result's facts as [name, value] pairs. */
function facts(article: Element | null): [string, string][] {
  assert.ok(article);
  return all(article, ".facts div").map((pair) => [
    text(first(pair, "dt")),
    text(first(pair, "dd")),
  ]);
}

Deno.test("image results are a grid of thumbnails, each opening the full image, alt text the title, the title linking its page", () => {
  const document = page(
    [
      sampleImage(),
      sampleImage({
        title: "Ferris waving",
        url: "https://blog.example.net/ferris",
        img_src: "https://blog.example.net/ferris-wave.jpg",
        thumbnail_src: "https://blog.example.net/ferris-wave-small.jpg",
        resolution: "640x480",
        img_format: null,
        filesize: null,
        source: null,
      }),
    ],
    {},
    "images",
  );
  const grid = first(document, "ul.image-grid")!;
  assert.equal(attr(grid, "aria-label"), "Images");
  const items = all(grid, "li > article.result.result-images");
  assert.equal(items.length, 2);

  const full = first(items[0], ".image-frame a")!;
  assert.equal(attr(full, "href"), "https://upload.example.org/ferris.png");
  assert.equal(attr(full, "rel"), "noreferrer noopener");
  const thumbnail = first(full, "img")!;
  assert.equal(attr(thumbnail, "alt"), "Ferris the crab");
  assert.equal(attr(thumbnail, "src"), "https://upload.example.org/thumb/ferris.png");
  assert.equal(attr(thumbnail, "loading"), "lazy");
  // Screen readers tell the two links apart: the image opens the file, the title the page.
  assert.equal(text(full), "(full image)");
  const pageLink = first(items[0], "h3 a")!;
  assert.equal(text(pageLink), "Ferris the crab");
  assert.equal(attr(pageLink, "href"), "https://commons.example.org/wiki/File:Ferris.png");
  assert.equal(text(first(items[0], ".image-details")), "1200 × 800 · png · 84 KB");
  assert.equal(text(first(items[0], ".image-source")), "Example Commons");

  // Without a source of its own, the image is from its page's host.
  assert.equal(text(first(items[1], ".image-details")), "640 × 480");
  assert.equal(text(first(items[1], ".image-source")), "blog.example.net");
  assert.equal(
    attr(first(items[1], "img"), "src"),
    "https://blog.example.net/ferris-wave-small.jpg",
  );
});

Deno.test("image thumbnails come through the image proxy when it is on; the full image stays a link the person follows", () => {
  const document = page([sampleImage()], { image_proxy: true }, "images");
  assert.equal(
    attr(first(document, ".image-grid img"), "src"),
    "/image_proxy?url=https%3A%2F%2Fupload.example.org%2Fthumb%2Fferris.png&h=abc",
  );
  assert.equal(
    attr(first(document, ".image-grid .image-frame a"), "href"),
    "https://upload.example.org/ferris.png",
  );
  // Nothing on the page loads from the image host itself.
  for (const image of all(document, "img")) assert.match(attr(image, "src")!, /^\/image_proxy\?/);
});

Deno.test("an image without a usable thumbnail says there is no preview, and an untitled one is named by its source", () => {
  const document = page([sampleImage({ title: "", thumbnail_src: JS_URL })], {}, "images");
  const item = first(document, ".image-grid article")!;
  assert.equal(first(item, "img"), null);
  assert.equal(text(first(item, ".no-preview")), "No preview: Image from Example Commons");
  assert.equal(text(first(item, "h3 a")), "Example Commons");
});

Deno.test("images next to each other share a grid; other results keep their place between grids", () => {
  const document = page([
    sampleImage({ img_src: "https://a.example/1.png" }),
    sampleImage({ img_src: "https://a.example/2.png" }),
    sampleResult(),
    sampleImage({ img_src: "https://a.example/3.png" }),
  ]);
  const blocks = all(document, "#urls > *").map((element) =>
    element.name === "ul" ? `grid of ${all(element, "li").length}` : attr(element, "class")
  );
  assert.deepEqual(blocks, ["grid of 2", "result result-default category-general", "grid of 1"]);
});

Deno.test("a video shows its thumbnail, length, author, date and source, and frames nothing: its player is a link to our page", () => {
  const document = page([sampleVideo()], { image_proxy: true }, "videos");
  assert.equal(all(document, "iframe, frame, object, embed, video").length, 0);
  const article = first(document, "article.result-videos")!;
  assert.equal(attr(first(article, "h3 a"), "href"), "https://www.youtube.com/watch?v=abc123");
  assert.deepEqual(facts(article), [
    ["Length", "2:14"],
    ["Author", "Fireship"],
    ["Published", "2024-05-01"],
    ["Source", "www.youtube.com"],
  ]);
  assert.equal(
    attr(first(article, "img.thumbnail"), "src"),
    "/image_proxy?url=https%3A%2F%2Fi.ytimg.example%2Fvi%2Fabc123%2Fhq.jpg&h=abc",
  );
  const play = first(article, ".play a")!;
  assert.equal(text(play), "Play here");
  assert.equal(
    attr(play, "href"),
    "/embed?src=https%3A%2F%2Fwww.youtube-nocookie.com%2Fembed%2Fabc123&h=abc",
  );
  assert.equal(attr(play, "target"), undefined);
  assert.match(text(first(article, ".play")), /loads www\.youtube-nocookie\.com's player/);
});

Deno.test('a date counted back from "2 years ago" shows as that age and its year, never as an exact day', () => {
  const DAY_MS = 24 * 60 * 60 * 1000;
  const back = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
  const twoYears = back(2 * 365);
  const document = page([
    sampleVideo({ publishedDate: twoYears, publishedDatePrecision: "year" }),
    sampleResult({ publishedDate: back(21), publishedDatePrecision: "week" }),
  ]);
  const video = first(document, "article.result-videos");
  assert.deepEqual(facts(video).find(([name]) => name === "Published"), [
    "Published",
    "about 2 years ago",
  ]);
  assert.equal(attr(first(video!, "time"), "datetime"), twoYears.slice(0, 4));
  const web = first(document, "article.result-default")!;
  assert.equal(text(first(web, "time")), "about 3 weeks ago");
  assert.doesNotMatch(text(document), new RegExp(twoYears.slice(0, 10)));
});

Deno.test("a video without a player, or with one that is not https, has no play link", () => {
  const document = page([
    sampleVideo({ iframe_src: null }),
    sampleVideo({ url: "https://v.example/2", iframe_src: "http://player.example/2" }),
  ]);
  assert.equal(all(document, "article.result-videos").length, 2);
  assert.equal(all(document, ".play").length, 0);
});

Deno.test("a paper shows its authors, journal, year, publisher and type, its DOI linked at doi.org and its PDF", () => {
  const document = page([samplePaper()], {}, "science");
  const article = first(document, "article.result-paper")!;
  assert.deepEqual(facts(article), [
    ["Authors", "Ada Lovelace, Alan Turing"],
    ["Journal", "Journal of Systems, vol. 12, pp. 1-20"],
    ["Year", "2021"],
    ["Publisher", "ACM"],
    ["Type", "journal-article"],
  ]);
  assert.equal(attr(first(article, ".facts time"), "datetime"), "2021-03-15T00:00:00.000Z");
  const links = all(article, "ul.links a").map((a) => [text(a), attr(a, "href"), attr(a, "rel")]);
  assert.deepEqual(links, [
    [
      "DOI 10.1145/3453483.3454036",
      "https://doi.org/10.1145/3453483.3454036",
      "noreferrer noopener",
    ],
    ["PDF", "https://arxiv.org/pdf/2401.00001", "noreferrer noopener"],
  ]);
});

Deno.test("a paper with many authors names the first eight and counts the rest; one without DOI or PDF has no links", () => {
  const authors = Array.from({ length: 11 }, (_, i) => `Author ${i + 1}`);
  const document = page([samplePaper({ authors, doi: null, pdf_url: null, journal: null })]);
  const article = first(document, "article.result-paper")!;
  assert.deepEqual(facts(article)[0], [
    "Authors",
    "Author 1, Author 2, Author 3, Author 4, Author 5, Author 6, Author 7, Author 8 and 3 more",
  ]);
  assert.equal(first(article, "ul.links"), null);
  assert.ok(!facts(article).some(([name]) => name === "Journal"));
});

Deno.test("a journal reference that names its volume and pages does not get them twice", () => {
  const document = page([
    samplePaper({ journal: "Nature 574, 505-510 (2019)", volume: "574", pages: "505-510" }),
    samplePaper({ url: "https://b.example/", journal: "Nature 5", volume: "574", pages: "1-2" }),
  ]);
  const journals = all(document, "article.result-paper").map((article) =>
    facts(article).find(([name]) => name === "Journal")?.[1]
  );
  assert.deepEqual(journals, ["Nature 574, 505-510 (2019)", "Nature 5, vol. 574, pp. 1-2"]);
});

Deno.test("a DOI's address at doi.org escapes what would end or change the path", () => {
  assert.equal(doiUrl("10.1000/a#b?c<d"), "https://doi.org/10.1000/a%23b%3Fc%3Cd");
  assert.equal(doiUrl("10.1002/(sici)1097"), "https://doi.org/10.1002/(sici)1097");
});

Deno.test("a package shows its version, maintainer, license, popularity, date, tags and its homepage and source links", () => {
  const document = page([samplePackage()], {}, "it");
  const article = first(document, "article.result-packages")!;
  assert.equal(text(first(article, "h3")), "serde");
  assert.equal(
    text(first(article, ".content")),
    "A generic serialization/deserialization framework",
  );
  assert.deepEqual(facts(article), [
    ["Version", "1.0.228"],
    ["Maintainer", "dtolnay"],
    ["License", "MIT OR Apache-2.0"],
    ["Popularity", "700M downloads"],
    ["Published", "2025-09-01"],
    ["Tags", "serde, serialization, no_std"],
  ]);
  assert.deepEqual(all(article, "ul.links a").map((a) => [text(a), attr(a, "href")]), [
    ["Homepage", "https://serde.rs/"],
    ["Source code", "https://github.com/serde-rs/serde"],
  ]);
});

Deno.test("every kind's upstream text and URLs are escaped and never become script, handler or javascript: link", () => {
  const rendered = renderResultsPage(
    sampleSite(),
    samplePrefs({ image_proxy: true }),
    sampleView({ outcome: hostileKindsOutcome() }),
  );
  const document = checkPage(rendered);
  for (const element of all(document, "[href], [src]")) {
    const url = attr(element, "href") ?? attr(element, "src")!;
    assert.ok(!url.trim().toLowerCase().startsWith("javascript:"), url);
  }
  assert.ok(rendered.includes("&lt;script&gt;alert(1)&lt;/script&gt;"));
  assert.equal(all(document, "iframe").length, 0);
  // The image whose file is a javascript: URL links nothing and shows no picture.
  const [badImage, goodImage] = all(document, ".image-grid article");
  assert.equal(first(badImage, ".image-frame a"), null);
  assert.equal(first(badImage, "img"), null);
  assert.equal(attr(first(goodImage, "img"), "alt"), `${SCRIPT_PAYLOAD}${ATTRIBUTE_PAYLOAD}`);
  // A video with a javascript: player gets no play link; the paper's DOI is escaped in its link.
  assert.equal(all(document, ".play a").length, 1);
  const doi = all(document, "article.result-paper ul.links a")[0];
  assert.ok(attr(doi, "href")!.startsWith("https://doi.org/10.1000/%3Cscript%3E"));
  // The package's javascript: homepage is dropped, its https source code link kept.
  assert.deepEqual(all(document, "article.result-packages ul.links a").map(text), ["Source code"]);
});

Deno.test("a resolution reads as width × height", () => {
  assert.equal(resolutionText("1920 x 1080"), "1920 × 1080");
  assert.equal(resolutionText("800X600"), "800 × 600");
  assert.equal(resolutionText("about 2 MP"), "about 2 MP");
});
