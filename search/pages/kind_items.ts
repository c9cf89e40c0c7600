// Videos, papers and packages in the results list: each a result like a web page's (title linked
// to its page, breadcrumb, snippet, engines) with the facts of its kind as a list of names and
// values, and its own links. A video's player is never loaded here: at most a link to our page
// that plays it, saying whose player it loads.
import type {
  PackageSearchResult,
  PaperSearchResult,
  SearchResult,
  VideoSearchResult,
} from "../core/types.ts";
import { httpUrl } from "../core/url.ts";
import { attrs, type Html, html } from "../../runtime/markup.ts";
import type { EmbeddedVideo } from "../service/video_embed.ts";
import {
  engineBadges,
  externalLink,
  prettyUrl,
  publishedTime,
  resultClass,
  shorten,
  titleLink,
} from "./result_item.ts";

/** How a kind's item reaches images and players: through the page's choices (proxy, signing). */
export interface ItemMedia {
  /** The `src` for an upstream image, or null (see image_source.ts). */
  image: (url: string | null) => string | null;
  /** Our page that plays a video, or null. */
  embed: (video: EmbeddedVideo) => string | null;
}

/** A paper's authors beyond this many are counted, not listed. */
const MAX_AUTHORS = 8;

type Fact = [name: string, value: Html | string | null];

/** Names and values, in order; those without a value are left out. */
function facts(list: Fact[]): Html {
  const shown = list.filter((fact): fact is [string, Html | string] => Boolean(fact[1]));
  if (shown.length === 0) return html``;
  return html`<dl class="facts">${
    shown.map(([name, value]) =>
      html`
        <div>
          <dt>${name}</dt>
          <dd>${value}</dd>
        </div>
      `
    )
  }</dl>`;
}

/** Outgoing links of a result (DOI, PDF, homepage…); only http(s) ones are kept. */
function links(label: string, list: [text: string, url: string | null][]): Html {
  const shown = list.flatMap(([text, url]) => {
    const href = httpUrl(url);
    return href ? [html`<li>${externalLink(href, text)}</li>`] : [];
  });
  return shown.length
    ? html`
      <ul class="links" ${attrs({ "aria-label": label })}>${shown}</ul>
    `
    : html``;
}

function host(url: string): string | null {
  const href = httpUrl(url);
  return href ? new URL(href).host : null;
}

function common(result: SearchResult): Html {
  return html`<h3>${titleLink(result)}</h3>
<div class="url">${prettyUrl(result.url)}</div>`;
}

function content(result: SearchResult): Html {
  return result.content ? html`<p class="content">${shorten(result.content)}</p>` : html``;
}

/** A video in the results: its thumbnail, length, author and, when allowed, our page that plays it. */
export function videoItem(result: VideoSearchResult, media: ItemMedia): Html {
  const thumbnail = media.image(result.thumbnail);
  const embed = result.iframe_src
    ? media.embed({ src: result.iframe_src, url: result.url, title: result.title })
    : null;
  const player = result.iframe_src ? host(result.iframe_src) : null;
  return html`<article${attrs({ class: resultClass(result) })}>
${common(result)}
${
    thumbnail
      ? html`
        <img class="thumbnail" alt="" loading="lazy" ${attrs({ src: thumbnail })}>
      `
      : ""
  }
${content(result)}
${
    facts([
      ["Length", result.length],
      ["Author", result.author],
      ["Published", publishedTime(result)],
      ["Source", host(result.url)],
    ])
  }
${
    embed
      ? html`
        <p class="play">
          <a${attrs({
            href: embed,
          })}>Play here</a> <span class="note">(loads ${player}'s player)</span></p>
      `
      : ""
  }
<div class="meta">${engineBadges(result)}</div>
</article>`;
}

/** "A. Author, B. Author and 3 more". */
function authorList(authors: string[]): string | null {
  if (authors.length === 0) return null;
  const shown = authors.slice(0, MAX_AUTHORS).join(", ");
  const more = authors.length - MAX_AUTHORS;
  return more > 0 ? `${shown} and ${more} more` : shown;
}

/**
 * "Nature, vol. 12, pp. 1–10". A journal reference that already names the volume or the pages
 * ("Nature 574, 505-510 (2019)", as arXiv gives it) does not get them twice.
 */
function journalLine(result: PaperSearchResult): string | null {
  const { journal, volume, pages } = result;
  if (!journal) return null;
  const names = (part: string) => new RegExp(`(^|\\W)${RegExp.escape(part)}(\\W|$)`).test(journal);
  return [
    journal,
    volume && !names(volume) ? `vol. ${volume}` : null,
    pages && !names(pages) ? `pp. ${pages}` : null,
  ].filter(Boolean).join(", ");
}

/** The DOI's address at doi.org, each part of the DOI escaped (DOIs may hold "#", "?", "<"). */
export function doiUrl(doi: string): string {
  return `https://doi.org/${doi.split("/").map(encodeURIComponent).join("/")}`;
}

/** A paper in the results: authors, journal, DOI and PDF. */
export function paperItem(result: PaperSearchResult): Html {
  return html`<article${attrs({ class: resultClass(result) })}>
${common(result)}
${
    facts([
      ["Authors", authorList(result.authors)],
      ["Journal", journalLine(result)],
      ["Year", publishedTime(result, { yearOnly: true })],
      ["Publisher", result.publisher],
      ["Type", result.type],
    ])
  }
${content(result)}
${
    links("Paper links", [
      [result.doi ? `DOI ${result.doi}` : "", result.doi ? doiUrl(result.doi) : null],
      ["PDF", result.pdf_url],
    ])
  }
<div class="meta">${engineBadges(result)}</div>
</article>`;
}

/** A package in the results: version, maintainer, links and popularity. */
export function packageItem(result: PackageSearchResult): Html {
  return html`<article${attrs({ class: resultClass(result) })}>
${common(result)}
${content(result)}
${
    facts([
      ["Package", result.package_name !== result.title ? result.package_name : null],
      ["Version", result.version],
      ["Maintainer", result.maintainer],
      ["License", result.license_name],
      ["Popularity", result.popularity],
      ["Published", publishedTime(result)],
      ["Tags", result.tags.join(", ")],
    ])
  }
${
    links("Package links", [
      ["Homepage", result.homepage],
      ["Source code", result.source_code_url],
    ])
  }
<div class="meta">${engineBadges(result)}</div>
</article>`;
}
