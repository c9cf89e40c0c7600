// /d/<id>/share and /c/<id>/share: make a share link to a diagram or a collection (who may do what,
// how long it lasts, a label, downloads on or off), see the one just made, once, with a copy button
// and, for a diagram's view link, the snippets that embed its picture; and the live links to the
// same, each revoked or changed by its own form.
import { attrs, type Html, html } from "../../runtime/markup.ts";
import type { ShareLifetime, ShareLinkView } from "../service/share_links.ts";
import { problemMessage, renderPage } from "./layout.ts";
import { shareLinkTable, shortTime } from "./share_link_table.ts";

/** What is shared: a diagram or a collection. */
export interface ShareTargetView {
  type: "diagram" | "collection";
  id: string;
  name: string;
  /** The collection a diagram is in; null for none, and for a collection. */
  collectionId: string | null;
}

/** The form as the person filled it in, to show again beside a problem. */
export interface ShareFormValues {
  access: string;
  expires: string;
  label: string;
  downloads: boolean;
  history: boolean;
}

/** What the share page shows: the target, its links, a new link made just now. */
export interface SharePageView {
  email: string;
  target: ShareTargetView;
  /** Where the ← link goes (a same-origin path). */
  back: string;
  /** The live links to the target, newest first. */
  links: ShareLinkView[];
  /** How many links to the collections around a diagram show it too. */
  throughCollections: number;
  /** The link just made and its address: shown in this answer only. */
  created?: { link: ShareLinkView; url: string };
  form?: ShareFormValues;
  notice?: string;
  problem?: string;
}

/** The share form's values before anything is chosen. */
export const NEW_SHARE_FORM: ShareFormValues = {
  access: "view",
  expires: "never",
  label: "",
  downloads: true,
  history: false,
};

const LIFETIME_LABELS: Record<ShareLifetime, string> = {
  "1h": "An hour",
  "1d": "A day",
  "7d": "A week",
  "30d": "30 days",
  never: "Until revoked",
};

/** The share page's own address: where its forms post and come back to. */
function sharePagePath(target: { type: "diagram" | "collection"; id: string }): string {
  return `/${target.type === "diagram" ? "d" : "c"}/${target.id}/share`;
}

/** A diagram's or collection's share page: make a link, see and change the live ones. */
export function sharePage(view: SharePageView): string {
  const { target } = view;
  const self = sharePagePath(target);
  const form = view.form ?? NEW_SHARE_FORM;
  // A link's form comes back here, still knowing the way back.
  const again = `${self}?back=${encodeURIComponent(view.back)}`;
  const sees = target.type === "diagram"
    ? "this diagram as it is now, and each change as it is made"
    : "the diagrams of this collection";
  const shownIn = target.type === "diagram"
    ? "your lists show it, and the history credits a guest’s changes to it"
    : "your lists show it";
  return renderPage({
    title: `Share ${target.name}`,
    email: view.email,
    scripts: view.created ? ["/static/copy.js"] : [],
    main: html`
      <p><a href="${view.back}">← Back</a></p>
      <h1>Share “${target.name}”</h1>
      ${view.notice ? html`<p class="message notice" role="status">${view.notice}</p>` : ""}
      ${problemMessage(view.problem)}
      ${view.created ? createdLink(view.created, target) : ""}
      <section aria-labelledby="new-link-heading">
        <h2 id="new-link-heading">New link</h2>
        <p class="muted">Whoever has the link sees ${sees}, without an account, and nothing else
          of yours.</p>
        <form method="post" action="${self}" class="narrow">
          <input type="hidden" name="back" value="${view.back}">
          ${accessChoice(target, form)}
          <label for="expires">Lasts</label>
          <select id="expires" name="expires">
            ${Object.entries(LIFETIME_LABELS).map(([value, label]) =>
              html`<option${attrs({ value, selected: value === form.expires })}>${label}</option>`
            )}
          </select>
          <label for="label">Label <span class="muted">(optional)</span></label>
          <input type="text" id="label" name="label" maxlength="100" value="${form.label}"
            aria-describedby="label-hint">
          <p id="label-hint" class="muted">Who it is for, such as “design review”: ${shownIn}.</p>
          <label class="choice"><input type="checkbox" name="downloads" value="on"${attrs({
            checked: form.downloads,
          })}> Visitors may download it (SVG, PNG, .excalidraw)</label>
          <label class="choice"><input type="checkbox" name="history" value="on"${attrs({
            checked: form.history,
          })} aria-describedby="history-hint"> Visitors may see its history</label>
          <p id="history-hint" class="muted">${historyHint(target)}</p>
          <p class="form-actions"><button type="submit" class="primary">Create link</button></p>
        </form>
      </section>
      <section aria-labelledby="live-links-heading">
        <h2 id="live-links-heading">Live links</h2>
        ${view.throughCollections === 0 ? "" : html`<p>${alsoShown(view.throughCollections)}</p>`}
        ${view.links.length === 0 && view.throughCollections > 0
          ? html`<p>No links to the diagram itself.</p>`
          : view.links.length === 0
          ? html`<p>No live links: only you can open this ${target.type}.</p>`
          : html`
            ${shareLinkTable(view.links, { back: again, showTarget: false, changeAccess: true })}
            ${target.type === "diagram"
              ? html`<p class="muted">Allow editing only on a link you have not embedded
                anywhere: whoever can read its address can then change the diagram.</p>`
              : ""}
          `}
      </section>
    `,
  });
}

function historyHint(target: ShareTargetView): string {
  const whose = target.type === "diagram" ? "the diagram" : "each diagram";
  return `Every earlier version of ${whose} kept in its history, as a picture, and who made it: ` +
    "“the owner” (you, however you changed it) or “a guest via link …”. Off unless you tick " +
    "it; you can turn it off later.";
}

function alsoShown(count: number): Html {
  const links = count === 1 ? "a link" : `${count} links`;
  return html`It is also shown by ${links} to a collection it is in: the
    <a href="/account">account page</a> lists ${count === 1 ? "it" : "them"}.`;
}

function accessChoice(target: ShareTargetView, form: ShareFormValues): Html {
  if (target.type === "collection") {
    return html`<p>Visitors may view its diagrams. <span class="muted">To let someone edit,
      share one diagram.</span></p>`;
  }
  const option = (value: string, words: Html) =>
    html`<label class="choice"><input type="radio" name="access"${
      attrs({ value, checked: form.access === value })
    }> ${words}</label>`;
  return html`
    <fieldset>
      <legend>Visitors may</legend>
      ${option("view", html`View it, and watch it change`)}
      ${option("edit", html`Edit it, as a guest`)}
    </fieldset>
  `;
}

/** The new link, this once: its address to copy and, for a diagram's view link, embeds. */
function createdLink(created: { link: ShareLinkView; url: string }, target: ShareTargetView): Html {
  const { link, url } = created;
  const heading = link.label ? `Link created for “${link.label}”` : "Link created";
  const may = link.access === "edit" ? "edit" : "view";
  const what = target.type === "diagram" ? "the diagram" : "the collection’s diagrams";
  const until = link.expiresAt === null
    ? html`until you revoke it`
    : html`until <time datetime="${link.expiresAt}">${shortTime(link.expiresAt)} UTC</time>`;
  return html`
    <section class="created" aria-labelledby="created-heading">
      <h2 id="created-heading">${heading}</h2>
      <p>Copy it now: it is shown only this once. Anyone who has it can ${may} ${what} ${until}.</p>
      <pre id="share-url"><code>${url}</code></pre>
      <p><button type="button" data-copy="share-url">Copy link</button></p>
      ${target.type === "diagram" && link.access === "view" ? embeds(url, target.name) : ""}
    </section>
  `;
}

/** Embeds of the picture, always the current revision: an edit link's address is never one. */
function embeds(url: string, name: string): Html {
  const markdown = `![${name.replace(/[[\]\\]/g, "\\$&")}](${url}/image.svg)`;
  const tag = html`<img src="${url}/image.svg" alt="${name}">`.toString();
  return html`
    <h3>Embed the picture</h3>
    <p class="muted">It shows the current drawing wherever it is pasted: a README, a wiki, a slide.
      A PNG is at <code>${url}/image.png</code>.</p>
    <p>Markdown</p>
    <pre id="embed-markdown"><code>${markdown}</code></pre>
    <p><button type="button" data-copy="embed-markdown">Copy Markdown</button></p>
    <p>HTML</p>
    <pre id="embed-html"><code>${tag}</code></pre>
    <p><button type="button" data-copy="embed-html">Copy HTML</button></p>
  `;
}
