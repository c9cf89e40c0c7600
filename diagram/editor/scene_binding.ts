// Binds an editor's scene to a room's Y.Doc, both ways, with Excalidraw's own reconcile rule so
// that Yjs and the editors agree on every element:
// - a local change writes only the elements that win over what the room holds (a higher
//   `version`, or the same version and a lower `versionNonce`), so a remote change applied to the
//   scene is never written back (no echo);
// - a remote change is merged into the scene by the same rule and handed over in fractional-index
//   order, the order Excalidraw keeps (anything else makes it renumber indices, bump versions and
//   broadcast them: editors echoing each other forever);
// - deletion is `isDeleted: true` on the element, never a removed key, so every peer converges.
// The room holds each element as its JSON text under Y.Map "elements" (collab/scene.ts).
import * as Y from "yjs";
import { framedPageProblem } from "../drawing/excalidraw/embed_links.ts";

export interface SceneElement {
  id: string;
  version: number;
  versionNonce: number;
  index?: string | null;
  isDeleted?: boolean;
  readonly [field: string]: unknown;
}

/** The editor, as the binding sees it. */
export interface SceneView {
  /** Every element of the scene, deleted ones included. */
  elements(): readonly SceneElement[];
  /** Replaces the scene's elements with remote changes (not a user action: no undo step). */
  showRemote(elements: SceneElement[]): void;
}

/** Excalidraw's reconcile rule: does `candidate` replace `current`? */
export function wins(
  candidate: Pick<SceneElement, "version" | "versionNonce">,
  current: Pick<SceneElement, "version" | "versionNonce">,
): boolean {
  return candidate.version > current.version ||
    (candidate.version === current.version && candidate.versionNonce < current.versionNonce);
}

/** Fractional-index order, ties (which a merge can make) by id: the same order on every peer. */
export function byIndex(a: SceneElement, b: SceneElement): number {
  const ia = a.index ?? "";
  const ib = b.index ?? "";
  if (ia !== ib) return ia < ib ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** `remote` merged into `local` by the reconcile rule, in index order; null when nothing changes. */
export function mergeRemote(
  local: readonly SceneElement[],
  remote: readonly SceneElement[],
): SceneElement[] | null {
  const merged = new Map(local.map((element) => [element.id, element]));
  let changed = false;
  for (const element of remote) {
    const mine = merged.get(element.id);
    if (mine && !wins(element, mine)) continue;
    merged.set(element.id, element);
    changed = true;
  }
  return changed ? [...merged.values()].sort(byIndex) : null;
}

/**
 * An element's JSON text from the room; anything else a peer put there counts as nothing, and so
 * does an element that would show a web page inside the drawing, which the server never stores.
 */
export function parseElement(text: unknown): SceneElement | null {
  if (typeof text !== "string") return null;
  try {
    const value = JSON.parse(text);
    const ok = typeof value === "object" && value !== null && typeof value.id === "string" &&
      Number.isFinite(value.version) && Number.isFinite(value.versionNonce) &&
      framedPageProblem(value) === null;
    return ok ? value : null;
  } catch {
    return null;
  }
}

export interface SceneBinding {
  /** Writes the scene's winning elements to the room; how many were written. */
  pushLocal(elements: readonly SceneElement[]): number;
  /** Merges everything the room holds into the scene (after the first sync). */
  pullAll(): void;
  destroy(): void;
}

export interface BindingOptions {
  /**
   * A share link's viewer: the room is only read. Collab closes a viewer that sends a change, and
   * Excalidraw bumps versions of its own (a text measured again once its font loads), so nothing
   * is ever written back, not even an element that beats the room's.
   */
  readOnly?: boolean;
}

export function bindScene(
  doc: Y.Doc,
  view: SceneView,
  { readOnly = false }: BindingOptions = {},
): SceneBinding {
  const map = doc.getMap<string>("elements");
  const origin = Symbol("local scene");
  /** Version and nonce of what the room holds, by id: no JSON parse to compare a local change. */
  const held = new Map<string, Pick<SceneElement, "version" | "versionNonce">>();

  function remember(element: SceneElement) {
    held.set(element.id, { version: element.version, versionNonce: element.versionNonce });
  }

  function write(elements: readonly SceneElement[]): number {
    if (readOnly) return 0;
    let written = 0;
    doc.transact(() => {
      for (const element of elements) {
        const current = held.get(element.id);
        if (current && !wins(element, current)) continue;
        map.set(element.id, JSON.stringify(element));
        remember(element);
        written++;
      }
    }, origin);
    return written;
  }

  function pull(keys: Iterable<string>) {
    const remote: SceneElement[] = [];
    for (const key of keys) {
      const element = parseElement(map.get(key));
      if (!element || element.id !== key) continue;
      remember(element);
      remote.push(element);
    }
    const local = view.elements();
    const merged = mergeRemote(local, remote);
    if (merged) view.showRemote(merged);
    // Two peers writing one key at once: Yjs keeps one value, not always the reconcile winner.
    // A local element that beats what the room now holds goes back at once, so peers converge.
    const mine = new Map(local.map((element) => [element.id, element]));
    const beaten = remote.flatMap((element) => {
      const local = mine.get(element.id);
      return local && wins(local, element) ? [local] : [];
    });
    if (beaten.length > 0) write(beaten);
  }

  const observer = (event: Y.YMapEvent<string>) => {
    if (event.transaction.origin === origin) return;
    pull(event.keysChanged);
  };
  map.observe(observer);

  return {
    pushLocal: write,
    pullAll() {
      pull(map.keys());
    },
    destroy() {
      map.unobserve(observer);
    },
  };
}

/** A number that changes whenever any element's version does: "has the scene changed since?" */
export function versionHash(elements: readonly SceneElement[]): number {
  let hash = 5381;
  for (const element of elements) {
    hash = (Math.imul(hash, 33) ^ element.version) >>> 0;
    hash = (Math.imul(hash, 33) ^ element.versionNonce) >>> 0;
  }
  return hash;
}
