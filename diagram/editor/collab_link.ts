// A browser's connection to a room on the collab server: a y-websocket provider over a fresh
// token from the web app (which alone knows the collab address), the owner's (ownerTickets) or a
// share link visitor's (shared_view.ts). Close codes decide what follows: 4401/4403 (token
// expired, the secret rotated, or the session or link ended) fetch a new token and reconnect, so
// an ended link shows as the 404 of its next token; 4409 (the diagram was replaced) goes to the
// caller; 4404 (deleted) and 4405 (a view link's visitor wrote) end it; any other close is retried
// by the provider itself, with its backoff. A token refused with 401 means this browser was signed
// out (here, in another tab, or by the operator): the editor says so, and the link keeps asking,
// so that signing in again in another tab brings it back.
import { WebsocketProvider } from "y-websocket";
import type * as Y from "yjs";

export type LinkStatus = "connecting" | "connected" | "disconnected";

export interface CollabLinkEvents {
  status(status: LinkStatus): void;
  /** The room's whole state has arrived (after every connect). */
  synced(): void;
  replaced(): void;
  gone(): void;
  /** The web app no longer knows this browser's session (never for a share link's tickets). */
  signedOut?(): void;
}

/** A room token and the room's address (`<collab server>/<room>`). */
export interface RoomTicket {
  token: string;
  url: string;
}

/** Fetches a fresh ticket; throws GoneError when there is no room to join any more. */
export type TicketSource = () => Promise<RoomTicket>;

/** The owner's tickets for `diagramId`, from their session. */
export function ownerTickets(diagramId: string): TicketSource {
  return async () => {
    const response = await fetch(`/api/diagrams/${diagramId}/collab-token`, { method: "POST" });
    if (response.status === 404) throw new GoneError();
    if (response.status === 401) throw new SignedOutError();
    if (!response.ok) throw new Error(`collab token: HTTP ${response.status}`);
    return await response.json();
  };
}

export interface CollabLink {
  readonly provider: WebsocketProvider | null;
  destroy(): void;
}

const TOKEN_RETRY_MS = [1_000, 2_000, 5_000, 10_000];

export function openCollabLink(
  tickets: TicketSource,
  doc: Y.Doc,
  on: CollabLinkEvents,
): CollabLink {
  let provider: WebsocketProvider | null = null;
  let destroyed = false;
  let failures = 0;
  /** Tokens the server refused in a row, none of whose rooms synced. */
  let refused = 0;

  async function connect(): Promise<void> {
    if (destroyed) return;
    let ticket: RoomTicket;
    try {
      ticket = await tickets();
    } catch (error) {
      if (destroyed) return;
      if (error instanceof GoneError) return on.gone();
      // Signed out, or the web app is unreachable too: keep trying, the editor works meanwhile.
      if (error instanceof SignedOutError) on.signedOut?.();
      else on.status("disconnected");
      const wait = TOKEN_RETRY_MS[Math.min(failures++, TOKEN_RETRY_MS.length - 1)];
      setTimeout(() => void connect(), wait);
      return;
    }
    if (destroyed) return;
    failures = 0;
    if (provider) {
      provider.params = { token: ticket.token };
      provider.connect();
      return;
    }
    // The room's address is the token's url: the server part, then the room name.
    const cut = ticket.url.lastIndexOf("/");
    provider = new WebsocketProvider(ticket.url.slice(0, cut), ticket.url.slice(cut + 1), doc, {
      params: { token: ticket.token },
      disableBc: true,
    });
    provider.on("status", ({ status }: { status: LinkStatus }) => on.status(status));
    provider.on("sync", (isSynced: boolean) => {
      if (!isSynced) return;
      refused = 0;
      on.synced();
    });
    provider.on("connection-close", (event: CloseEvent | null) => {
      if (destroyed || !event) return;
      if (event.code === 4401 || event.code === 4403) {
        // An expired token is replaced at once; a fresh one refused too (the services' secrets
        // differ, say) is asked for again after a growing wait, never in a loop.
        const wait = refused === 0
          ? 0
          : TOKEN_RETRY_MS[Math.min(refused, TOKEN_RETRY_MS.length) - 1];
        refused++;
        setTimeout(() => void connect(), wait);
      } else if (event.code === 4409) on.replaced();
      else if (event.code === 4404 || event.code === 4405) on.gone();
    });
  }

  on.status("connecting");
  void connect();
  return {
    get provider() {
      return provider;
    },
    destroy() {
      destroyed = true;
      provider?.destroy();
    },
  };
}

/** No room to join: the diagram was deleted, or the share link ended. */
export class GoneError extends Error {}
/** The web app no longer knows this browser's session. */
export class SignedOutError extends Error {}
