// What each session's connections wrote to a room since the diagram service last confirmed that
// session live. Collaboration cannot wait for a check, so a client's edit is applied and shared at
// once; its session is checked on the next flush tick, before the room is saved. When the session
// turns out to have ended, what arrived after the end is taken back (the room writes the undo, so
// every client follows and no save holds it); what arrived before the end was written while the
// session was live, and stays. Confirmed edits are forgotten, so this holds about one flush
// interval of edits (longer while the diagram service cannot answer).
import type * as Y from "yjs";

interface Edit {
  /** When the edit arrived, unix ms. */
  at: number;
  session: string;
  map: Y.Map<unknown>;
  key: string;
  before: unknown;
  after: unknown;
}

/** One key to take back: to `before`, over the `after` it holds now. */
export interface KeyUndo {
  map: Y.Map<unknown>;
  key: string;
  before: unknown;
  after: unknown;
}

export class SessionEdits {
  #edits: Edit[] = [];

  /** A change to `event.target` that one of `session`'s connections made. */
  record(session: string, event: Y.YMapEvent<unknown>, at: number): void {
    for (const [key, change] of event.changes.keys) {
      this.#edits.push({
        at,
        session,
        map: event.target,
        key,
        before: change.oldValue,
        after: event.target.get(key),
      });
    }
  }

  /** Sessions with edits not confirmed yet. */
  sessions(): Set<string> {
    return new Set(this.#edits.map((edit) => edit.session));
  }

  /** `session` was live at `asOf`: what it wrote before then stays. */
  confirm(session: string, asOf: number): void {
    this.#edits = this.#edits.filter((edit) => edit.session !== session || edit.at >= asOf);
  }

  /**
   * `session` ended at `endedAt` (null: at a time nobody can tell, so everything not confirmed):
   * each key it changed since, to be put back to what it held before the session's first change
   * after the end. A key someone else changed after the session did keeps their change. The
   * session's edits are forgotten.
   */
  undo(session: string, endedAt: number | null): KeyUndo[] {
    const late = new Map<Y.Map<unknown>, Map<string, Edit[]>>();
    for (const edit of this.#edits) {
      if (edit.session !== session || (endedAt !== null && edit.at < endedAt)) continue;
      const keys = late.get(edit.map) ?? late.set(edit.map, new Map()).get(edit.map)!;
      keys.set(edit.key, [...keys.get(edit.key) ?? [], edit]);
    }
    this.#edits = this.#edits.filter((edit) => edit.session !== session);
    const undos: KeyUndo[] = [];
    for (const [map, keys] of late) {
      for (const [key, edits] of keys) {
        const now = map.get(key);
        // Back through the session's changes while each one's result is what the key then held.
        let held = now;
        let first: Edit | null = null;
        for (const edit of edits.toReversed()) {
          if (edit.after !== held) break;
          first = edit;
          held = edit.before;
        }
        if (first) undos.push({ map, key, before: first.before, after: now });
      }
    }
    return undos;
  }
}
