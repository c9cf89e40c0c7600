// What a diagram operation can refuse. The HTTP edge maps each to its status; MCP tools to isError.

// Not found, conflict and a stale revision are the store's refusals too, defined with it.
export { ConflictError, NotFoundError, StaleRevisionError } from "../store/errors.ts";
import type { Checked } from "../drawing/content.ts";

/** Input that fails validation: every problem with its path, answered as `{error, problems}`. */
export class InvalidInputError extends Error {
  override name = "InvalidInputError";
  constructor(readonly problems: string[], message = "the request is invalid") {
    super(message);
  }
}

/**
 * The drawing a check made, or InvalidInputError listing what kept it from being saved: the
 * drawing pipeline returns its problems, the service refuses with them.
 */
export function savedOrRefused<T>(checked: Checked<T>): T {
  if (checked.ok) return checked.content;
  throw new InvalidInputError(
    checked.problems,
    "the Excalidraw file is invalid; nothing was saved",
  );
}

/** Wrong email or password: one message for both, so neither can be probed. */
export class WrongCredentialsError extends Error {
  override name = "WrongCredentialsError";
  constructor() {
    super("wrong email or password");
  }
}

/** Too many failed logins: try again after `retryAfter` seconds. */
export class TooManyAttemptsError extends Error {
  override name = "TooManyAttemptsError";
  constructor(readonly retryAfter: number) {
    super(`too many failed logins; retry in ${retryAfter} s`);
  }
}
