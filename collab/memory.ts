// Giving memory back after rooms come and go. Loading a room leaves its parsed seed and the
// encoded first sync behind as garbage, and an unloaded room leaves its whole document: V8 frees
// that only when its heap next grows enough to collect, and keeps the pages meanwhile, so an idle
// server held about twice what its rooms need, and rooms unloaded stayed in its RSS. After a tick
// on which the number of loaded rooms changed, one full collection (V8's `gc`, exposed by
// `--expose-gc` in the collab task's V8 flags, in its "last resort" form) hands those pages back.
// A tick with no room loaded or unloaded costs nothing.

/** A full collection, done now. */
type Collect = () => void;

/** V8's `gc`, as `--expose-gc` exposes it. */
type V8Gc = (options?: { type?: string; execution?: string; flavor?: string }) => void;
const gc = (globalThis as { gc?: V8Gc }).gc;

/**
 * V8's `gc` when the process runs with `--expose-gc`, as the "last resort" collection (what V8
 * does on a low-memory notification: it also hands the freed pages back). A plain `gc()` shrinks
 * the heap but keeps its pages: measured, a heap of 48 MiB of garbage left RSS at 83 MiB after
 * `gc()` and at 40 after this one.
 */
export const exposedGc: Collect | undefined = gc &&
  (() => gc({ type: "major", execution: "sync", flavor: "last-resort" }));

/** Called after every tick: one full GC when `rooms()` differs from what the last call saw. */
export function memoryReleaser(
  rooms: () => number,
  collect: Collect | undefined,
): () => boolean {
  let seen = rooms();
  return () => {
    const now = rooms();
    if (now === seen) return false;
    seen = now;
    collect?.();
    return collect !== undefined;
  };
}
