// What a diagram operation can refuse. The HTTP edge maps each to its status; MCP tools to isError.

/** Missing, or owned by another account: callers cannot tell the two apart. */
export class NotFoundError extends Error {
  override name = "NotFoundError";
}

/** The request contradicts what is stored (a taken name, a non-empty collection, a cycle). */
export class ConflictError extends Error {
  override name = "ConflictError";
}

/** An If-Match revision that is no longer the stored one. */
export class StaleRevisionError extends Error {
  override name = "StaleRevisionError";
  constructor(readonly currentRevision: number) {
    super(`the diagram is at revision ${currentRevision}; reload it and apply your change again`);
  }
}

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
