// Test support for the pages: a sample instance, sample search outcomes (one of them hostile) and
// the checks every rendered page must pass.
import assert from "node:assert/strict";
import type { SearchOutcome, WebSearchResult } from "../core/types.ts";
import { all, attr, type Document, parseHtml } from "../engines/html.ts";
import type { SiteView } from "./layout.ts";
import type { Preferences } from "../core/preferences.ts";
import type { ResultsView } from "./results_page.ts";

export const ENGINE_NAMES = ["duckduckgo", "brave", "wikipedia", "google news"] as const;

export function sampleSite(overrides: Partial<SiteView> = {}): SiteView {
  return {
    instanceName: "Test Search",
    categories: ["general", "images", "news"],
    extraFormats: ["json", "csv", "rss"],
    autocomplete: true,
    imageProxy: (url) => `/image_proxy?url=${encodeURIComponent(url)}&h=abc`,
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

/** What the CSP forbids and what would run code: scripts, inline styles, script URLs, handlers. */
export function assertNoActiveContent(page: string): void {
  assert.doesNotMatch(page, /<script/i);
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
