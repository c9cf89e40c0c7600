// A room's document rebuilt with its current content only, written when the room unloads saved
// and empty. Every reconnecting y-websocket client writes under a new Yjs client id, so a room's
// state vector and history grow with every session; the rebuilt document holds each key's current
// value, written by one client, COMPACT_CLIENT, so the next load and sync cost what the elements
// cost. COMPACT_CLIENT is the largest client id: where a client still holding the old history
// reconnects, its old values and the rebuilt ones are concurrent writes of the same keys, and Yjs
// orders such writes by client id, so the rebuilt value (the merged state of that same history)
// wins over every old one, and nothing comes back that was replaced meanwhile. A key only that
// client has (an element drawn while offline) is merged as usual.
import * as Y from "yjs";
import { SCENE_MAPS, TOMBSTONE_MS } from "./scene.ts";

/** Yjs client ids are random 32-bit unsigned integers: no client's id sorts after this one. */
export const COMPACT_CLIENT = 0xffff_ffff;

/**
 * The scene maps' current content as one update from COMPACT_CLIENT, tombstones older than
 * TOMBSTONE_MS left out (a save leaves them out already).
 */
export function compactState(doc: Y.Doc, now = Date.now()): Uint8Array {
  const fresh = new Y.Doc({ gc: true });
  fresh.clientID = COMPACT_CLIENT;
  fresh.transact(() => {
    for (const name of SCENE_MAPS) {
      const from = doc.getMap(name);
      const to = fresh.getMap(name);
      for (const [key, value] of from.entries()) {
        if (name === "elements" && oldTombstone(value, now)) continue;
        // A nested shared type (nothing of ours writes one) is kept as its plain content.
        to.set(key, value instanceof Y.AbstractType ? value.toJSON() : value);
      }
    }
  });
  const state = Y.encodeStateAsUpdate(fresh);
  fresh.destroy();
  return state;
}

function oldTombstone(text: unknown, now: number): boolean {
  if (typeof text !== "string") return false;
  try {
    const element = JSON.parse(text);
    return element?.isDeleted === true && typeof element.updated === "number" &&
      now - element.updated > TOMBSTONE_MS;
  } catch {
    return false;
  }
}
