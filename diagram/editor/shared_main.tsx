// A share link's page script (pages/shared_page.ts loads it when the editor bundle is built): asks
// the figure's `data-live` for a room ticket, joins the room in an Excalidraw kept invisible over
// the server's picture, and puts it in the picture's place once the room has synced. Until then
// (collab out of reach, say), and when no ticket can be had for a reason other than the link's
// end, the picture stays as it is. When the link ends (revoked, expired, the diagram trashed) the
// figure says so, and nothing reconnects.
// @ts-expect-error: as in main.tsx, esbuild resolves the stylesheet the type check cannot.
import "@excalidraw/excalidraw/index.css";
import { createRoot, type Root } from "react-dom/client";
import { GoneError } from "./collab_link.ts";
import { type LinkTicket, type LinkTickets, linkTickets } from "./link_tickets.ts";
import { SharedLive } from "./shared_live.tsx";
import {
  GUEST_NAME_FORM_ID,
  GUEST_NAME_INPUT_ID,
  LIVE_STATUS_ID,
  SHARED_FIGURE_ID,
} from "./shared_live_config.ts";
import type { LiveStatus, SharedSession } from "./shared_session.ts";

const STATUS_TEXT: Record<Exclude<LiveStatus, "ended">, Record<LinkTicket["access"], string>> = {
  connecting: { view: "Connecting…", edit: "Connecting…" },
  live: {
    view: "Live: changes show here as they are made.",
    edit: "Live: you are editing with the others; changes are saved as you make them.",
  },
  reconnecting: {
    view: "Reconnecting… (the drawing may be behind)",
    edit: "Reconnecting… (your changes are sent once connected again)",
  },
};

const ENDED_TEXT = "This link no longer works: its owner revoked it, it expired, or the " +
  "diagram was removed. Ask whoever gave it to you for a new one.";

const figure = document.getElementById(SHARED_FIGURE_ID);
const livePath = figure?.dataset.live;
const filesPath = figure?.dataset.files;
if (figure && livePath && filesPath) void start(figure, livePath, filesPath);

async function start(figure: HTMLElement, livePath: string, filesPath: string): Promise<void> {
  const tickets = linkTickets(livePath);
  let first: LinkTicket;
  try {
    first = await tickets.next();
  } catch (error) {
    // The link ended since the page was made; anything else leaves the picture be.
    if (error instanceof GoneError) end(figure, null);
    return;
  }
  const { access } = first;
  const status = document.getElementById(LIVE_STATUS_ID);
  let pending: LinkTicket | null = first;
  let session: SharedSession | null = null;
  let root: Root | null = null;

  const canvas = document.createElement("div");
  const onStatus = (live: LiveStatus) => {
    if (live === "ended") return end(figure, root);
    if (live === "live" && canvas.classList.contains("pending")) {
      // The room is in: the live drawing takes the picture's place (pan and zoom are its own).
      figure.replaceChildren(canvas);
      canvas.classList.remove("pending");
    }
    if (status) {
      status.dataset.status = live;
      status.textContent = STATUS_TEXT[live][access];
    }
  };

  // The first ticket is the one just fetched; later ones (after a token expired, say) are fresh.
  // An edit link turned view-only (or back) hands out the other kind: the page opens anew as that.
  const nextTicket = async () => {
    const ticket = pending ?? await tickets.next();
    pending = null;
    if (ticket.access !== access) {
      location.reload();
      throw new Error("the link's access changed");
    }
    return ticket;
  };

  canvas.className = "shared-canvas pending";
  canvas.dataset.access = access;
  figure.append(canvas);
  root = createRoot(canvas);
  root.render(
    <SharedLive
      options={{ access, name: first.name, tickets: nextTicket, filesPath }}
      onStatus={onStatus}
      onSession={(running) => (session = running)}
    />,
  );
  if (access === "edit") offerGuestName(tickets, () => session);
}

/** An edit link's name form: the name goes to /live (which tidies it) and into presence. */
function offerGuestName(tickets: LinkTickets, session: () => SharedSession | null) {
  const form = document.getElementById(GUEST_NAME_FORM_ID) as HTMLFormElement | null;
  const input = document.getElementById(GUEST_NAME_INPUT_ID) as HTMLInputElement | null;
  if (!form || !input) return;
  form.hidden = false;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    tickets.named(input.value);
    try {
      const { name } = await tickets.next();
      input.value = name;
      session()?.rename(name);
    } catch {
      // The link ended meanwhile (the view says so) or the service is out of reach: the name
      // goes with the next ticket.
    }
  });
}

function end(figure: HTMLElement, root: Root | null) {
  root?.unmount();
  const message = document.createElement("p");
  message.className = "shared-ended";
  message.setAttribute("role", "alert");
  message.textContent = ENDED_TEXT;
  figure.dataset.ended = "";
  figure.replaceChildren(message);
  // Its downloads are the same 404 now.
  document.querySelector(".shared-downloads")?.remove();
  document.getElementById(LIVE_STATUS_ID)?.replaceChildren();
  const form = document.getElementById(GUEST_NAME_FORM_ID);
  if (form) form.hidden = true;
}
