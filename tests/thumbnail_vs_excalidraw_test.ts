// Our server-side thumbnail against Excalidraw's own exportToSvg() of the same generated file, both
// drawn in headless Chromium with Excalidraw's fonts: every label's text must sit where
// Excalidraw's export puts it, and our arrows must leave a gap under their labels. Screenshots
// of both, and of ours at gallery card size, go to /tmp/thumbs/ for a person to look at.
import assert from "node:assert/strict";
import type { DiagramSpec } from "../diagram/drawing/spec.ts";
import type { ShapeElement } from "../diagram/drawing/excalidraw/types.ts";
import { generateDiagram } from "../diagram/drawing/generate.ts";
import { renderThumbnail } from "../diagram/drawing/svg/render_svg.ts";
import { openRestorePage } from "./helpers/excalidraw_restore.ts";
import { labelsCrossedByArrows } from "./helpers/layout_quality.ts";

// The page's DOM, loosely typed: the functions below run in Chromium, and `deno check` must not
// load the DOM library for the whole program (its stream types clash with Deno's own).
// deno-lint-ignore no-explicit-any
type Dom = any;
declare const document: Dom;
declare const DOMPoint: Dom;
declare const DOMParser: Dom;
declare const XMLSerializer: Dom;
declare const Image: Dom;

/**
 * A diamond of labelled edges, a back edge, a two-line label (broken by hand: wrapped at its
 * widest, 176 px, it touched the arrows beside its own, and the gap check below needs labels no
 * arrow crosses), every shape.
 */
const SPEC: DiagramSpec = {
  layout: "TB",
  nodes: [
    { id: "api", label: "API gateway", shape: "rounded", color: "blue" },
    { id: "auth", label: "Auth", shape: "diamond", color: "yellow" },
    { id: "orders", label: "Orders service", shape: "rectangle" },
    { id: "db", label: "Orders database", shape: "ellipse", color: "green" },
  ],
  edges: [
    { from: "api", to: "auth", label: "checks token" },
    { from: "api", to: "orders", label: "forwards" },
    { from: "auth", to: "db", label: "reads users" },
    { from: "orders", to: "db", label: "writes orders\nand an audit log" },
    { from: "db", to: "api", label: "reports" },
  ],
};

/** How far apart the two renderings may put a label's centre, in scene px. */
const TOLERANCE = 3;
const SHOTS = "/tmp/thumbs";

interface Measured {
  /** The label's text without white space, to pair the two renderings' labels. */
  key: string;
  centre: [number, number];
}

Deno.test("our thumbnail puts each label where Excalidraw's export does, arrow labels on a gap", async () => {
  const file = await generateDiagram(SPEC, {
    diagramId: "thumbnail-check",
    source: "https://diagrams.example.test",
    updated: 0,
  });
  assert.equal(labelsCrossedByArrows(file), 0, "the gap check below needs labels no arrow crosses");
  const ours = renderThumbnail(file.elements);
  await using browser = await openRestorePage();
  const theirs = await browser.exportSvg(file, 10);
  const { page } = browser;

  await page.setViewportSize({ width: 1600, height: 1200 });
  await page.evaluate(async ([ourSvg, theirSvg]) => {
    document.body.style.margin = "0";
    document.body.innerHTML = `<div id="theirs">${theirSvg}</div><div id="ours">${ourSvg}</div>`;
    // Excalidraw's export inlines its fonts in a <style>; both drawings use them once loaded.
    await document.fonts.load("20px Excalifont");
    await document.fonts.ready;
  }, [ours, theirs] as const);

  // Taken before any assertion, so a failure can be looked at.
  await Deno.mkdir(SHOTS, { recursive: true });
  await page.locator("#ours svg").screenshot({ path: `${SHOTS}/ours.png` });
  await page.locator("#theirs svg").screenshot({ path: `${SHOTS}/excalidraw.png` });

  // Excalidraw's export translates each element by one offset: read it off the first shape.
  const first = file.elements[0] as unknown as ShapeElement;
  const offset = await page.evaluate(() => {
    const group = document.querySelector("#theirs svg g[transform^='translate(']")!;
    const [, x, y] = /translate\(([-\d.e]+) ([-\d.e]+)\)/.exec(group.getAttribute("transform")!)!;
    return [Number(x), Number(y)];
  });
  const theirOffset = [offset[0] - first.x, offset[1] - first.y];

  // Centres of each label's text, from the DOM, in the SVG's own coordinates.
  const measure = (root: string, perLine: boolean): Promise<Measured[]> =>
    page.evaluate(([selector, lines]) => {
      const svg = document.querySelector(`${selector} svg`) as Dom;
      const toSvg = svg.getScreenCTM()!.inverse();
      const texts = [...svg.querySelectorAll("text")];
      // Excalidraw writes one <text> per line inside one <g> per element.
      const boxes = lines ? [...new Set(texts.map((text) => text.parentElement!))] : texts;
      return boxes.map((box) => {
        const rect = box.getBoundingClientRect();
        const centre = new DOMPoint(rect.x + rect.width / 2, rect.y + rect.height / 2)
          .matrixTransform(toSvg);
        return {
          key: (box.textContent ?? "").replace(/\s+/g, ""),
          centre: [centre.x, centre.y] as [number, number],
        };
      });
    }, [root, perLine] as const);
  const ourLabels = await measure("#ours", false);
  const theirLabels = await measure("#theirs", true);
  const labelCount = SPEC.nodes.length + SPEC.edges.length;
  assert.equal(ourLabels.length, labelCount);
  assert.equal(theirLabels.length, labelCount);
  for (const theirs of theirLabels) {
    const ours = ourLabels.find(({ key }) => key === theirs.key);
    assert.ok(ours !== undefined, `our thumbnail lacks ${theirs.key}`);
    const [x, y] = [theirs.centre[0] - theirOffset[0], theirs.centre[1] - theirOffset[1]];
    const [dx, dy] = [ours.centre[0] - x, ours.centre[1] - y];
    assert.ok(
      Math.abs(dx) <= TOLERANCE && Math.abs(dy) <= TOLERANCE,
      `${theirs.key}: ours at ${ours.centre.map(Math.round)}, Excalidraw's at ` +
        `${[x, y].map(Math.round)}`,
    );
  }

  // The gap: drawn without its text, each edge label's box holds no ink; without the masks the
  // arrow runs through every one of them.
  const inkInLabelBoxes = (withMasks: boolean) =>
    page.evaluate(async ([markup, masks]) => {
      const doc = new DOMParser().parseFromString(markup, "image/svg+xml");
      const svg = doc.documentElement;
      const boxes = [...svg.querySelectorAll("mask rect[fill='#000']")].map((rect) =>
        ["x", "y", "width", "height"].map((name) => Number(rect.getAttribute(name)))
      );
      for (const text of [...svg.querySelectorAll("text")]) text.remove();
      if (!masks) {
        for (const masked of [...svg.querySelectorAll("[mask]")]) masked.removeAttribute("mask");
      }
      const [minX, minY, width, height] = svg.getAttribute("viewBox")!.split(" ").map(Number);
      svg.setAttribute("width", String(width));
      svg.setAttribute("height", String(height));
      const image = new Image();
      image.src = `data:image/svg+xml;charset=utf-8,${
        encodeURIComponent(new XMLSerializer().serializeToString(svg))
      }`;
      await image.decode();
      const canvas = document.createElement("canvas");
      [canvas.width, canvas.height] = [Math.ceil(width), Math.ceil(height)];
      const context = canvas.getContext("2d")!;
      context.drawImage(image, 0, 0);
      return boxes.map(([x, y, w, h]) => {
        // One px inside the box: anti-aliasing of the cut edge may tint the border.
        const pixels = context.getImageData(
          Math.ceil(x - minX) + 1,
          Math.ceil(y - minY) + 1,
          Math.floor(w) - 2,
          Math.floor(h) - 2,
        ).data;
        let ink = 0;
        for (
          let i = 0;
          i < pixels.length;
          i += 4
        ) if (pixels[i] + pixels[i + 1] + pixels[i + 2] < 600) ink++;
        return ink;
      });
    }, [ours, withMasks] as const);
  const gaps = await inkInLabelBoxes(true);
  assert.equal(gaps.length, SPEC.edges.length, "one gap per edge label");
  assert.deepEqual(gaps, gaps.map(() => 0), `ink inside a label gap: ${gaps}`);
  assert.ok((await inkInLabelBoxes(false)).every((ink) => ink > 0), "the check sees the arrows");

  // As the gallery shows it: an <img> (no page fonts reach it) in a 280 × 180 card.
  await page.evaluate(([ourSvg, theirSvg]) => {
    const card = (svg: string) =>
      `<div style="display:inline-block;width:280px;height:180px;border:1px solid #ccc;margin:8px">` +
      `<img style="width:100%;height:100%;object-fit:contain" src="data:image/svg+xml;charset=utf-8,${
        encodeURIComponent(svg)
      }"></div>`;
    document.body.innerHTML = `<div id="cards" style="display:inline-block">${card(ourSvg)}${
      card(theirSvg)
    }</div>`;
  }, [ours, theirs] as const);
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  await page.locator("#cards").screenshot({ path: `${SHOTS}/cards.png` });
});
