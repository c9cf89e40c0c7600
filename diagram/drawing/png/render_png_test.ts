// The PNG renderer with the fonts `deno task prepare` builds (build/png_fonts/) and resvg's
// WebAssembly module, on SVGs of generated diagrams and of single texts.
import assert from "node:assert/strict";
import { parseSpec } from "../spec.ts";
import { generateDiagram } from "../generate.ts";
import { renderFullSize } from "../svg/render_svg.ts";
import { initPngRenderer, PNG_LIMITS, renderPng, renderScenePng, svgSize } from "./render_png.ts";
import { PngError, previewTimeoutMessage } from "./png_error.ts";
import type { PngFonts } from "./png_fonts.ts";
import { pngFontsFromDisk, resvgWasm } from "../../drawing_pool/png_assets.ts";
import { ELEMENT_DEFAULTS, fileWithNote } from "../../../tests/helpers/scene_fixture.ts";
import { randomDag } from "../../../tests/helpers/layout_quality.ts";
import {
  type DecodedPng,
  decodePng,
  hasPngSignature,
  nonWhitePixels,
  pngSize,
} from "../../../tests/helpers/png.ts";

const fonts = pngFontsFromDisk();
await initPngRenderer(await resvgWasm());

const OPTIONS = { diagramId: "png", source: "https://diagrams.example.test", updated: 0 };

async function diagramSvg(input: unknown): Promise<string> {
  const parsed = parseSpec(input);
  if (!parsed.ok) throw new Error(parsed.errors.join("\n"));
  return renderFullSize((await generateDiagram(parsed.spec, OPTIONS)).elements);
}

/** One text element in Excalidraw font `fontFamily`, as render_svg writes it. */
function textSvg(text: string, fontFamily: number): string {
  return renderFullSize([{
    ...ELEMENT_DEFAULTS,
    type: "text",
    x: 0,
    y: 0,
    width: 400,
    height: 50,
    text,
    fontSize: 40,
    fontFamily,
    textAlign: "left",
    verticalAlign: "top",
    lineHeight: 1.25,
  }]);
}

/** The fonts without one family: what a text of it is drawn with when it is missing. */
function without(family: string): PngFonts {
  return { ...fonts, families: fonts.families.filter((entry) => entry.family !== family) };
}

async function pixels(svg: string, with_ = fonts): Promise<DecodedPng> {
  return await decodePng((await renderPng(svg, with_)).png);
}

const longSide = ({ width, height }: { width: number; height: number }) => Math.max(width, height);

const GROUPED = {
  layout: "TB",
  groups: [{ id: "fe", label: "Frontend tier" }, { id: "be", label: "Backend services" }],
  nodes: [
    { id: "web", label: "Web app", group: "fe" },
    { id: "mobile", label: "Mobile app", group: "fe" },
    { id: "gw", label: "API gateway", shape: "rounded", group: "be" },
    { id: "auth", label: "Auth", group: "be" },
    { id: "db", label: "Postgres", shape: "ellipse", color: "blue", group: "be" },
    { id: "queue", label: "Queue", shape: "diamond", color: "yellow" },
  ],
  edges: [
    { from: "web", to: "gw", label: "HTTPS" },
    { from: "mobile", to: "gw" },
    { from: "gw", to: "auth" },
    { from: "auth", to: "db" },
    { from: "gw", to: "queue", line: "dashed" },
  ],
};

Deno.test("a diagram's PNG has the PNG signature, a white background and many drawn pixels", async () => {
  const { png, width, height } = await renderPng(await diagramSvg(GROUPED), fonts);
  assert.ok(hasPngSignature(png));
  assert.deepEqual(pngSize(png), { width, height });
  assert.ok(longSide({ width, height }) >= 600 && longSide({ width, height }) <= 1600);
  const decoded = await decodePng(png);
  assert.deepEqual([...decoded.rgb.subarray(0, 3)], [255, 255, 255], "top-left corner is white");
  const drawn = nonWhitePixels(decoded);
  assert.ok(drawn > 0.02 * width * height, `${drawn} of ${width * height} pixels drawn`);
});

Deno.test("a one-node diagram is drawn 600 px on its long side", async () => {
  const svg = await diagramSvg({ layout: "TB", nodes: [{ id: "a", label: "Alone" }], edges: [] });
  assert.ok(longSide(svgSize(svg)) < 600, "the drawing itself is smaller");
  const image = await renderPng(svg, fonts);
  assert.equal(longSide(image), 600);
  assert.ok(nonWhitePixels(await decodePng(image.png)) > 2000);
});

Deno.test("a 1000-node diagram is drawn 1,600 px on its long side in at most 300 KB", async () => {
  const svg = await diagramSvg(randomDag(1000, 7));
  assert.ok(longSide(svgSize(svg)) > 1600);
  const image = await renderPng(svg, fonts);
  assert.equal(longSide(image), 1600);
  assert.ok(image.png.length <= 300_000, `${image.png.length} bytes`);
  assert.ok(nonWhitePixels(await decodePng(image.png)) > 5000);
});

Deno.test("a PNG over the byte limit is drawn again smaller, and at its smallest with fewer colours", async () => {
  const svg = await diagramSvg(randomDag(100, 3));
  const natural = await renderPng(svg, fonts);
  const smaller = await renderPng(svg, fonts, { ...PNG_LIMITS, maxBytes: natural.png.length / 2 });
  assert.ok(smaller.png.length <= natural.png.length / 2);
  assert.ok(longSide(smaller) < longSide(natural) && longSide(smaller) >= 600);
  await assert.rejects(
    renderPng(svg, fonts, { ...PNG_LIMITS, maxBytes: 100 }),
    /stays over 100 bytes/,
  );
});

Deno.test("a 100,000-character line of text, too long and thin for a picture, is refused in our words, not resvg's", async () => {
  // As the editor saves it: the text element as wide as its one line.
  const [note] = fileWithNote("x".repeat(100_000)).elements;
  await assert.rejects(renderScenePng([{ ...note, width: 1_100_000 }], fonts), (error: Error) => {
    assert.ok(error instanceof PngError, String(error));
    assert.equal(
      error.message,
      "the drawing is 1100020 × 45 px, too long and thin for a picture: drawn 1600 px long, " +
        "it would be less than a pixel across",
    );
    return true;
  });
});

Deno.test("a PNG whose time budget has already run out is not drawn, and says so", async () => {
  const svg = await diagramSvg(GROUPED);
  await assert.rejects(
    renderPng(svg, fonts, PNG_LIMITS, { deadline: Date.now() - 1, budgetMs: 5000 }),
    (error: Error) => {
      assert.ok(error instanceof PngError && !error.rendererBroken, String(error));
      assert.equal(error.message, previewTimeoutMessage(5000));
      return true;
    },
  );
  // Nothing was stopped part-way: the renderer draws on.
  assert.ok(hasPngSignature((await renderPng(svg, fonts)).png));
});

Deno.test("labels are drawn in Excalifont: without that font the same label gives other pixels", async () => {
  const svg = textSvg("Hamburgefonstiv", 5);
  const excalifont = await pixels(svg);
  const fallback = await pixels(svg, without("Excalifont"));
  assert.ok(nonWhitePixels(excalifont) > 1000 && nonWhitePixels(fallback) > 1000);
  assert.notDeepEqual(excalifont.rgb, fallback.rgb);
});

Deno.test("every font family a scene can name is drawn in Excalidraw's font of that name", async () => {
  const cases: [number, string, string][] = [
    [1, "Virgil", "Hamburgefonstiv"],
    [3, "Cascadia", "Hamburgefonstiv"],
    [5, "Excalifont", "Hamburgefonstiv"],
    [6, "Nunito", "Hamburgefonstiv"],
    [7, "Lilita One", "Hamburgefonstiv"],
    [8, "Comic Shanns", "Hamburgefonstiv"],
    [9, "Liberation Sans", "Hamburgefonstiv"],
    [5, "Xiaolai", "中文日本語"],
  ];
  for (const [fontFamily, family, text] of cases) {
    const svg = textSvg(text, fontFamily);
    const own = await pixels(svg);
    assert.ok(nonWhitePixels(own) > 1000, family);
    assert.notDeepEqual(own.rgb, (await pixels(svg, without(family))).rgb, family);
  }
  // Helvetica (2) is left to the system by Excalidraw; here it is Liberation Sans, Arial's metrics.
  const helvetica = textSvg("Hamburgefonstiv", 2);
  const liberation = helvetica.replace(
    /font-family="Helvetica[^"]*"/,
    'font-family="&apos;Liberation Sans&apos;"',
  );
  assert.notEqual(liberation, helvetica);
  assert.deepEqual((await pixels(helvetica)).rgb, (await pixels(liberation)).rgb);
});

Deno.test("Cyrillic and CJK labels are drawn; an emoji is left out and the rest of its label kept", async () => {
  for (const label of ["Привет мир", "データベース", "주문 처리"]) {
    assert.ok(nonWhitePixels(await pixels(textSvg(label, 5))) > 1000, label);
  }
  const withEmoji = await pixels(textSvg("データベース 🗄️", 5));
  assert.deepEqual(withEmoji.rgb, (await pixels(textSvg("データベース ", 5))).rgb);
});
