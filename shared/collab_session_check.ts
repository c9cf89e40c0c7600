// The collab server's question to the diagram service, asked on every flush tick for the sessions
// of its connections and before admitting a token whose session it has not confirmed lately:
// which of these sessions have ended, and when?
//   POST /internal/collab/sessions  {"ids": [<session ref>, …]}
//   200 {"ended": {<session ref>: <unix ms it ended> | null}}
// Live sessions are left out of the answer; null names a session the diagram service no longer
// knows (swept after its expiry), ended at a time it cannot tell. Both sides parse with these.
import { z } from "zod";
import { SESSION_REF_SHAPE } from "./collab_token.ts";

export const SESSION_CHECK_PATH = "/internal/collab/sessions";
/** Session references in one question; the collab server asks in batches of this many. */
export const SESSION_CHECK_MAX_IDS = 10_000;

const sessionRef = z.string().regex(SESSION_REF_SHAPE, { error: "not a session reference" });

export const sessionCheckSchema = z.strictObject({
  ids: z.array(sessionRef).max(SESSION_CHECK_MAX_IDS),
});

export const sessionCheckAnswerSchema = z.strictObject({
  ended: z.record(sessionRef, z.number().int().nonnegative().nullable()),
});
