// The diagram service's side of collaboration:
// - POST /api/diagrams/:id/collab-token: the owner's browser (or a script) gets a short-lived
//   token and the address of the diagram's room on the collab server;
// - /internal/collab/*: the collab server, its requests signed with COLLAB_SECRET, loads a room's
//   seed (NDJSON: a header line, then each element as its own JSON text, which the room keeps as
//   it is; shared/collab_room_seed.ts), saves a room over
//   the revision it holds (409 when the diagram moved on), asks which revisions are current and
//   which of its connections' sessions have ended.
import { Hono } from "hono";
import type { z } from "zod";
import {
  SESSION_CHECK_PATH,
  type sessionCheckAnswerSchema,
  sessionCheckSchema,
} from "../../shared/collab_session_check.ts";
import { ROOM_SEED_CONTENT_TYPE, roomSeedText } from "../../shared/collab_room_seed.ts";
import { createSignatureVerifier } from "../../shared/internal_signature.ts";
import type { CollabRoomOperations } from "../service/collab_rooms.ts";
import { StaleRevisionError } from "../service/errors.ts";
import { idSchema, parseOrThrow, roomRevisionsSchema, saveRoomSchema } from "../service/schemas.ts";
import { type DiagramHonoEnv } from "../http/authenticate.ts";
import { type InternalEnv, requireInternalSignature } from "../http/internal_signature.ts";
import { parseCheckedJson } from "../http/json_body.ts";
import { MAX_DIAGRAM_BODY_BYTES } from "./diagrams.ts";

/** POST /api/diagrams/:id/collab-token: a short-lived room token for the diagram's owner. */
export function collabTokenRoutes(rooms: CollabRoomOperations): Hono<DiagramHonoEnv> {
  const app = new Hono<DiagramHonoEnv>();
  app.post("/api/diagrams/:id/collab-token", async (c) => {
    const id = parseOrThrow(idSchema, c.req.param("id"), "id");
    c.header("Cache-Control", "no-store");
    const granter = { kind: c.get("authKind"), id: c.get("credentialId") };
    return c.json(await rooms.ticket(c.get("userId"), granter, id));
  });
  return app;
}

/** /internal/collab/*: the collab server's signed calls (room seeds, saves, revisions). */
export function internalCollabRoutes(
  rooms: CollabRoomOperations,
  secret: () => string,
): Hono<InternalEnv> {
  const app = new Hono<InternalEnv>();
  app.use(
    "/internal/*",
    requireInternalSignature(createSignatureVerifier(secret), MAX_DIAGRAM_BODY_BYTES),
  );
  const idParam = (value: string) => parseOrThrow(idSchema, value, "id");

  app.get("/internal/collab/rooms/:id", async (c) => {
    const seed = await rooms.seed(idParam(c.req.param("id")));
    return c.body(roomSeedText({ ...seed }), 200, { "content-type": ROOM_SEED_CONTENT_TYPE });
  });

  app.put("/internal/collab/rooms/:id", async (c) => {
    const id = idParam(c.req.param("id"));
    const change = parseCheckedJson(c.get("body"), saveRoomSchema);
    try {
      return c.json(await rooms.save(id, change));
    } catch (error) {
      if (!(error instanceof StaleRevisionError)) throw error;
      return c.json({ error: error.message, currentRevision: error.currentRevision }, 409);
    }
  });

  app.post("/internal/collab/revisions", async (c) => {
    const { ids } = parseCheckedJson(c.get("body"), roomRevisionsSchema);
    return c.json({ revisions: await rooms.revisions(ids) });
  });

  app.post(SESSION_CHECK_PATH, async (c) => {
    const { ids } = parseCheckedJson(c.get("body"), sessionCheckSchema);
    const answer: z.input<typeof sessionCheckAnswerSchema> = {
      ended: await rooms.endedSessions(ids),
    };
    return c.json(answer);
  });

  return app;
}
