import assert from "node:assert/strict";
import { PALETTE } from "../spec.ts";
import { readableTextColour, resolveColours } from "./palette.ts";

Deno.test("a palette name gives Excalidraw's shade-1 fill and shade-4 stroke", () => {
  assert.deepEqual(resolveColours("blue"), { background: "#a5d8ff", stroke: "#1971c2" });
  assert.deepEqual(resolveColours("red"), { background: "#ffc9c9", stroke: "#e03131" });
  assert.deepEqual(resolveColours("bronze"), { background: "#eaddd7", stroke: "#846358" });
});

Deno.test("every palette name the spec accepts has colours", () => {
  for (const name of PALETTE) {
    const { background, stroke } = resolveColours(name);
    assert.match(background, /^#[0-9a-f]{6}$/, name);
    assert.match(stroke, /^#[0-9a-f]{6}$/, name);
  }
});

Deno.test("no colour draws Excalidraw's default outline without a fill", () => {
  assert.deepEqual(resolveColours(), { background: "transparent", stroke: "#1e1e1e" });
});

Deno.test("a hex colour is the fill and its stroke is a darker shade of the same hue", () => {
  assert.deepEqual(resolveColours("#A5D8FF"), { background: "#a5d8ff", stroke: "#0074cc" });
  // Already dark: the stroke still darkens, to 60 % of the fill's lightness.
  assert.deepEqual(resolveColours("#333333"), { background: "#333333", stroke: "#1f1f1f" });
  assert.deepEqual(resolveColours("#ffffff"), { background: "#ffffff", stroke: "#666666" });
});

Deno.test("a name outside the palette is refused rather than drawn in a wrong colour", () => {
  assert.throws(() => resolveColours("purple"), /unknown colour purple/);
  assert.throws(() => resolveColours("toString"), /unknown colour/);
});

Deno.test("labels are black on light fills and white on dark ones", () => {
  assert.equal(readableTextColour("transparent"), "#1e1e1e");
  assert.equal(readableTextColour("#a5d8ff"), "#1e1e1e");
  assert.equal(readableTextColour("#ffec99"), "#1e1e1e");
  assert.equal(readableTextColour("#343a40"), "#ffffff");
  assert.equal(readableTextColour("#2b8a3e"), "#ffffff");
});
