// Giving memory back after rooms come and go. Loading a room leaves its parsed seed and the
// encoded first sync behind as garbage, and an unloaded room leaves its whole document: V8 frees
// that only when its heap next grows enough to collect, and keeps the pages meanwhile, so an idle
// server held about twice what its rooms need, and rooms unloaded stayed in its RSS. After a tick
// on which the number of loaded rooms changed, one full collection (V8's `gc`, exposed by
// `--expose-gc` in the collab task's V8 flags) hands those pages back. A tick with no room loaded
// or unloaded costs nothing.

/** `gc` as `--expose-gc` exposes it; undefined without the flag (then this does nothing). */
type Collect = () => void;

/** V8's `gc` when the process runs with `--expose-gc`. */
export const exposedGc = (globalThis as { gc?: Collect }).gc;

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
