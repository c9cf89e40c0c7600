// The results page. The query stays out of <title> (browser history, tab titles, screenshots);
// everything an upstream sent is escaped, and only http(s) URLs become links or images.
import type { Answer, ImageSearchResult, SearchOutcome, SearchResult } from "../core/types.ts";
import { imageGrid } from "./image_grid.ts";
import { type ItemMedia, packageItem, paperItem, videoItem } from "./kind_items.ts";
import { imageSource } from "./image_source.ts";
import { renderPage, type SiteView } from "./layout.ts";
import { dedupKey, httpUrl } from "../core/url.ts";
import { attrs, type Html, html } from "../../runtime/markup.ts";
import { pagination } from "./pagination.ts";
import type { Preferences } from "../core/preferences.ts";
import { externalLink, prettyUrl, resultItem } from "./result_item.ts";
import {
  replaceQueryWords,
  searchAgainForm,
  type SearchParams,
  searchUrl,
} from "./search_again.ts";
import { formMethod, searchForm } from "./search_form.ts";
import { sidebar } from "./sidebar.ts";

/** What the results page shows: the search, its results, answers and what failed. */
export interface ResultsView {
  /** As the user typed it, search syntax included. */
  q: string;
  category: string;
  pageno: number;
  language: string;
  time_range: "" | "day" | "week" | "month" | "year";
  safesearch: 0 | 1 | 2;
  outcome: SearchOutcome;
  /** Whether any engine of this search pages. */
  paging: boolean;
  /** Engines that answered, with results or without. */
  answered: number;
}

/**
 * The answers above the results: each a paragraph of selectable text, its source link when an
 * engine gave one, and a Copy button that /static/answers.js reveals where it can copy.
 */
function answerBlock(answers: Answer[]): Html {
  return html`<section class="answers" aria-label="Answers">${
    answers.map((answer, index) => {
      const href = httpUrl(answer.url);
      const id = `answer-${index}`;
      return html`
        <div class="answer">
          <p class="answer-text" ${attrs({ id })}>${answer.answer}</p>
          <div class="answer-tools">${href ? externalLink(href, prettyUrl(href)) : ""}
        <button type="button" hidden${attrs({
          "data-copy": id,
          "aria-describedby": id,
        })}>Copy</button><span class="copy-status" role="status"></span></div>
        </div>
      `;
    })
  }</section>`;
}

function correctionBlock(
  corrections: { text: string; q: string }[],
  params: SearchParams,
  method: "get" | "post",
): Html {
  return html`
    <div class="corrections">
      <p>Did you mean:</p>
      <ul>${corrections.map(({ text, q }) =>
        html`<li>${searchAgainForm({ ...params, q, pageno: 1 }, method, { text })}</li>`
      )}</ul>
    </div>
  `;
}

/**
 * Every engine asked failed: no advice about spelling, but which engines could not be reached and
 * why (SearXNG's "engines cannot retrieve results").
 */
function enginesFailed(engines: SearchOutcome["unresponsive_engines"]): Html {
  return html`
    <div class="no-results engines-failed" role="alert">
      <h2>The search engines could not be reached</h2>
      <p>No engine answered this search, so there are no results. This is not about your words:
        try again in a moment.</p>
      <ul>${engines.map(([name, reason]) =>
        html`
          <li>
            <a${attrs({
              href: `/stats?engine=${encodeURIComponent(name)}`,
            })}>${name}</a>: ${reason}</li>
        `
      )}</ul>
    </div>
  `;
}

/**
 * The results in their order, each as its kind shows it; consecutive images share one grid (the
 * engines of an images tab give only images, a general search may mix a few in). `articles` are
 * the pages infoboxes show (by dedupKey): their snippets repeat the infobox's summary.
 */
function resultList(results: SearchResult[], media: ItemMedia, articles: Set<string>): Html {
  const parts: Html[] = [];
  let images: ImageSearchResult[] = [];
  const flush = () => {
    if (images.length) {
      parts.push(imageGrid(images, (image) => media.image(image.thumbnail_src ?? image.img_src)));
    }
    images = [];
  };
  for (const result of results) {
    if (result.template === "images.html") {
      images.push(result);
      continue;
    }
    flush();
    switch (result.template) {
      case "videos.html":
        parts.push(videoItem(result, media));
        break;
      case "paper.html":
        parts.push(paperItem(result));
        break;
      case "packages.html":
        parts.push(packageItem(result));
        break;
      default:
        parts.push(
          resultItem(
            result,
            media.image(result.thumbnail ?? result.img_src),
            articles.has(dedupKey(result.url)),
          ),
        );
    }
  }
  flush();
  return html`<div id="urls">${parts}</div>`;
}

function noResults(pageno: number, someFailed: boolean): Html {
  return html`
    <div class="no-results">
      <h2>${pageno > 1 ? "No more results" : "No results"}</h2>
      <p>Some things to try:</p>
      <ul>
        <li>Check the spelling of the words.</li>
        <li>Use fewer or more general words.</li>
        <li>Choose another category or a longer time range.</li>
        <li>Search in all languages.</li>
        ${someFailed ? html`<li>Some engines did not answer; try again later.</li>` : ""}
      </ul>
    </div>
  `;
}

/** The results page. */
export function renderResultsPage(site: SiteView, prefs: Preferences, view: ResultsView): string {
  const { outcome } = view;
  const method = formMethod(prefs);
  const params: SearchParams = {
    q: view.q,
    categories: view.category,
    pageno: view.pageno,
    language: view.language,
    time_range: view.time_range,
    safesearch: view.safesearch,
  };
  const articles = new Set(
    outcome.infoboxes.flatMap((box) => httpUrl(box.id) ? [dedupKey(box.id)] : []),
  );
  // An answer that links the article an infobox shows is that article's summary once more
  // (DuckDuckGo's abstract of the Wikipedia article beside Wikipedia's own box): left out here.
  const answers = outcome.answers.filter((answer) =>
    !(answer.url && articles.has(dedupKey(answer.url)))
  );
  // Suggestions and corrections keep the user's `!engine` and `:lang` syntax.
  const requery = (text: string) => ({ text, q: replaceQueryWords(view.q, outcome.query, text) });
  const rss = site.extraFormats.includes("rss")
    ? html`
      <link rel="alternate" type="application/rss+xml" title="Results (RSS)" ${attrs({
        href: searchUrl(params, { format: "rss" }),
      })}>
    `
    : "";
  const main = html`<h1 class="visually-hidden">Search results</h1>
${answers.length ? answerBlock(answers) : ""}
${
    outcome.corrections.length
      ? correctionBlock(outcome.corrections.map(requery), params, method)
      : ""
  }
${
    outcome.results.length
      ? resultList(outcome.results, {
        image: (url) => imageSource(site, prefs, url),
        embed: (video) => site.videoEmbed(video),
      }, articles)
      : view.answered === 0 && outcome.unresponsive_engines.length > 0
      ? enginesFailed(outcome.unresponsive_engines)
      : noResults(view.pageno, outcome.unresponsive_engines.length > 0)
  }`;
  return renderPage(site, prefs, {
    // The category names the page for the stylesheet: an images tab gives its grid more room.
    kind: `results results-${view.category.replace(/[^a-z0-9]+/gi, "-")}`,
    head: html`<meta name="robots" content="noindex, nofollow">${rss}${
      answers.length ? html`<script src="/static/answers.js" defer></script>` : ""
    }`,
    header: searchForm(site, prefs, {
      q: view.q,
      category: view.category,
      filters: view,
    }),
    main,
    aside: sidebar({
      infoboxes: outcome.infoboxes,
      infoboxImages: outcome.infoboxes.map((box) => imageSource(site, prefs, box.img_src)),
      suggestions: outcome.suggestions.map(requery),
      // When every engine failed the main column lists them already.
      unresponsive: view.answered === 0 ? [] : outcome.unresponsive_engines,
      extraFormats: site.extraFormats,
      params,
      method,
    }) ?? undefined,
    pager: view.paging ? pagination(params, method, outcome.results.length > 0) : undefined,
  });
}
