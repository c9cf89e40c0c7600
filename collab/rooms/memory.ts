// Giving memory back after rooms come and go, or are saved. Loading a room leaves its parsed seed
// and the encoded first sync behind as garbage, saving one its elements' JSON and its encoded
// state (about five times the document), and an unloaded room leaves its whole document: V8 frees
// that only when its heap next grows enough to collect, and keeps the pages meanwhile, so an idle
// server held about twice what its rooms need (a room a client had filled with 1 MB, 6 MiB), and
// rooms unloaded stayed in its RSS. So once rooms were loaded, unloaded or saved, one full
// collection (V8's `gc`, exposed by `--expose-gc` in the collab task's V8 flags, in its "last
// resort" form) hands those pages back, at the end of the first tick when nobody has edited for
// two seconds (after that tick's saves, so their garbage goes too). That
// collection stops the server for about 100 ms: done while clients edit, it held every update in
// flight for that long (the fan-out's p99 rose from 9 to 29 ms); a server whose rooms stay busy
// allocates, so V8 collects on its own meanwhile. Presence (cursors, and the clients' renewal of
// it every 15 s) does not count: it never stops, and a cursor a tenth of a second late once is no
// harm. A tick after which nothing was loaded, unloaded or saved costs nothing.

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

/** What the releaser watches. */
export interface RoomActivity {
  /**
   * Rooms loaded plus rooms dropped so far. Not the rooms loaded now: one room dropped and another
   * loaded between two ticks leave that number as it was, and both left garbage.
   */
  roomChanges(): number;
  /** Saves so far (any count that grows with each save). */
  saves(): number;
  /** When a room last took an edit, in `now`'s unit. */
  lastEditAt(): number;
}

/** How long nobody may have edited for a collection to run: no pause lands amid an edit burst. */
export const QUIET_MS = 2_000;

/**
 * Called after every tick: one full GC when rooms were loaded, unloaded or saved since the last
 * collection and nobody edited for QUIET_MS. True when it collected.
 */
export function memoryReleaser(
  activity: RoomActivity,
  collect: Collect | undefined,
  now: () => number = Date.now,
): () => boolean {
  // Both counts only grow, so their sum moves whenever either does.
  const state = () => activity.roomChanges() + activity.saves();
  let collected = state();
  return () => {
    const quiet = now() - activity.lastEditAt() >= QUIET_MS;
    const current = state();
    if (current === collected || !quiet || collect === undefined) return false;
    collected = current;
    collect();
    return true;
  };
}
