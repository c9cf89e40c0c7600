// A share link visitor's room tickets: POST <the page's data-live> (same origin, so the browser
// sends the Origin the service's guard wants) with the name a guest typed, if any. The link's one
// 404 means it no longer shows anything (revoked, expired, its diagram in the trash): GoneError,
// which ends the live view.
import { GoneError, type RoomTicket } from "./collab_link.ts";

export interface LinkTicket extends RoomTicket {
  access: "view" | "edit";
  /** What the others see this guest as (the typed name, tidied, or the link's own). */
  name: string;
}

export interface LinkTickets {
  next(): Promise<LinkTicket>;
  /** From now on, tickets carry this name. */
  named(name: string): void;
}

export function linkTickets(livePath: string): LinkTickets {
  let typed: string | undefined;
  return {
    async next() {
      const response = await fetch(livePath, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(typed === undefined ? {} : { name: typed }),
      });
      if (response.status === 404) throw new GoneError();
      if (!response.ok) throw new Error(`live: HTTP ${response.status}`);
      const answer = await response.json();
      return {
        token: answer.token,
        url: answer.collabUrl,
        access: answer.access,
        name: answer.name,
      };
    },
    named(name) {
      typed = name;
    },
  };
}
