// The results page's sidebar: infoboxes, suggestions, engines that failed, download links.
import type { Infobox, UnresponsiveEngine } from "../core/types.ts";
import type { ExtraFormat } from "./layout.ts";
import { httpUrl } from "../core/url.ts";
import { attrs, type Html, html } from "../../runtime/markup.ts";
import { externalLink } from "./result_item.ts";
import { searchAgainForm, type SearchParams, searchUrl } from "./search_again.ts";

const FORMAT_LABELS: Record<ExtraFormat, string> = { json: "JSON", csv: "CSV", rss: "RSS" };

/** What the results page's sidebar may show. */
export interface SidebarParts {
  infoboxes: Infobox[];
  /** Each infobox's image source (already checked and proxied), by position. */
  infoboxImages: (string | null)[];
  /** Ready-made queries with the syntax of the user's query kept. */
  suggestions: { text: string; q: string }[];
  unresponsive: UnresponsiveEngine[];
  extraFormats: ExtraFormat[];
  params: SearchParams;
  method: "get" | "post";
}

function infobox(box: Infobox, image: string | null, index: number): Html {
  const headingId = `infobox-${index}`;
  const canonical = httpUrl(box.id);
  const links = box.urls.flatMap(({ title, url }) => {
    const href = httpUrl(url);
    return href ? [html`<li>${externalLink(href, title || url)}</li>`] : [];
  });
  return html`
    <section class="infobox" ${attrs({ "aria-labelledby": headingId })}>
      <h2${attrs({ id: headingId })}>${canonical
        ? externalLink(canonical, box.infobox)
        : box.infobox}</h2>
    ${image
      ? html`
        <img alt="" ${attrs({ src: image })}>
      `
      : ""}
    ${box.content ? html`<p>${box.content}</p>` : ""}
    ${box.attributes.length
      ? html`<dl>${
        box.attributes.map(({ label, value }) =>
          html`
            <div>
              <dt>${label}</dt>
              <dd>${value}</dd>
            </div>
          `
        )
      }</dl>`
      : ""}
    ${links.length ? html`<ul class="links">${links}</ul>` : ""}
    </section>
  `;
}

function section(id: string, title: string, body: Html): Html {
  return html`
    <section class="${id}" ${attrs({ "aria-labelledby": `${id}-title` })}>
      <h2${attrs({ id: `${id}-title` })}>${title}</h2>
    ${body}
    </section>
  `;
}

function suggestions(parts: SidebarParts): Html {
  return section(
    "suggestions",
    "Suggestions",
    html`<ul>${
      parts.suggestions.map(({ text, q }) =>
        html`<li>${searchAgainForm({ ...parts.params, q, pageno: 1 }, parts.method, { text })}</li>`
      )
    }</ul>`,
  );
}

function unresponsive(engines: UnresponsiveEngine[]): Html {
  return section(
    "unresponsive",
    "Engines that failed",
    html`<ul>${
      engines.map(([name, reason]) =>
        html`
          <li>
            <a${attrs({
              href: `/stats?engine=${encodeURIComponent(name)}`,
            })}>${name}: ${reason}</a></li>
        `
      )
    }</ul>`,
  );
}

function downloads(parts: SidebarParts): Html {
  return section(
    "downloads",
    "Download results",
    html`<ul>${
      parts.extraFormats.map((format) =>
        html`<li><a rel="nofollow"${attrs({ href: searchUrl(parts.params, { format }) })}>${
          FORMAT_LABELS[format]
        }</a></li>`
      )
    }</ul>`,
  );
}

/** The sidebar, or null when there is nothing to put in it. */
export function sidebar(parts: SidebarParts): Html | null {
  const blocks = [
    ...parts.infoboxes.map((box, index) => infobox(box, parts.infoboxImages[index], index)),
    parts.suggestions.length ? suggestions(parts) : null,
    parts.unresponsive.length ? unresponsive(parts.unresponsive) : null,
    parts.extraFormats.length ? downloads(parts) : null,
  ].filter((block) => block !== null);
  return blocks.length ? html`<aside aria-label="About this search">${blocks}</aside>` : null;
}
