// The diagram cards of the gallery pages: thumbnail, name (search hits marked), collection, when,
// who made it, and a menu of actions (rename, move, share, history, duplicate, delete) that works
// without JavaScript (a <details> of links to small form pages, and a Duplicate form). Each action
// comes back to `back`, the page the card is on.
import { type Html, html } from "../../runtime/markup.ts";
import type { DiagramView, SearchMatch } from "../service/diagrams.ts";
import type { CollectionTree } from "./collection_tree.ts";
import { markedText } from "./marked_text.ts";
import { timeAgo } from "./relative_time.ts";

/** A diagram as a card shows it. */
export type CardDiagram = DiagramView & { match?: SearchMatch };

/** What every card on a page shares: where actions return to, and the places to move to. */
export interface CardContext {
  tree: CollectionTree;
  /** The collection the page shows, whose name the cards need not repeat. */
  shownCollectionId?: string | null;
  /** This page's path and query: where each action returns. */
  back: string;
  now: number;
}

/** The gallery's grid of diagram cards. */
export function diagramCards(diagrams: CardDiagram[], context: CardContext): Html {
  return html`<ul class="cards">${diagrams.map((diagram) => card(diagram, context))}</ul>`;
}

function card(diagram: CardDiagram, context: CardContext): Html {
  const back = encodeURIComponent(context.back);
  const collection = diagram.collectionId !== null &&
      diagram.collectionId !== context.shownCollectionId
    ? context.tree.byId.get(diagram.collectionId)
    : undefined;
  return html`
    <li class="card" data-diagram-id="${diagram.id}" data-collection="${diagram.collectionId ??
      "none"}">
      <a href="/d/${diagram.id}">
        <img src="/api/diagrams/${diagram.id}/thumbnail.svg" alt="" loading="lazy" width="280"
          height="180">
        <span class="details">
          <span class="name">${diagram.match
            ? markedText(diagram.match.name)
            : diagram.name}${diagram.source === "mcp"
            ? html`<span class="badge">agent</span>`
            : ""}</span>
          ${collection ? html`<span class="in">in ${collection.name}</span>` : ""}
          ${timeAgo(diagram.updatedAt, context.now, "updated ")}
          ${diagram.match?.snippet
            ? html`<span class="snippet">${markedText(diagram.match.snippet)}</span>`
            : ""}
        </span>
      </a>
      <details class="menu">
        <summary>Actions<span class="visually-hidden"> for ${diagram.name}</span></summary>
        <ul>
          <li><a href="/d/${diagram.id}/rename?back=${back}">Rename…</a></li>
          <li><a href="/d/${diagram.id}/move?back=${back}">Move…</a></li>
          <li><a href="/d/${diagram.id}/share?back=${back}">Share…</a></li>
          <li><a href="/d/${diagram.id}/history">History</a></li>
          <li>
            <form method="post" action="/d/${diagram.id}/duplicate"><input type="hidden"
            name="back" value="${context.back}"><button type="submit"
            class="link-button">Duplicate</button></form>
          </li>
          <li><a href="/d/${diagram.id}/delete?back=${back}">Delete…</a></li>
        </ul>
      </details>
    </li>
  `;
}
