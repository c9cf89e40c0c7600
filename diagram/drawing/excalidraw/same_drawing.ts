// Whether two drawings look the same: what a person sees, not how a file happens to spell it. A
// drawing is its live elements (a deleted one is as good as absent) in z-order, each with its own
// fields. No change: the order of keys; an empty list or object where another writer puts null or
// leaves the key out (Excalidraw loads `boundElements: null` as `[]`); and the bookkeeping that
// moves without anything drawn moving: `version`, `versionNonce`, `updated`, and the `index`
// labels themselves (re-numbered, the order they give is the same; the order is compared).
// The editor asks this before it saves, and the server before it keeps a save as a new revision.

type Fields = Record<string, unknown>;

const BOOKKEEPING = new Set(["version", "versionNonce", "updated", "index"]);

/** Two elements draw the same, bookkeeping and spelling aside. */
export function sameElement(a: Fields, b: Fields): boolean {
  return sameFields(a, b, BOOKKEEPING);
}

/** Two lists of elements draw the same: the same live elements, alike, in the same order. */
export function sameDrawing(a: readonly unknown[], b: readonly unknown[]): boolean {
  const left = live(a);
  const right = live(b);
  return left.length === right.length &&
    left.every((element, at) => element.id === right[at].id && sameElement(element, right[at]));
}

/**
 * Two Excalidraw files hold the same drawing: the same elements (as sameDrawing), and alike in
 * everything else they carry (appState, images, and any key of a writer's own, which a save must
 * not drop by calling it no change). The envelope (`type`, `version`, `source`) says who wrote the
 * file, not what it shows.
 */
export function sameFile(a: Fields, b: Fields): boolean {
  return Array.isArray(a.elements) && Array.isArray(b.elements) &&
    sameDrawing(a.elements, b.elements) && sameFields(a, b, ENVELOPE_AND_ELEMENTS);
}

const ENVELOPE_AND_ELEMENTS = new Set(["type", "version", "source", "elements"]);

/** Deep equality where key order does not count and every empty value is the same as none. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (isEmpty(a) || isEmpty(b)) return isEmpty(a) && isEmpty(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length &&
      a.every((item, at) => sameValue(item, b[at]));
  }
  if (isFields(a) && isFields(b)) return sameFields(a, b, NOTHING_SKIPPED);
  return a === b;
}

const NOTHING_SKIPPED = new Set<string>();

function sameFields(a: Fields, b: Fields, skipped: ReadonlySet<string>): boolean {
  for (const key in a) {
    if (!skipped.has(key) && !sameValue(a[key], b[key])) return false;
  }
  for (const key in b) {
    if (!(key in a) && !skipped.has(key) && !isEmpty(b[key])) return false;
  }
  return true;
}

function live(elements: readonly unknown[]): Fields[] {
  return elements.filter((element): element is Fields =>
    isFields(element) && element.isDeleted !== true
  );
}

/** null, a missing key, [] and {} (or one holding nothing else): nothing, however spelt. */
function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (!isFields(value)) return false;
  for (const key in value) if (!isEmpty(value[key])) return false;
  return true;
}

function isFields(value: unknown): value is Fields {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
