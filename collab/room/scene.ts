// How a diagram lives in a room's Y.Doc, and back:
//   Y.Map "elements": element id → the element as JSON text (a whole value, replaced on change;
//                     deletion is isDeleted: true, as in Excalidraw, so peers converge). Text, not
//                     an object: Yjs encodes a string once, where an object costs a decode per key
//                     and value; a 10,000-element room syncs about six times faster.
//   Y.Map "files":    file id → {id, mimeType, created} (the bytes stay with the diagram service)
//   Y.Map "meta":     name, revision (the stored revision the room is based on)
import * as Y from "yjs";
import { isRecord } from "../../shared/is_record.ts";

/** Tombstones older than this are dropped when a room is saved. */
export const TOMBSTONE_MS = 24 * 60 * 60 * 1000;

/** The maps a room shares, each written by its clients. */
export const SCENE_MAPS = ["elements", "files", "meta"] as const;

export interface SceneSeed {
  name: string;
  revision: number;
  /**
   * Each element's JSON text, as the diagram service sends it and as the room keeps it: the texts
   * go into the document as they are, so loading a room holds each element once (the texts),
   * never the parsed scene and a stringified copy of it side by side.
   */
  elements: string[];
  files: Record<string, unknown>;
}

/**
 * Fills an empty document with a diagram, in one transaction (one update for every client). Each
 * element's text is stored as given; it is parsed only to read its id (and dropped unless it is an
 * element), one element at a time. Returns the length of the texts written: about the size of the
 * document's state, a guess the room sizes its first sync by.
 */
export function seedDocument(doc: Y.Doc, seed: SceneSeed, origin: unknown): number {
  let written = 0;
  doc.transact(() => {
    const elements = doc.getMap("elements");
    for (const text of seed.elements) {
      const element = parsed(text);
      if (!isElement(element)) continue;
      elements.set(element.id, text);
      written += text.length;
    }
    const files = doc.getMap("files");
    for (const [id, file] of Object.entries(seed.files)) files.set(id, file);
    const meta = doc.getMap("meta");
    meta.set("name", seed.name);
    meta.set("revision", seed.revision);
  }, origin);
  return written;
}

/**
 * The elements to save: every element-like value, ordered by fractional index (ties by id), with
 * tombstones older than TOMBSTONE_MS left out.
 */
export function sceneElements(doc: Y.Doc, now = Date.now()): Record<string, unknown>[] {
  const kept: (Record<string, unknown> & { id: string })[] = [];
  for (const text of doc.getMap("elements").values()) {
    const value = parsed(text);
    if (!isElement(value)) continue;
    const updated = typeof value.updated === "number" ? value.updated : now;
    if (value.isDeleted === true && now - updated > TOMBSTONE_MS) continue;
    kept.push(value);
  }
  return kept.sort((a, b) =>
    compare(String(a.index ?? ""), String(b.index ?? "")) || compare(a.id, b.id)
  );
}

/**
 * The values that take back a change of element `key` from `before` to `after` (its JSON texts;
 * undefined when there was none), to be written in turn, undefined meaning the key is removed.
 * Editors follow Excalidraw's rule, the higher `version` wins, and one holding `after` writes it
 * back over anything lower: so `before` comes back with a version above both. An element that did
 * not exist before is first deleted the same way (isDeleted, a higher version), for editors to
 * drop it, and then removed from the room, so that no save holds it.
 */
export function undoElementChange(before: unknown, after: unknown, now: number): unknown[] {
  const previous = parsed(before);
  const changed = parsed(after);
  const version = Math.max(versionOf(previous), versionOf(changed)) + 1;
  const bumped = (element: Record<string, unknown>, fields: Record<string, unknown> = {}) =>
    JSON.stringify({ ...element, ...fields, version, versionNonce: randomNonce(), updated: now });
  if (before !== undefined) return [isElement(previous) ? bumped(previous) : before];
  return isElement(changed) ? [bumped(changed, { isDeleted: true }), undefined] : [undefined];
}

function versionOf(element: unknown): number {
  return isElement(element) && Number.isFinite(element.version) ? Number(element.version) : 0;
}

/** A random 31-bit integer, as Excalidraw's versionNonce. */
function randomNonce(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] >>> 1;
}

/** An element's JSON text as a value; anything else a client put in the map counts as nothing. */
function parsed(text: unknown): unknown {
  if (typeof text !== "string") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function isElement(value: unknown): value is Record<string, unknown> & { id: string } {
  return isRecord(value) && typeof value.id === "string";
}
