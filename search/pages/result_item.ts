// One result of the main list, as SearXNG's simple theme shows it: breadcrumb URL, title link,
// thumbnail, snippet, date and the engines that found it.
import type { SearchResult } from "../core/types.ts";
import { httpUrl } from "../core/url.ts";
import { attrs, type Html, html } from "../../runtime/markup.ts";
import { approximateAge, approximateCalendarDate } from "../../shared/approximate_date.ts";

// SearXNG cuts snippets at this length in HTML (JSON keeps them whole).
const MAX_CONTENT_CHARS = 1024;

/** `host › path › segments`, the readable form of a result URL; other text is shown as is. */
export function prettyUrl(url: string): string {
  if (!httpUrl(url)) return url;
  const { host, pathname } = new URL(url);
  const segments = pathname.split("/").filter(Boolean).map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  });
  return [host, ...segments].join(" › ");
}

/** `text` cut to the snippet length, with an ellipsis when cut. */
export function shorten(text: string): string {
  const chars = [...text];
  return chars.length <= MAX_CONTENT_CHARS
    ? text
    : `${chars.slice(0, MAX_CONTENT_CHARS).join("")}…`;
}

/**
 * When the result was published, as `<time>`: its day (its year alone with `yearOnly`), or for a
 * date counted back from "2 years ago" its age in that unit, "about 2 years ago", the calendar
 * only as far as that unit goes ("2024"). Null when absent or unreadable.
 */
export function publishedTime(
  result: Pick<SearchResult, "publishedDate" | "publishedDatePrecision">,
  { yearOnly = false, now = new Date() } = {},
): Html | null {
  if (!result.publishedDate) return null;
  const date = new Date(result.publishedDate);
  if (Number.isNaN(date.getTime())) return null;
  const unit = result.publishedDatePrecision;
  if (unit) {
    return html`<time${attrs({ datetime: approximateCalendarDate(date, unit) })}>${
      approximateAge(date, unit, now)
    }</time>`;
  }
  const iso = date.toISOString();
  return html`<time${attrs({ datetime: iso })}>${iso.slice(0, yearOnly ? 4 : 10)}</time>`;
}

/** A link leaving the instance: no referrer, no access to our window. */
export function externalLink(url: string, text: string | Html): Html {
  return html`<a${attrs({ href: url, rel: "noreferrer noopener" })}>${text}</a>`;
}

/** The engines that found a result, as badges. */
export function engineBadges(result: SearchResult): Html {
  return html`<ul class="engines" aria-label="Found by">
${result.engines.map((engine) => html`<li>${engine}</li>`)}
</ul>`;
}

/** SearXNG's classes on a result: `result result-<template> category-<category>`. */
export function resultClass(result: SearchResult): string {
  const kind = result.template.replace(/\.html$/, "");
  return `result result-${kind} category-${result.category.replace(/\s+/g, "-")}`;
}

/** The result's title, linked to its page when that is an http(s) address. */
export function titleLink(result: SearchResult, text = result.title || result.url): Html {
  const href = httpUrl(result.url);
  return href ? externalLink(href, text) : html`${text}`;
}

/**
 * `inInfobox`: an infobox shows this very page (a Wikipedia article), so the snippet is marked
 * for the stylesheet, which hides it where the infobox stands beside the results.
 */
export function resultItem(
  result: SearchResult,
  thumbnail: string | null,
  inInfobox = false,
): Html {
  return html`<article${attrs({ class: resultClass(result) })}>
<h3>${titleLink(result)}</h3>
<div class="url">${prettyUrl(result.url)}</div>
${
    thumbnail
      ? html`
        <img class="thumbnail" alt="" loading="lazy" ${attrs({ src: thumbnail })}>
      `
      : ""
  }
${
    result.content
      ? html`<p${attrs({ class: inInfobox ? "content in-infobox" : "content" })}>${
        shorten(result.content)
      }</p>`
      : ""
  }
<div class="meta">
${publishedTime(result) ?? ""}
${engineBadges(result)}
</div>
</article>`;
}
