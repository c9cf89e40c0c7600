// A share link's live view: the shared page's script asks here for a room token, to follow the
// diagram through the collab server as it changes (and, on an edit link, to edit it as a guest).
//   POST /s/<secret>/live                    the diagram a link shows
//   POST /s/<secret>/d/<diagramId>/live      a diagram of the collection a link shows
//   body {"name"?: string}: a guest's name for the others' presence
// → {token, room, collabUrl, access: "view"|"edit", name}, or the same 404 for every link that is
// not live (unknown, truncated, revoked, expired, its diagram in the trash) and every diagram it
// does not show. Same-origin only (the app's guard on every page POST); rate-limited per address
// with the rest of /s/ (shared_pages.ts).
import { type Context, Hono } from "hono";
import { z } from "zod";
import { collapseWhitespace } from "../../shared/collapse_whitespace.ts";
import type { DiagramHonoEnv } from "../http/authenticate.ts";
import { readJsonBody, SMALL_BODY_BYTES } from "../http/json_body.ts";
import type { CollabRoomOperations } from "../service/collab_rooms.ts";
import { NotFoundError } from "../service/errors.ts";
import { idSchema } from "../service/schemas.ts";
import type { DiagramOperations } from "../service/diagram_operations.ts";
import type { ShareLinkOperations } from "../service/share_links.ts";
import { sharedViewOperations } from "../service/shared_view.ts";

/** What a share link's live view needs to hand out room tokens. */
export interface SharedLiveDeps {
  shares: ShareLinkOperations;
  diagrams: DiagramOperations;
  rooms: CollabRoomOperations;
}

const MAX_NAME_LENGTH = 60;

const liveRequestSchema = z.strictObject({
  name: z.string().max(200).regex(/^[^\p{Cc}\p{Cf}]*$/u, {
    error: "a name is plain text on one line",
  }).optional(),
});

const NOT_FOUND = { error: "not found" };

/** What a guest is called in the others' presence: what they typed, or the link's label. */
export function guestName(typed: string | undefined, label: string): string {
  const name = collapseWhitespace(typed ?? "").slice(0, MAX_NAME_LENGTH);
  if (name !== "") return name;
  return label === "" ? "a guest via a share link" : `a guest via link ${label}`;
}

/** Mounted after sharedPageRoutes, whose per-address limit on /s/* covers these too. */
export function sharedLiveRoutes(deps: SharedLiveDeps): Hono<DiagramHonoEnv> {
  const app = new Hono<DiagramHonoEnv>();
  const shared = sharedViewOperations(deps);

  async function answer(c: Context<DiagramHonoEnv>, diagramId?: string): Promise<Response> {
    c.header("Cache-Control", "no-store");
    const { value } = await readJsonBody(c, liveRequestSchema, SMALL_BODY_BYTES);
    const valid = diagramId === undefined || idSchema.safeParse(diagramId).success;
    const reached = valid ? await shared.diagram(c.req.param("secret") ?? "", diagramId) : null;
    if (reached === null) return c.json(NOT_FOUND, 404);
    try {
      const ticket = await deps.rooms.linkTicket(reached.link, reached.id);
      return c.json({
        token: ticket.token,
        room: ticket.room,
        collabUrl: ticket.url,
        access: ticket.access,
        name: guestName(value.name, ticket.label),
      });
    } catch (error) {
      // Revoked between the two reads.
      if (error instanceof NotFoundError) return c.json(NOT_FOUND, 404);
      throw error;
    }
  }

  app.post("/s/:secret/live", (c) => answer(c));
  app.post("/s/:secret/d/:diagramId/live", (c) => answer(c, c.req.param("diagramId")));
  return app;
}
