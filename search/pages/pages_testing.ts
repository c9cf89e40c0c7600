// Test support for the pages: a sample instance, sample search outcomes (one of them hostile) and
// the checks every rendered page must pass.
import assert from "node:assert/strict";
import type { EngineChoice } from "../core/engine_choice.ts";
import type {
  ImageSearchResult,
  PackageSearchResult,
  PaperSearchResult,
  SearchOutcome,
  VideoSearchResult,
  WebSearchResult,
} from "../core/types.ts";
import { all, attr, type Document, parseHtml } from "../engines/toolkit/html.ts";
import type { SiteView } from "./layout.ts";
import type { Preferences } from "../core/preferences.ts";
import type { ResultsView } from "./results_page.ts";

/**
 * Engines of a sample instance: one in two categories, one off by default (settings'
 * `disabled: true`) that a person may switch on.
 */
export const SAMPLE_ENGINES: EngineChoice[] = [
  { name: "duckduckgo", categories: ["general"], disabled: false },
  { name: "brave", categories: ["general", "news"], disabled: false },
  { name: "wikipedia", categories: ["general"], disabled: false },
  { name: "google news", categories: ["news"], disabled: false },
  { name: "qwant images", categories: ["images"], disabled: true },
];

export function sampleSite(overrides: Partial<SiteView> = {}): SiteView {
  return {
    instanceName: "Test Search",
    categories: ["general", "images", "news"],
    extraFormats: ["json", "csv", "rss"],
    autocomplete: true,
    imageProxy: (url) => `/image_proxy?url=${encodeURIComponent(url)}&h=abc`,
    videoEmbed: ({ src }) =>
      src.startsWith("https://") ? `/embed?src=${encodeURIComponent(src)}&h=abc` : null,
    languages: [{ tag: "en", label: "English" }, { tag: "de", label: "Deutsch" }],
    ...overrides,
  };
}

export function samplePrefs(overrides: Partial<Preferences> = {}): Preferences {
  return {
    language: "auto",
    safesearch: 0,
    theme: "auto",
    method: "GET",
    disabled_engines: [],
    disabled_plugins: [],
    enabled_plugins: [],
    doi_resolver: "oadoi.org",
    enabled_engines: [],
    image_proxy: false,
    ...overrides,
  };
}

export function sampleResult(overrides: Partial<WebSearchResult> = {}): WebSearchResult {
  const url = overrides.url ?? "https://www.rust-lang.org/learn/get-started";
  return {
    url,
    title: "Getting started - Rust Programming Language",
    content: "Quickly set up a Rust development environment.",
    engine: "duckduckgo",
    engines: ["duckduckgo", "brave"],
    positions: [1, 2],
    score: 3,
    category: "general",
    template: "default.html",
    parsed_url: ["https", "www.rust-lang.org", "/learn/get-started", "", "", ""],
    publishedDate: null,
    thumbnail: null,
    img_src: null,
    priority: "",
    ...overrides,
  };
}

/** What every result carries, for the kinds' samples. */
function commonFields(url: string, category: string) {
  const parsed = new URL(url);
  return {
    url,
    content: "",
    engine: "sample",
    engines: ["sample"],
    positions: [1],
    score: 1,
    category,
    parsed_url: [parsed.protocol.slice(0, -1), parsed.host, parsed.pathname, "", "", ""] as [
      string,
      string,
      string,
      string,
      string,
      string,
    ],
    publishedDate: null,
    thumbnail: null,
    img_src: null,
    priority: "" as const,
  };
}

export function sampleImage(overrides: Partial<ImageSearchResult> = {}): ImageSearchResult {
  const img_src = overrides.img_src ?? "https://upload.example.org/ferris.png";
  return {
    ...commonFields(overrides.url ?? "https://commons.example.org/wiki/File:Ferris.png", "images"),
    title: "Ferris the crab",
    template: "images.html",
    img_src,
    thumbnail: "https://upload.example.org/thumb/ferris.png",
    thumbnail_src: "https://upload.example.org/thumb/ferris.png",
    resolution: "1200 x 800",
    img_format: "png",
    source: "Example Commons",
    filesize: "84 KB",
    ...overrides,
  };
}

export function sampleVideo(overrides: Partial<VideoSearchResult> = {}): VideoSearchResult {
  return {
    ...commonFields(overrides.url ?? "https://www.youtube.com/watch?v=abc123", "videos"),
    title: "Rust in 100 seconds",
    content: "A quick tour of the language.",
    template: "videos.html",
    publishedDate: "2024-05-01T00:00:00.000Z",
    thumbnail: "https://i.ytimg.example/vi/abc123/hq.jpg",
    iframe_src: "https://www.youtube-nocookie.com/embed/abc123",
    length: "2:14",
    author: "Fireship",
    ...overrides,
  };
}

export function samplePaper(overrides: Partial<PaperSearchResult> = {}): PaperSearchResult {
  return {
    ...commonFields(overrides.url ?? "https://arxiv.org/abs/2401.00001", "science"),
    title: "Ownership types for safe systems programming",
    content: "We show that ownership and borrowing prevent data races.",
    template: "paper.html",
    publishedDate: "2021-03-15T00:00:00.000Z",
    authors: ["Ada Lovelace", "Alan Turing"],
    journal: "Journal of Systems",
    publisher: "ACM",
    doi: "10.1145/3453483.3454036",
    pdf_url: "https://arxiv.org/pdf/2401.00001",
    type: "journal-article",
    volume: "12",
    pages: "1-20",
    ...overrides,
  };
}

export function samplePackage(overrides: Partial<PackageSearchResult> = {}): PackageSearchResult {
  return {
    ...commonFields(overrides.url ?? "https://crates.io/crates/serde", "it"),
    title: "serde",
    content: "A generic serialization/deserialization framework",
    template: "packages.html",
    publishedDate: "2025-09-01T00:00:00.000Z",
    package_name: "serde",
    version: "1.0.228",
    maintainer: "dtolnay",
    homepage: "https://serde.rs/",
    source_code_url: "https://github.com/serde-rs/serde",
    tags: ["serde", "serialization", "no_std"],
    popularity: "700M downloads",
    license_name: "MIT OR Apache-2.0",
    ...overrides,
  };
}

export function emptyOutcome(query = "rust"): SearchOutcome {
  return {
    query,
    results: [],
    answers: [],
    corrections: [],
    infoboxes: [],
    suggestions: [],
    unresponsive_engines: [],
  };
}

export function sampleView(overrides: Partial<ResultsView> = {}): ResultsView {
  return {
    q: "rust",
    category: "general",
    pageno: 1,
    language: "all",
    time_range: "",
    safesearch: 0,
    outcome: { ...emptyOutcome(), results: [sampleResult()] },
    paging: true,
    answered: 1,
    ...overrides,
  };
}

export const SCRIPT_PAYLOAD = "<script>alert(1)</script>";
export const ATTRIBUTE_PAYLOAD = `"><img src=x onerror=alert(1)>`;
export const JS_URL = "javascript:alert(1)";
const BOTH = `${SCRIPT_PAYLOAD}${ATTRIBUTE_PAYLOAD}`;

/** An outcome whose every upstream-controlled text and URL is an injection attempt. */
export function hostileOutcome(): SearchOutcome {
  return {
    query: BOTH,
    results: [
      sampleResult({
        url: JS_URL,
        title: BOTH,
        content: BOTH,
        engines: [BOTH],
        category: BOTH,
        publishedDate: BOTH,
        thumbnail: JS_URL,
      }),
      sampleResult({
        url: `https://example.org/${ATTRIBUTE_PAYLOAD}`,
        title: BOTH,
        img_src: `https://example.org/x.png?${ATTRIBUTE_PAYLOAD}`,
      }),
    ],
    answers: [{
      url: JS_URL,
      engine: BOTH,
      parsed_url: null,
      template: "answer/legacy.html",
      answer: BOTH,
    }],
    corrections: [BOTH],
    infoboxes: [{
      infobox: BOTH,
      id: JS_URL,
      content: BOTH,
      img_src: JS_URL,
      urls: [{ title: BOTH, url: JS_URL }, { title: BOTH, url: `https://x.test/${BOTH}` }],
      attributes: [{ label: BOTH, value: BOTH }],
      engine: BOTH,
      engines: [BOTH],
    }],
    suggestions: [BOTH],
    unresponsive_engines: [[BOTH, BOTH]],
  };
}

/**
 * What the CSP forbids and what would run code: inline scripts, scripts from elsewhere, inline
 * styles, script URLs, handlers. Our own script files (/static/*.js) are allowed.
 */
export function assertNoActiveContent(page: string): void {
  const withoutOwnScripts = page.replace(
    /<script src="\/static\/[a-z_-]+\.js" defer><\/script>/g,
    "",
  );
  assert.doesNotMatch(withoutOwnScripts, /<script/i);
  assert.doesNotMatch(page, /<style/i);
  assert.doesNotMatch(page, / style=/i);
  assert.doesNotMatch(page, /(href|src|action)="\s*javascript:/i);
  assert.ok(!page.includes(SCRIPT_PAYLOAD), "raw <script> payload in the page");
  assert.ok(!page.includes(ATTRIBUTE_PAYLOAD), "raw attribute-breaking payload in the page");
  for (const element of all(parseHtml(page), "*")) {
    for (const name of Object.keys(element.attribs)) {
      assert.ok(!name.startsWith("on"), `event handler attribute ${name} on <${element.name}>`);
    }
  }
}

/** Every visible form control has an id, and a <label for> with that id exists. */
export function assertLabelled(document: Document): void {
  const labelled = new Set(all(document, "label[for]").map((label) => attr(label, "for")));
  const controls = all(document, "input:not([type=hidden]), select, textarea");
  assert.ok(controls.length > 0, "no form controls to check");
  for (const control of controls) {
    const id = attr(control, "id");
    assert.ok(id, `<${control.name} name=${attr(control, "name")}> has no id`);
    assert.ok(labelled.has(id), `no <label for="${id}">`);
  }
}

/** Each id is used once (labels and aria-labelledby depend on it). */
export function assertUniqueIds(document: Document): void {
  const ids = all(document, "[id]").map((element) => attr(element, "id"));
  assert.deepEqual(ids, [...new Set(ids)]);
}

/** The checks every page must pass; returns the parsed page for further assertions. */
export function checkPage(page: string): Document {
  assert.ok(page.startsWith("<!doctype html>"));
  assertNoActiveContent(page);
  const document = parseHtml(page);
  assertUniqueIds(document);
  return document;
}

/** Results of every kind whose every upstream-controlled field is an injection attempt. */
export function hostileKindsOutcome(): SearchOutcome {
  return {
    ...emptyOutcome(BOTH),
    results: [
      sampleImage({
        title: BOTH,
        url: JS_URL,
        img_src: JS_URL,
        thumbnail: JS_URL,
        thumbnail_src: JS_URL,
        resolution: BOTH,
        img_format: BOTH,
        source: BOTH,
        filesize: BOTH,
        engines: [BOTH],
        category: BOTH,
      }),
      sampleImage({
        title: BOTH,
        img_src: `https://example.org/${ATTRIBUTE_PAYLOAD}.png`,
        thumbnail_src: `https://example.org/thumb/${ATTRIBUTE_PAYLOAD}.png`,
      }),
      sampleVideo({
        title: BOTH,
        url: JS_URL,
        content: BOTH,
        thumbnail: JS_URL,
        iframe_src: JS_URL,
        length: BOTH,
        author: BOTH,
        publishedDate: BOTH,
      }),
      sampleVideo({ title: BOTH, iframe_src: `https://player.example/${ATTRIBUTE_PAYLOAD}` }),
      samplePaper({
        title: BOTH,
        url: JS_URL,
        content: BOTH,
        authors: [BOTH, BOTH],
        journal: BOTH,
        publisher: BOTH,
        doi: `10.1000/${BOTH}`,
        pdf_url: JS_URL,
        type: BOTH,
        volume: BOTH,
        pages: BOTH,
      }),
      samplePackage({
        title: BOTH,
        url: JS_URL,
        content: BOTH,
        package_name: BOTH,
        version: BOTH,
        maintainer: BOTH,
        homepage: JS_URL,
        source_code_url: `https://example.org/${ATTRIBUTE_PAYLOAD}`,
        tags: [BOTH],
        popularity: BOTH,
        license_name: BOTH,
      }),
    ],
  };
}
