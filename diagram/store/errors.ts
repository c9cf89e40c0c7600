// What the store refuses. They are defined here, below core, so that the store imports nothing
// above it; core/errors.ts names them among every diagram operation's refusals.

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
