// The live share links as a table, for the account page (every link, with what each shows) and a
// diagram's or collection's share page (its own links, which may also change what they allow).
// Each action is a plain form posting to /account/shares/<id>/… that comes back to `back`. No
// secret is here: a link's address is shown once, when it is made.
import { type Html, html } from "../../runtime/markup.ts";
import type { ShareLinkView } from "../service/share_links.ts";
import { actionsTable } from "./actions_table.ts";

/** Which links, and whether the table may change what they allow. */
export interface ShareLinkTableOptions {
  /** Where each form comes back to. */
  back: string;
  /** A column naming what each link shows (the account page lists every link). */
  showTarget: boolean;
  /**
   * Buttons that turn an edit link view-only and a diagram's view link editable, and that show
   * or hide the history.
   */
  changeAccess: boolean;
}

/** What a link's form did, said on the page it comes back to (its `?done=`). */
export const SHARE_LINK_NOTICES: Record<string, string> = {
  "share-revoked": "Share link revoked: its address now finds nothing.",
  "share-view-only": "The link is view-only now: whoever holds it can no longer edit.",
  "share-editable": "The link allows editing now: whoever holds it can change the diagram.",
  "share-history": "The link shows the history now: whoever holds it can see every kept revision.",
  "share-no-history": "The link no longer shows the history.",
};

/** The live share links as a table (see above). */
export function shareLinkTable(links: ShareLinkView[], options: ShareLinkTableOptions): Html {
  const rows = links.map((link) =>
    html`
      <tr>
        ${options.showTarget ? html`<td>${targetLink(link)}</td>` : ""}
        <th scope="row">${link.label || html`<span class="muted">no label</span>`}</th>
        <td>${link.access === "edit" ? "can edit" : "view only"}${link.downloads
          ? ""
          : html`<br><span class="muted">no downloads</span>`}${link.history
          ? html`<br><span class="muted">see history</span>`
          : ""}</td>
        <td data-label="Created">${when(link.createdAt)}</td>
        <td data-label="Expires">${link.expiresAt === null ? "never" : when(link.expiresAt)}</td>
        <td data-label="Last used">${link.lastUsedAt === null
          ? "never"
          : when(link.lastUsedAt)}</td>
        <td><div class="share-actions">${accessForm(link, options)}${historyForm(
          link,
          options,
        )}${revokeForm(link, options)}</div></td>
      </tr>
    `
  );
  const headings = ["Label", "Visitors", "Created", "Expires", "Last used"];
  return actionsTable(
    "tokens share-links",
    options.showTarget ? ["Shows", ...headings] : headings,
    rows,
  );
}

function targetLink(link: ShareLinkView): Html {
  const { type, id, name } = link.target;
  return type === "diagram"
    ? html`<a href="/d/${id}">${name}</a>`
    : html`<a href="/c/${id}">${name}</a> <span class="muted">(collection)</span>`;
}

/** "2026-11-28 18:26": an ISO time to the minute, UTC, as the tokens table shows it. */
export function shortTime(iso: string): string {
  return iso.slice(0, 16).replace("T", " ");
}

/** A time to the minute, the full time in its tooltip. */
function when(iso: string): Html {
  return html`<time datetime="${iso}" title="${new Date(iso).toUTCString()}">${
    shortTime(iso)
  }</time>`;
}

/** How a button names its link to a screen reader: the label, else what it shows and when made. */
function describe(link: ShareLinkView): string {
  return link.label
    ? `the link “${link.label}”`
    : `the link to ${link.target.name} made ${shortTime(link.createdAt)}`;
}

function accessForm(link: ShareLinkView, options: ShareLinkTableOptions): Html | "" {
  if (!options.changeAccess || link.target.type !== "diagram") return "";
  const [access, words] = link.access === "edit"
    ? ["view", "Make view-only"]
    : ["edit", "Allow editing"];
  return settingForm(link, options.back, { name: "access", value: access }, words);
}

function historyForm(link: ShareLinkView, options: ShareLinkTableOptions): Html | "" {
  if (!options.changeAccess) return "";
  const [history, words] = link.history ? ["off", "Hide history"] : ["on", "Show history"];
  return settingForm(link, options.back, { name: "history", value: history }, words);
}

/** One button that sets one of the link's settings (posted to /account/shares/<id>/<name>). */
function settingForm(
  link: ShareLinkView,
  back: string,
  setting: { name: string; value: string },
  words: string,
): Html {
  return linkForm(
    link,
    setting.name,
    back,
    html`
      <input type="hidden" name="${setting.name}" value="${setting.value}"><button type="submit"
        aria-label="${words}: ${describe(link)}">${words}</button>
    `,
  );
}

function revokeForm(link: ShareLinkView, options: ShareLinkTableOptions): Html {
  const button = html`<button type="submit" aria-label="Revoke ${describe(link)}">Revoke</button>`;
  return linkForm(link, "revoke", options.back, button);
}

function linkForm(link: ShareLinkView, action: string, back: string, fields: Html): Html {
  return html`<form method="post" action="/account/shares/${link.id}/${action}"><input
    type="hidden" name="back" value="${back}">${fields}</form>`;
}
