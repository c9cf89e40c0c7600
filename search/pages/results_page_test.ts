import assert from "node:assert/strict";
import { all, attr, type Element, first, text } from "../engines/toolkit/html.ts";
import type { UnresponsiveEngine } from "../core/types.ts";
import { renderResultsPage } from "./results_page.ts";
import {
  assertLabelled,
  checkPage,
  emptyOutcome,
  hostileOutcome,
  JS_URL,
  samplePrefs,
  sampleResult,
  sampleSite,
  sampleView,
} from "./pages_testing.ts";

/** Every attribute value under `root`, for what must not be in any URL. */
function checkPageText(root: Element): string {
  return all(root, "*").flatMap((element) => Object.values(element.attribs)).join("\n");
}

function hiddenFields(form: Element | undefined) {
  assert.ok(form);
  return Object.fromEntries(
    all(form, "input[type=hidden]").map((input) => [attr(input, "name"), attr(input, "value")]),
  );
}

Deno.test("upstream text and URLs are escaped and never become script, handler or javascript: link", () => {
  const page = renderResultsPage(
    sampleSite(),
    samplePrefs({ image_proxy: true }),
    sampleView({ q: "<script>alert(1)</script>", outcome: hostileOutcome() }),
  );
  const document = checkPage(page);
  for (const element of all(document, "[href], [src]")) {
    const url = attr(element, "href") ?? attr(element, "src")!;
    assert.ok(!url.trim().toLowerCase().startsWith("javascript:"), url);
  }
  // The javascript: result stays readable as text, without a link.
  const unsafe = all(document, "article.result")[0];
  assert.equal(first(unsafe, "h3 a"), null);
  assert.match(text(first(unsafe, ".url")), /javascript:alert\(1\)/);
  assert.equal(first(unsafe, "img"), null);
  // The escaped payload is shown, so the user sees what the upstream sent.
  assert.match(text(first(unsafe, "h3")), /<script>alert\(1\)<\/script>/);
  assert.ok(page.includes("&lt;script&gt;alert(1)&lt;/script&gt;"));
  assert.ok(!page.includes(`href="${JS_URL}"`));
});

Deno.test("the query is not put in the page title", () => {
  const page = renderResultsPage(sampleSite(), samplePrefs(), sampleView({ q: "secret words" }));
  const document = checkPage(page);
  assert.equal(text(first(document, "title")), "Test Search");
  assert.equal(attr(first(document, "#q"), "value"), "secret words");
});

Deno.test("result links carry rel=noreferrer noopener and the page forbids referrers", () => {
  const page = renderResultsPage(sampleSite(), samplePrefs(), sampleView());
  const document = checkPage(page);
  const link = first(document, "article.result h3 a");
  assert.equal(attr(link, "href"), "https://www.rust-lang.org/learn/get-started");
  assert.equal(attr(link, "rel"), "noreferrer noopener");
  assert.equal(attr(first(document, "meta[name=referrer]"), "content"), "no-referrer");
});

Deno.test("a result shows a breadcrumb URL, its snippet, date and engine badges", () => {
  const page = renderResultsPage(
    sampleSite(),
    samplePrefs(),
    sampleView({
      outcome: {
        ...emptyOutcome(),
        results: [sampleResult({ publishedDate: "2026-11-20T08:00:00.000Z" })],
      },
    }),
  );
  const article = first(checkPage(page), "article.result")!;
  assert.equal(text(first(article, ".url")), "www.rust-lang.org › learn › get-started");
  assert.equal(text(first(article, ".content")), "Quickly set up a Rust development environment.");
  assert.equal(attr(first(article, "time"), "datetime"), "2026-11-20T08:00:00.000Z");
  assert.deepEqual(all(article, ".engines li").map(text), ["duckduckgo", "brave"]);
});

Deno.test("thumbnails go through the image proxy only when the user wants it", () => {
  const outcome = {
    ...emptyOutcome(),
    results: [sampleResult({ thumbnail: "https://img.test/a.png" })],
  };
  const proxied = checkPage(
    renderResultsPage(sampleSite(), samplePrefs({ image_proxy: true }), sampleView({ outcome })),
  );
  assert.equal(
    attr(first(proxied, "article img"), "src"),
    "/image_proxy?url=https%3A%2F%2Fimg.test%2Fa.png&h=abc",
  );
  const direct = checkPage(renderResultsPage(sampleSite(), samplePrefs(), sampleView({ outcome })));
  assert.equal(attr(first(direct, "article img"), "src"), "https://img.test/a.png");
});

Deno.test("with the POST preference every form on the results page posts", () => {
  const outcome = {
    ...hostileOutcome(),
    corrections: ["rusty"],
    suggestions: ["rust book"],
  };
  const page = renderResultsPage(
    sampleSite(),
    samplePrefs({ method: "POST" }),
    sampleView({ pageno: 3, outcome }),
  );
  const forms = all(checkPage(page), "form");
  assert.ok(forms.length >= 10, `only ${forms.length} forms`);
  for (const form of forms) assert.equal(attr(form, "method"), "post");
});

Deno.test("with the GET preference the search forms use GET", () => {
  const page = renderResultsPage(sampleSite(), samplePrefs(), sampleView({ pageno: 2 }));
  const forms = all(checkPage(page), "form");
  assert.ok(forms.length > 1);
  for (const form of forms) assert.equal(attr(form, "method"), "get");
});

Deno.test("pagination offers pageno-4 to pageno+5 with every search parameter as hidden fields", () => {
  const view = sampleView({
    q: "!ddg :de rust",
    category: "news",
    pageno: 7,
    language: "de",
    time_range: "week",
    safesearch: 2,
  });
  const document = checkPage(renderResultsPage(sampleSite(), samplePrefs(), view));
  const nav = first(document, "nav.pagination")!;
  assert.deepEqual(
    all(nav, "li").map(text),
    ["Previous", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "Next"],
  );
  assert.equal(text(first(nav, "[aria-current=page]")), "7");
  const forms = all(nav, "form");
  assert.equal(forms.length, 11);
  assert.deepEqual(hiddenFields(forms[0]), {
    q: "!ddg :de rust",
    categories: "news",
    pageno: "6",
    language: "de",
    time_range: "week",
    safesearch: "2",
  });
  assert.equal(hiddenFields(forms.at(-1))["pageno"], "8");
  for (const form of forms) assert.equal(attr(form, "action"), "/search");
});

Deno.test("pagination is left out when no engine of the search pages", () => {
  const page = renderResultsPage(sampleSite(), samplePrefs(), sampleView({ paging: false }));
  assert.equal(first(checkPage(page), "nav.pagination"), null);
});

Deno.test("an empty outcome shows a no-results message with tips and no next page", () => {
  const page = renderResultsPage(
    sampleSite(),
    samplePrefs(),
    sampleView({
      pageno: 2,
      outcome: { ...emptyOutcome(), unresponsive_engines: [["brave", "timeout"]] },
    }),
  );
  const document = checkPage(page);
  const message = first(document, ".no-results")!;
  assert.equal(text(first(message, "h2")), "No more results");
  assert.ok(all(message, "li").length >= 3);
  assert.match(text(message), /Some engines did not answer/);
  const plain = checkPage(
    renderResultsPage(sampleSite(), samplePrefs(), sampleView({ outcome: emptyOutcome() })),
  );
  assert.equal(text(first(plain, ".no-results h2")), "No results");
  assert.doesNotMatch(text(first(plain, ".no-results")), /did not answer/);
  assert.equal(all(document, "article.result").length, 0);
  assert.deepEqual(all(document, "nav.pagination li").map(text), ["Previous", "1", "2"]);
});

Deno.test("answers come first and corrections re-search with the user's syntax kept", () => {
  const outcome = {
    ...emptyOutcome("rsut"),
    results: [sampleResult()],
    answers: [{
      url: "https://en.wikipedia.org/wiki/Rust",
      engine: "wikipedia",
      parsed_url: null,
      template: "answer/legacy.html" as const,
      answer: "Rust is a language.",
    }],
    corrections: ["rust"],
  };
  const document = checkPage(
    renderResultsPage(sampleSite(), samplePrefs(), sampleView({ q: ":en rsut", outcome })),
  );
  const main = first(document, "main")!;
  assert.equal(attr(first(main, "section, div, article"), "class"), "answers");
  assert.equal(text(first(main, ".answer p")), "Rust is a language.");
  const correction = first(main, ".corrections form")!;
  assert.equal(hiddenFields(correction)["q"], ":en rust");
  assert.equal(hiddenFields(correction)["pageno"], "1");
  assert.equal(text(first(correction, "button")), "rust");
});

Deno.test("a plugin's answer is selectable text with a hidden Copy button for the script, loaded only with answers", () => {
  const outcome = {
    ...emptyOutcome("2+2"),
    results: [sampleResult()],
    answers: [{
      url: null,
      engine: "calculator",
      parsed_url: null,
      template: "answer/legacy.html" as const,
      answer: "2+2 = 4",
    }],
  };
  const page = renderResultsPage(sampleSite(), samplePrefs(), sampleView({ q: "2+2", outcome }));
  const document = checkPage(page);
  const answer = first(first(document, "main")!, ".answers .answer")!;
  assert.equal(text(first(answer, "p.answer-text")), "2+2 = 4");
  assert.equal(first(answer, "a"), null, "a plugin's answer has no source link");
  const button = first(answer, "button")!;
  assert.equal(attr(button, "type"), "button");
  assert.equal(attr(button, "hidden"), "", "shown by the script only");
  assert.equal(attr(button, "data-copy"), attr(first(answer, "p.answer-text"), "id"));
  assert.equal(attr(first(answer, ".copy-status"), "role"), "status");
  assert.deepEqual(all(document, "script").map((script) => attr(script, "src")), [
    "/static/answers.js",
  ]);
  const plain = checkPage(renderResultsPage(sampleSite(), samplePrefs(), sampleView()));
  assert.deepEqual(all(plain, "script"), [], "no script on a page without answers");
});

Deno.test("the sidebar holds infoboxes, suggestion forms, failing engines and download links", () => {
  const outcome = {
    ...emptyOutcome(),
    results: [sampleResult()],
    infoboxes: [{
      infobox: "Rust",
      id: "https://en.wikipedia.org/wiki/Rust_(programming_language)",
      content: "A general-purpose language.",
      img_src: "https://upload.test/rust.svg",
      urls: [{ title: "Official site", url: "https://www.rust-lang.org" }],
      attributes: [{ label: "Designed by", value: "Graydon Hoare" }],
      engine: "wikipedia",
      engines: ["wikipedia"],
    }],
    suggestions: ["rust book"],
    unresponsive_engines: [["brave", "too many requests"] satisfies UnresponsiveEngine],
  };
  const document = checkPage(
    renderResultsPage(sampleSite(), samplePrefs(), sampleView({ outcome })),
  );
  const aside = first(document, "aside")!;
  const box = first(aside, ".infobox")!;
  assert.equal(text(first(box, "h2")), "Rust");
  assert.equal(attr(first(box, "img"), "src"), "https://upload.test/rust.svg");
  assert.equal(text(first(box, "dt")), "Designed by");
  assert.equal(text(first(box, "dd")), "Graydon Hoare");
  assert.equal(attr(first(box, ".links a"), "rel"), "noreferrer noopener");
  const suggestion = first(aside, ".suggestions form")!;
  assert.equal(hiddenFields(suggestion)["q"], "rust book");
  const failing = first(aside, ".unresponsive a")!;
  assert.equal(text(failing), "brave: too many requests");
  assert.equal(attr(failing, "href"), "/stats?engine=brave");
  const downloads = all(aside, ".downloads a").map((a) => attr(a, "href"));
  assert.deepEqual(downloads, [
    "/search?q=rust&categories=general&pageno=1&language=all&time_range=&safesearch=0&format=json",
    "/search?q=rust&categories=general&pageno=1&language=all&time_range=&safesearch=0&format=csv",
    "/search?q=rust&categories=general&pageno=1&language=all&time_range=&safesearch=0&format=rss",
  ]);
});

Deno.test("the article an infobox shows is not summarised again: its answer is left out, its result's snippet marked", () => {
  const article = "https://en.wikipedia.org/wiki/Rust_(programming_language)";
  const outcome = {
    ...emptyOutcome(),
    results: [
      sampleResult(),
      sampleResult({
        url: "https://en.wikipedia.org/wiki/Rust_%28programming_language%29/",
        content: "Rust is a general-purpose language.",
      }),
    ],
    answers: [article, "https://www.rust-lang.org/"].map((url) => ({
      url,
      engine: "duckduckgo",
      parsed_url: null,
      template: "answer/legacy.html" as const,
      answer: `About ${url}`,
    })),
    infoboxes: [{
      infobox: "Rust (programming language)",
      id: article,
      content: "Rust is a general-purpose language.",
      img_src: null,
      urls: [],
      attributes: [],
      engine: "wikipedia",
      engines: ["wikipedia"],
    }],
  };
  const document = checkPage(
    renderResultsPage(sampleSite(), samplePrefs(), sampleView({ outcome })),
  );
  assert.deepEqual(all(document, ".answer p").map(text), ["About https://www.rust-lang.org/"]);
  assert.deepEqual(all(document, "#urls .content").map((p) => attr(p, "class")), [
    "content",
    "content in-infobox",
  ]);
  // Results, then the sidebar, then the pager: on a narrow screen the infobox comes before it.
  assert.deepEqual(all(document, ".page > *").map((part) => part.name), ["main", "aside", "nav"]);
  assert.equal(attr(first(document, ".page > nav"), "class"), "pagination");
});

Deno.test("the RSS alternate link and download links follow the enabled formats", () => {
  const withRss = checkPage(renderResultsPage(sampleSite(), samplePrefs(), sampleView()));
  assert.match(
    attr(first(withRss, "link[rel=alternate][type='application/rss+xml']"), "href") ?? "",
    /format=rss$/,
  );
  const htmlOnly = checkPage(
    renderResultsPage(sampleSite({ extraFormats: [] }), samplePrefs(), sampleView()),
  );
  assert.equal(first(htmlOnly, "link[rel=alternate]"), null);
  assert.equal(first(htmlOnly, ".downloads"), null);
});

Deno.test("the search form keeps the filters and marks the current category tab", () => {
  const view = sampleView({ category: "news", language: "de", time_range: "month", safesearch: 1 });
  const document = checkPage(renderResultsPage(sampleSite(), samplePrefs(), view));
  assertLabelled(document);
  const form = first(document, "form[role=search]")!;
  assert.equal(attr(form, "action"), "/search");
  assert.equal(text(first(form, "nav.categories [aria-current=page]")), "News");
  assert.equal(attr(first(form, ".search-button"), "value"), "news");
  assert.equal(attr(first(form, "input[name=pageno]"), "value"), "1");
  assert.equal(attr(first(form, "#language option[selected]"), "value"), "de");
  assert.equal(attr(first(form, "#time_range option[selected]"), "value"), "month");
  assert.equal(attr(first(form, "#safesearch option[selected]"), "value"), "1");
});

Deno.test("each category tab links the same search in that category, filters kept, the current one marked", () => {
  const site = sampleSite({
    categories: ["general", "images", "videos", "news", "it", "science", "social media"],
  });
  const view = sampleView({
    q: "ferris & crabs",
    category: "images",
    pageno: 3,
    language: "de",
    time_range: "month",
    safesearch: 2,
  });
  const document = checkPage(renderResultsPage(site, samplePrefs(), view));
  const tabs = all(document, "nav.categories a");
  assert.deepEqual(tabs.map(text), [
    "General",
    "Images",
    "Videos",
    "News",
    "IT",
    "Science",
    "Social media",
  ]);
  for (const [index, tab] of tabs.entries()) {
    const href = attr(tab, "href")!;
    assert.ok(href.startsWith("/search?"), href);
    const params = Object.fromEntries(new URLSearchParams(href.slice("/search?".length)));
    assert.deepEqual(params, {
      q: "ferris & crabs",
      categories: site.categories[index],
      pageno: "1",
      language: "de",
      time_range: "month",
      safesearch: "2",
    });
  }
  assert.deepEqual(
    all(document, "nav.categories [aria-current]").map((
      tab,
    ) => [text(tab), attr(tab, "aria-current")]),
    [["Images", "page"]],
  );
  // No buttons: a tab is a link, not a submit that would send the form's edits.
  assert.equal(all(document, "nav.categories button").length, 0);
});

Deno.test("with the POST preference the tabs are submit buttons, so the query stays out of URLs", () => {
  const view = sampleView({ q: "secret words", category: "news" });
  const document = checkPage(
    renderResultsPage(sampleSite(), samplePrefs({ method: "POST" }), view),
  );
  assert.equal(all(document, "nav.categories a").length, 0);
  const buttons = all(document, "form[role=search] nav.categories button[type=submit]");
  assert.deepEqual(buttons.map((b) => [attr(b, "name"), attr(b, "value")]), [
    ["categories", "general"],
    ["categories", "images"],
    ["categories", "news"],
  ]);
  assert.equal(attr(first(document, "nav.categories [aria-current=page]"), "value"), "news");
  assert.doesNotMatch(checkPageText(first(document, "form[role=search]")!), /secret(%20|\+)words/);
});

Deno.test("when every engine failed the page says the engines could not be reached, with each one's reason, and gives no spelling advice", () => {
  const outcome = {
    ...emptyOutcome(),
    unresponsive_engines: [["brave", "timeout"], ["wikipedia", "CAPTCHA"]] as UnresponsiveEngine[],
  };
  const page = renderResultsPage(
    sampleSite(),
    samplePrefs(),
    sampleView({ outcome, answered: 0 }),
  );
  assert.match(page, /The search engines could not be reached/);
  assert.match(page, /<a href="\/stats\?engine=brave">brave<\/a>: timeout/);
  assert.match(page, /wikipedia<\/a>: CAPTCHA/);
  assert.doesNotMatch(page, /spelling/);
  // Listed once, in the main column.
  assert.doesNotMatch(page, /Engines that failed/);

  // One engine answered without results while another failed: the usual advice, and the failure.
  const partial = renderResultsPage(
    sampleSite(),
    samplePrefs(),
    sampleView({ outcome, answered: 1 }),
  );
  assert.match(partial, /Check the spelling/);
  assert.match(partial, /Some engines did not answer/);
  assert.match(partial, /Engines that failed/);
  assert.doesNotMatch(partial, /could not be reached/);
});
