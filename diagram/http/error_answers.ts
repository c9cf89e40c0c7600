// Maps refusals of the service layer and the edge to JSON answers; anything else is the base app's 500.
import type { Context } from "hono";
import {
  ConflictError,
  InvalidInputError,
  NotFoundError,
  StaleRevisionError,
  TooManyAttemptsError,
  WrongCredentialsError,
} from "../service/errors.ts";
import { DrawingBusyError, DrawingTimeoutError } from "../drawing_pool/drawing_pool.ts";
import { RequestBodyError } from "../../runtime/request_body.ts";

export function answerForKnownError(error: unknown, c: Context): Response | null {
  if (error instanceof InvalidInputError) {
    return c.json({ error: error.message, problems: error.problems }, 400);
  }
  if (error instanceof RequestBodyError) return c.json({ error: error.message }, error.status);
  if (error instanceof NotFoundError) return c.json({ error: error.message }, 404);
  if (error instanceof ConflictError) return c.json({ error: error.message }, 409);
  if (error instanceof StaleRevisionError) {
    return c.json({ error: error.message, currentRevision: error.currentRevision }, 412, {
      ETag: `"${error.currentRevision}"`,
    });
  }
  if (error instanceof WrongCredentialsError) return c.json({ error: error.message }, 401);
  if (error instanceof TooManyAttemptsError) {
    return c.json({ error: error.message }, 429, { "Retry-After": String(error.retryAfter) });
  }
  if (error instanceof DrawingBusyError) {
    return c.json({ error: error.message }, 503, { "Retry-After": "5" });
  }
  if (error instanceof DrawingTimeoutError) return c.json({ error: error.message }, 422);
  return null;
}
