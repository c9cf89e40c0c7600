// What a diagram operation can refuse. The HTTP edge maps each to its status; MCP tools to isError.

// Not found, conflict and a stale revision are the store's refusals too, defined with it.
export { ConflictError, NotFoundError, StaleRevisionError } from "../store/errors.ts";

/** Input that fails validation: every problem with its path, answered as `{error, problems}`. */
export class InvalidInputError extends Error {
  override name = "InvalidInputError";
  constructor(readonly problems: string[], message = "the request is invalid") {
    super(message);
  }
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
