// Maps refusals from the store and the edge to JSON answers; anything else is the base app's 500.
import type { Context } from "hono";
import { ConflictError, NotFoundError, StaleRevisionError } from "../store/errors.ts";
import { InvalidInputError } from "./json_body.ts";

export function answerForKnownError(error: unknown, c: Context): Response | null {
  if (error instanceof InvalidInputError) {
    return c.json({ error: error.message, problems: error.problems }, 400);
  }
  if (error instanceof NotFoundError) return c.json({ error: error.message }, 404);
  if (error instanceof ConflictError) return c.json({ error: error.message }, 409);
  if (error instanceof StaleRevisionError) {
    return c.json({ error: error.message, currentRevision: error.currentRevision }, 412, {
      ETag: `"${error.currentRevision}"`,
    });
  }
  return null;
}
