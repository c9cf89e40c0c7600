// Image results as a grid of thumbnails. Each thumbnail (through the image proxy when it is on)
// links the full image, its alt text the image's title; under it the title links the page the
// image is on, with the image's size and source. The full image is a link a person follows, like
// any result, so it is never loaded from its host behind their back.
import type { ImageSearchResult } from "../core/types.ts";
import { httpUrl } from "../core/url.ts";
import { attrs, type Html, html } from "../../runtime/markup.ts";
import { externalLink, resultClass, titleLink } from "./result_item.ts";

/** "1920 × 1080" for "1920 x 1080" (or "1920x1080"); other spellings as they are. */
export function resolutionText(resolution: string): string {
  return resolution.replace(/^\s*(\d+)\s*[x×]\s*(\d+)\s*$/i, "$1 × $2");
}

/** Where the image comes from: the provider's name for it, else the host of its page. */
function sourceOf(result: ImageSearchResult): string | null {
  if (result.source) return result.source;
  const page = httpUrl(result.url);
  return page ? new URL(page).host : null;
}

function imageItem(result: ImageSearchResult, thumbnail: string | null): Html {
  const full = httpUrl(result.img_src);
  const source = sourceOf(result);
  const alt = result.title || (source ? `Image from ${source}` : "Image");
  const picture = thumbnail
    ? html`
      <img loading="lazy" ${attrs({ src: thumbnail, alt })}>
    `
    : html`<span class="no-preview">No preview<span class="visually-hidden">: ${alt}</span></span>`;
  const details = [
    result.resolution ? resolutionText(result.resolution) : null,
    result.img_format,
    result.filesize,
  ].filter((detail): detail is string => Boolean(detail));
  return html`
    <li>
      <article${attrs({ class: resultClass(result) })}>
    <div class="image-frame">${full
      ? externalLink(
        full,
        html`${picture}<span class="visually-hidden"> (full image)</span>`,
      )
      : picture}</div>
    <h3>${titleLink(result, result.title || source || result.url)}</h3>
    ${details.length
      // Each detail in one piece: a line breaks between "1152 KB" and the next, never inside.
      ? html`<p class="image-details">${
        details.map((detail, i) => html`${i ? " · " : ""}<span>${detail}</span>`)
      }</p>`
      : ""}
    ${source ? html`<p class="image-source">${source}</p>` : ""}
    </article></li>
  `;
}

/** A run of image results; `thumbnail` gives each one's `src` (proxied or not), or null. */
export function imageGrid(
  results: ImageSearchResult[],
  thumbnail: (result: ImageSearchResult) => string | null,
): Html {
  return html`<ul class="image-grid" aria-label="Images">${
    results.map((result) => imageItem(result, thumbnail(result)))
  }</ul>`;
}
