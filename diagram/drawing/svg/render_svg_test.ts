import assert from "node:assert/strict";
import type { Element as DomElement } from "domhandler";
import { getElementsByTagName, textContent } from "domutils";
import { parseDocument } from "htmlparser2";
import {
  type FullSizeOptions,
  renderFullSize,
  renderThumbnail,
  type ThumbnailOptions,
} from "./render_svg.ts";
import { ELEMENT_DEFAULTS } from "../../../tests/helpers/scene_fixture.ts";
import { svgReferenceProblems } from "../../../tests/helpers/svg_references.ts";

const BASE = ELEMENT_DEFAULTS;

function shape(type: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...BASE, type, x: 100, y: 50, width: 200, height: 80, ...overrides };
}

function text(value: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return shape("text", {
    text: value,
    fontSize: 20,
    fontFamily: 5,
    textAlign: "left",
    verticalAlign: "top",
    lineHeight: 1.25,
    height: 25,
    ...overrides,
  });
}

function linear(
  type: "arrow" | "line",
  points: [number, number][],
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    ...BASE,
    type,
    x: 100,
    y: 50,
    width: 0,
    height: 0,
    points,
    startArrowhead: null,
    endArrowhead: type === "arrow" ? "arrow" : null,
    ...overrides,
  };
}

/** Renders and re-parses as XML, so every test also checks the output is well-formed SVG. */
function render(
  elements: Record<string, unknown>[],
  options?: ThumbnailOptions,
): { svg: string; root: DomElement } {
  return parsed(renderThumbnail(elements, options));
}

function renderFull(
  elements: Record<string, unknown>[],
  options?: FullSizeOptions,
): { svg: string; root: DomElement } {
  return parsed(renderFullSize(elements, options));
}

function parsed(svg: string): { svg: string; root: DomElement } {
  assert.ok(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), svg);
  const document = parseDocument(svg, { xmlMode: true, recognizeSelfClosing: true });
  const roots = document.children.filter((node): node is DomElement => node.type === "tag");
  assert.equal(roots.length, 1);
  assert.equal(roots[0].name, "svg");
  return { svg, root: roots[0] };
}

function only(root: DomElement, name: string): DomElement {
  const found = getElementsByTagName(name, root);
  assert.equal(found.length, 1, `expected one <${name}>`);
  return found[0];
}

/** The drawn elements, skipping the background rectangle. */
function drawn(root: DomElement): DomElement[] {
  return root.children.filter((node): node is DomElement => node.type === "tag").slice(1);
}

Deno.test("a rectangle keeps its geometry, fill and stroke; strokes equal to the root's are inherited", () => {
  const { root } = render([
    shape("rectangle", { backgroundColor: "#A5D8FF", strokeColor: "#e03131", strokeWidth: 4 }),
  ]);
  const [rect] = drawn(root);
  assert.deepEqual(rect.attribs, {
    fill: "#a5d8ff",
    stroke: "#e03131",
    "stroke-width": "4",
    x: "100",
    y: "50",
    width: "200",
    height: "80",
  });
  const plain = drawn(render([shape("rectangle")]).root)[0];
  assert.equal(plain.attribs.stroke, undefined);
  assert.equal(plain.attribs.fill, undefined);
});

Deno.test("rounded rectangles: adaptive radius is 25 % capped at 32, proportional is 25 %", () => {
  const radius = (overrides: Record<string, unknown>) =>
    drawn(render([shape("rectangle", overrides)]).root)[0].attribs.rx;
  assert.equal(radius({ roundness: { type: 3 } }), "20");
  assert.equal(radius({ roundness: { type: 3 }, width: 400, height: 300 }), "32");
  assert.equal(radius({ roundness: { type: 2 }, width: 400, height: 300 }), "75");
  assert.equal(radius({ roundness: null }), undefined);
});

Deno.test("an ellipse is centred in its box", () => {
  const ellipse = only(render([shape("ellipse")]).root, "ellipse");
  assert.deepEqual(
    [ellipse.attribs.cx, ellipse.attribs.cy, ellipse.attribs.rx, ellipse.attribs.ry],
    ["200", "90", "100", "40"],
  );
});

Deno.test("a diamond is a polygon through the midpoints of its box's edges", () => {
  const polygon = only(render([shape("diamond")]).root, "polygon");
  assert.equal(polygon.attribs.points, "200,50 300,90 200,130 100,90");
});

Deno.test("multi-line text gets one tspan per line with baselines from the line height", () => {
  const { root } = render([
    text("first\nsecond\n\nfourth", { textAlign: "center", strokeColor: "#1971c2", height: 100 }),
  ]);
  const element = only(root, "text");
  assert.equal(element.attribs["text-anchor"], "middle");
  assert.equal(element.attribs.fill, "#1971c2");
  assert.equal(element.attribs.stroke, "none");
  const lines = getElementsByTagName("tspan", element).map((tspan) => [
    textContent(tspan),
    tspan.attribs.x,
    tspan.attribs.y,
  ]);
  // Excalidraw's getVerticalOffset: half a line plus (ascender + descender) / 2 of Excalifont.
  assert.deepEqual(lines, [["first", "200", "67.62"], ["second", "200", "92.62"], [
    "fourth",
    "200",
    "142.62",
  ]]);
});

Deno.test("single-line text sits on one baseline, anchored by its alignment", () => {
  const right = only(render([text("label", { textAlign: "right" })]).root, "text");
  assert.deepEqual(
    [right.attribs.x, right.attribs.y, right.attribs["text-anchor"], textContent(right)],
    ["300", "67.62", "end", "label"],
  );
  const left = only(render([text("label")]).root, "text");
  assert.deepEqual([left.attribs.x, left.attribs["text-anchor"]], ["100", undefined]);
});

Deno.test("each font family names Excalidraw's font first and never falls back to a serif", () => {
  const family = (fontFamily: number) =>
    only(render([text("x", { fontFamily })]).root, "text").attribs["font-family"];
  const { root } = render([text("x")]);
  assert.equal(
    root.attribs["font-family"],
    "Excalifont, Xiaolai, Virgil, 'Comic Sans MS', 'Segoe UI Emoji', sans-serif",
  );
  assert.equal(family(5), undefined, "Excalifont is the root's");
  assert.match(family(1), /^Virgil, Excalifont, .*, sans-serif$/);
  assert.match(family(6), /^Nunito, .*sans-serif$/);
  assert.match(family(7), /^'Lilita One', .*sans-serif$/);
  assert.match(family(9), /^'Liberation Sans', .*sans-serif$/);
  assert.match(family(2), /^Helvetica, .*sans-serif$/);
  assert.match(family(3), /^Cascadia, .*monospace$/);
  assert.match(family(8), /^'Comic Shanns', .*monospace$/);
  assert.match(family(42), /sans-serif$/);
  for (const id of [1, 2, 3, 6, 7, 8, 9, 42]) assert.doesNotMatch(family(id), /(^|[ ,])serif/);
});

/** An arrow with a bound label, both as Excalidraw stores them. */
function labelledArrow(overrides: Record<string, unknown> = {}): Record<string, unknown>[] {
  return [
    linear("arrow", [[0, 0], [200, 0]], {
      id: "arrow-1",
      boundElements: [{ id: "label-1", type: "text" }],
      ...overrides,
    }),
    text("reads", {
      id: "label-1",
      containerId: "arrow-1",
      x: 180,
      y: 40,
      width: 40,
      height: 20,
      fontSize: 16,
      textAlign: "center",
    }),
  ];
}

Deno.test("an arrow's label sits on a gap: a mask cuts the label's box out of the line", () => {
  const { root } = render(labelledArrow());
  const mask = only(root, "mask");
  assert.equal(mask.attribs.maskUnits, "userSpaceOnUse");
  const [visible, gap] = getElementsByTagName("rect", mask);
  assert.equal(visible.attribs.fill, "#fff");
  assert.deepEqual(
    [gap.attribs.x, gap.attribs.y, gap.attribs.width, gap.attribs.height, gap.attribs.fill],
    ["180", "40", "40", "20", "#000"],
  );
  // The visible part holds the whole arrow, head included.
  assert.ok(Number(visible.attribs.x) <= 100 - 15 && Number(visible.attribs.width) >= 200 + 30);
  assert.ok(Number(visible.attribs.y) <= 50 - 15 && Number(visible.attribs.height) >= 30);
  const path = only(root, "path");
  assert.equal(path.attribs.mask, `url(#${mask.attribs.id})`);
  // The label itself is drawn, centred where it is stored.
  const label = only(root, "text");
  assert.deepEqual([label.attribs.x, label.attribs["text-anchor"]], ["200", "middle"]);
});

Deno.test("with cutLabelGaps the line is left out under the label, without a mask", () => {
  const { root } = renderFull(labelledArrow(), { cutLabelGaps: true });
  assert.equal(getElementsByTagName("mask", root).length, 0);
  const path = only(root, "path");
  assert.equal(path.attribs.mask, undefined);
  // From x 100 to 300 at y 50, less the label's box from 180 to 220; the head stays on the end.
  assert.equal(path.attribs.d, "M100,50L180,50M220,50L300,50M285,56.75L300,50L285,43.25");
  // A bend inside the box: the line leaves it on the next segment.
  const bent = renderFull(
    labelledArrow({ points: [[0, 0], [100, 0], [100, 100]] }),
    { cutLabelGaps: true },
  );
  assert.match(only(bent.root, "path").attribs.d, /^M100,50L180,50M200,60L200,150M/);
  // An arrow wholly under its label keeps only its head.
  const hidden = renderFull(
    labelledArrow({ points: [[85, 0], [110, 0]] }),
    { cutLabelGaps: true },
  );
  assert.equal(only(hidden.root, "path").attribs.d, "M197.5,55.63L210,50L197.5,44.38");
});

Deno.test("with textBarsBelow smaller text is a bar per line as wide as the line, larger text stays text", () => {
  const small = text("ab\n\nabcd", { fontSize: 10, width: 200, height: 37.5 });
  const large = text("big", { y: 200, fontSize: 20 });
  const { root } = renderFull([small, large], { textBarsBelow: 12 });
  assert.equal(textContent(only(root, "text")), "big");
  const bars = getElementsByTagName("rect", root).filter((rect) => rect.attribs.height === "5");
  // Two lines with words (the empty one has no bar), at the lines' heights, half the font tall.
  assert.equal(bars.length, 2);
  const [first, third] = bars.map((bar) => bar.attribs);
  assert.deepEqual([first.x, first.y, third.x, third.y], ["100", "53.75", "100", "78.75"]);
  assert.ok(Number(third.width) > Number(first.width) * 1.5, "a longer line has a longer bar");
  assert.ok(Number(third.width) < 30, "about as wide as the line's letters at 10 px");
  assert.equal(bars[0].parent && (bars[0].parent as DomElement).attribs["fill-opacity"], "0.5");
});

Deno.test("with crispLinesBelow thinner lines are drawn that wide, crisp and lighter; others as they are", () => {
  const thin = linear("arrow", [[0, 0], [200, 0]], { strokeWidth: 2 });
  const thick = linear("line", [[0, 100], [200, 100]], { strokeWidth: 8 });
  const { root } = renderFull([thin, thick], { crispLinesBelow: 5 });
  const [arrow, line] = getElementsByTagName("path", root).map((path) => path.attribs);
  assert.deepEqual(
    [
      arrow["stroke-width"],
      arrow["stroke-opacity"],
      arrow["shape-rendering"],
      arrow["stroke-linecap"],
      arrow["stroke-linejoin"],
    ],
    ["5", "0.4", "crispEdges", "butt", "bevel"],
  );
  assert.deepEqual([line["stroke-width"], line["shape-rendering"]], ["8", undefined]);
  // Without the option nothing changes.
  const plain = getElementsByTagName("path", renderFull([thin]).root)[0].attribs;
  assert.deepEqual([plain["stroke-width"], plain["shape-rendering"]], [undefined, undefined]);
});

Deno.test("no gap for a label its arrow does not list, a rotated arrow, or a plain line", () => {
  const unlisted = labelledArrow({ boundElements: null });
  assert.equal(getElementsByTagName("mask", render(unlisted).root).length, 0);
  const rotated = labelledArrow({ angle: 0.5 });
  assert.equal(getElementsByTagName("mask", render(rotated).root).length, 0);
  const deleted = labelledArrow();
  deleted[1].isDeleted = true;
  assert.equal(getElementsByTagName("mask", render(deleted).root).length, 0);
});

Deno.test("mask ids are counters, whatever ids the scene uses", () => {
  const hostile = '"><script>alert(1)</script>';
  const [arrow, label] = labelledArrow({ id: hostile, boundElements: [{ id: "l", type: "text" }] });
  const { svg, root } = render([
    arrow,
    { ...label, id: "l", containerId: hostile },
    ...labelledArrow(),
  ]);
  const ids = getElementsByTagName("mask", root).map((mask) => mask.attribs.id);
  assert.deepEqual(ids, ["label-gap-0", "label-gap-1"]);
  assert.ok(!svg.includes("<script"));
});

Deno.test("a thumbnail and a full-size export give each labelled arrow its own mask, every reference resolving", () => {
  const arrows = [0, 1, 2].flatMap((n) => {
    const [arrow, label] = labelledArrow({
      id: `arrow-${n}`,
      y: 50 + n * 100,
      boundElements: [{ id: `label-${n}`, type: "text" }],
    });
    return [arrow, { ...label, id: `label-${n}`, containerId: `arrow-${n}`, y: 40 + n * 100 }];
  });
  for (const { svg, root } of [render(arrows), renderFull(arrows)]) {
    assert.deepEqual(svgReferenceProblems(svg), []);
    const masks = getElementsByTagName("mask", root).map((mask) => mask.attribs.id);
    const paths = getElementsByTagName("path", root);
    assert.equal(paths.length, 3, "every arrow is drawn");
    assert.deepEqual(paths.map((path) => path.attribs.mask), masks.map((id) => `url(#${id})`));
    assert.equal(new Set(masks).size, 3, masks.join());
  }
});

Deno.test("an arrow is a path through its points with an open head along the last segment", () => {
  const { root } = render([linear("arrow", [[0, 0], [100, 0], [100, 100]])]);
  const path = only(root, "path");
  assert.equal(path.attribs.d, "M100,50L200,50 200,150M193.25,135L200,150L206.75,135");
});

Deno.test("triangle and dot heads are filled in the stroke colour, oriented along the first segment", () => {
  const { root } = render([
    linear("arrow", [[0, 0], [100, 0]], {
      startArrowhead: "triangle",
      endArrowhead: "dot",
      strokeColor: "#2f9e44",
    }),
  ]);
  const paths = getElementsByTagName("path", root);
  assert.equal(paths.length, 2);
  assert.equal(paths[0].attribs.d, "M100,50L200,50");
  assert.deepEqual(paths[1].attribs, { d: "M100,50L115,43.25L115,56.75Z", fill: "#2f9e44" });
  const dot = only(root, "circle");
  assert.deepEqual(dot.attribs, { cx: "195.5", cy: "50", r: "4.5", fill: "#2f9e44" });
  assert.equal(only(root, "g").attribs.stroke, "#2f9e44");
});

Deno.test("a dashed arrow dashes its shaft but not its head", () => {
  const { root } = render([linear("arrow", [[0, 0], [0, 100]], { strokeStyle: "dashed" })]);
  const [shaft, head] = getElementsByTagName("path", root);
  assert.deepEqual(shaft.attribs, { d: "M100,50L100,150", "stroke-dasharray": "8 10" });
  assert.deepEqual(head.attribs, { d: "M93.25,135L100,150L106.75,135" });
  const dotted = only(
    render([linear("line", [[0, 0], [0, 100]], { strokeStyle: "dotted" })]).root,
    "path",
  );
  assert.equal(dotted.attribs["stroke-dasharray"], "1.5 8");
});

Deno.test("the spec's heads as 0.18 writes them: a bar across the start, a filled circle at the end, at the arrow's width", () => {
  const { root } = render([
    linear("arrow", [[0, 0], [100, 0]], {
      startArrowhead: "bar",
      endArrowhead: "circle",
      strokeWidth: 4,
    }),
  ]);
  assert.equal(only(root, "path").attribs.d, "M100,50L200,50M100,42.5L100,57.5");
  assert.deepEqual(only(root, "circle").attribs, {
    cx: "195.5",
    cy: "50",
    r: "4.5",
    fill: "#1e1e1e",
  });
  assert.equal(only(root, "g").attribs["stroke-width"], "4");
  const headless = render([linear("arrow", [[0, 0], [100, 0]], { endArrowhead: null })]).root;
  assert.equal(only(headless, "path").attribs.d, "M100,50L200,50");
  assert.equal(getElementsByTagName("circle", headless).length, 0);
});

Deno.test("a line that comes back to its start is closed and filled; an open one is not", () => {
  const closed = only(
    render([
      linear("line", [[0, 0], [100, 0], [50, 80], [0, 0]], { backgroundColor: "#ffec99" }),
    ]).root,
    "path",
  );
  assert.deepEqual(closed.attribs, { d: "M100,50L200,50 150,130 100,50Z", fill: "#ffec99" });
  const open = only(
    render([linear("line", [[0, 0], [100, 0], [50, 80]], { backgroundColor: "#ffec99" })]).root,
    "path",
  );
  assert.deepEqual(open.attribs, { d: "M100,50L200,50 150,130" });
});

Deno.test("freedraw is a path through its points, dropping points too close to matter", () => {
  const { root } = render([
    { ...BASE, type: "freedraw", x: 10, y: 10, points: [[0, 0], [0.5, 0.5], [10, 0], [10, 1]] },
  ]);
  assert.equal(only(root, "path").attribs.d, "M10,10L20,10 20,11");
});

Deno.test("an image is a grey box with a cross and never carries the image data", () => {
  const { svg, root } = render([
    shape("image", { fileId: "abc", status: "saved", dataURL: "data:image/png;base64,AAAA" }),
  ]);
  const group = only(root, "g");
  assert.equal(group.attribs.stroke, "#adb5bd");
  assert.equal(only(group, "rect").attribs.fill, "#e9ecef");
  assert.equal(only(group, "path").attribs.d, "M100,50L300,130M300,50L100,130");
  assert.doesNotMatch(svg, /data:|href|abc/);
});

const PNG_URL = "data:image/png;base64,iVBORw0KGgo=";

Deno.test("a full-size drawing shows an image whose file holds a raster data: URL, stretched to its box", () => {
  const files = { abc: { id: "abc", mimeType: "image/png", dataURL: PNG_URL } };
  const { root } = renderFull([shape("image", { fileId: "abc" })], { files });
  assert.deepEqual(only(root, "image").attribs, {
    href: PNG_URL,
    x: "100",
    y: "50",
    width: "200",
    height: "80",
    preserveAspectRatio: "none",
  });
  assert.equal(getElementsByTagName("path", root).length, 0, "no placeholder cross");
  // A thumbnail never carries the picture.
  assert.equal(
    getElementsByTagName("image", render([shape("image", { fileId: "abc" })]).root).length,
    0,
  );
});

Deno.test("an image's crop and mirroring are drawn as Excalidraw draws them", () => {
  const files = { abc: { dataURL: PNG_URL } };
  const crop = { x: 10, y: 20, width: 50, height: 40, naturalWidth: 100, naturalHeight: 80 };
  const { root } = renderFull([shape("image", { fileId: "abc", crop, scale: [-1, 1] })], { files });
  const viewport = getElementsByTagName("svg", root).find((node) => node !== root)!;
  assert.equal(viewport.attribs.viewBox, "10 20 50 40");
  assert.equal(viewport.attribs.width, "200");
  assert.deepEqual(only(viewport, "image").attribs, {
    href: PNG_URL,
    width: "100",
    height: "80",
    preserveAspectRatio: "none",
  });
  // Mirrored about the box's centre (x 200).
  assert.equal((viewport.parent as DomElement).attribs.transform, "matrix(-1 0 0 1 400 0)");
});

Deno.test("an image whose file is missing, an SVG or not a data: URL stays a placeholder", () => {
  const files = {
    svg: { dataURL: "data:image/svg+xml;base64,PHN2Zz48c2NyaXB0Lz48L3N2Zz4=" },
    remote: { dataURL: "https://example.test/a.png" },
    quoted: { dataURL: 'data:image/png;base64,AA"><script>' },
  };
  for (const fileId of ["svg", "remote", "quoted", "missing"]) {
    const { svg, root } = renderFull([shape("image", { fileId })], { files });
    assert.equal(getElementsByTagName("image", root).length, 0, fileId);
    const fills = getElementsByTagName("rect", root).map((rect) => rect.attribs.fill);
    assert.ok(fills.includes("#e9ecef"), fileId);
    assert.doesNotMatch(svg, /data:|script|example/, fileId);
  }
});

Deno.test("a frame is a grey rectangle with its name above it", () => {
  const { root } = render([shape("frame", { name: "Backend" })]);
  const group = only(root, "g");
  assert.equal(group.attribs.stroke, "#bbbbbb");
  assert.deepEqual(only(group, "rect").attribs, {
    x: "100",
    y: "50",
    width: "200",
    height: "80",
    rx: "8",
  });
  const name = only(group, "text");
  assert.equal(textContent(name), "Backend");
  assert.ok(Number(name.attribs.y) < 50);
  assert.equal(textContent(only(render([shape("magicframe")]).root, "text")), "Frame");
});

Deno.test("angle rotates about the centre and the view box grows to hold the rotated shape", () => {
  const { root } = render([shape("rectangle", { width: 200, height: 20, angle: Math.PI / 2 })]);
  const rect = drawn(root)[0];
  assert.equal(rect.attribs.transform, "rotate(90 200 60)");
  assert.equal(root.attribs.viewBox, "180 -50 40 220");
});

Deno.test("opacity below 100 becomes an opacity attribute", () => {
  const [rect] = drawn(render([shape("rectangle", { opacity: 40 })]).root);
  assert.equal(rect.attribs.opacity, "0.4");
  assert.equal(drawn(render([shape("rectangle")]).root)[0].attribs.opacity, undefined);
});

Deno.test("z-order follows the array", () => {
  const { root } = render([shape("ellipse"), shape("rectangle"), shape("diamond")]);
  assert.deepEqual(drawn(root).map((element) => element.name), ["ellipse", "rect", "polygon"]);
});

Deno.test("deleted elements, unknown types and non-finite geometry are skipped", () => {
  const { root } = render([
    shape("rectangle", { isDeleted: true }),
    shape("selection"),
    shape("constructor"),
    shape("ellipse", { x: Number.NaN }),
    shape("diamond", { width: Number.POSITIVE_INFINITY }),
    shape("rectangle", { angle: Number.NaN }),
    shape("rectangle", { y: "50" }),
    shape("rectangle", { x: 1e300 }),
    linear("arrow", [[0, 0], [Number.NaN, 10]]),
    linear("line", [[0, 0]]),
    { ...BASE, type: "freedraw", x: 0, y: 0, points: "0,0 1,1" },
    text(""),
    shape("text", { text: 42 }),
    shape("ellipse", { x: 500, y: 400, width: 10, height: 10 }),
  ]);
  assert.deepEqual(drawn(root).map((element) => element.name), ["ellipse"]);
  assert.equal(root.attribs.viewBox, "490 390 30 30");
});

Deno.test("hostile text is escaped and stays text", () => {
  const hostile = `</text><script>alert(1)</script><text>&amp; "quoted" 'single'`;
  const { svg, root } = render([text(hostile), shape("frame", { name: hostile })]);
  assert.equal(getElementsByTagName("script", root).length, 0);
  assert.doesNotMatch(svg, /<script/);
  const texts = getElementsByTagName("text", root).map(textContent);
  assert.deepEqual(texts, [hostile, hostile]);
});

Deno.test("hostile or unknown colours fall back to the defaults", () => {
  const { svg, root } = render([
    shape("rectangle", {
      strokeColor: "red;} <script>",
      backgroundColor: "url(javascript:alert(1))",
    }),
    text("x", { strokeColor: 'red" onload="alert(1)' }),
    linear("arrow", [[0, 0], [50, 0]], { strokeColor: "url(#x)", endArrowhead: "triangle" }),
  ], { background: "expression(alert(1))" });
  assert.doesNotMatch(svg, /script|url\(|expression|onload/);
  const [background, rect, label] = root.children as DomElement[];
  assert.equal(background.attribs.fill, "#ffffff");
  assert.equal(rect.attribs.stroke, undefined);
  assert.equal(rect.attribs.fill, undefined);
  assert.equal(label.attribs.fill, "#1e1e1e");
  assert.equal(getElementsByTagName("path", root)[1].attribs.fill, "#1e1e1e");
});

Deno.test("accepted colours: short, long and alpha hex, names, and transparent as none", () => {
  const fill = (backgroundColor: string) =>
    drawn(render([shape("rectangle", { backgroundColor, strokeColor: "transparent" })]).root)[0]
      .attribs;
  assert.equal(fill("#abc").fill, "#abc");
  assert.equal(fill("#11223344").fill, "#11223344");
  assert.equal(fill("Teal").fill, "teal");
  assert.equal(fill("#1234").fill, undefined);
  assert.equal(fill("transparent").fill, undefined);
  assert.equal(fill("#abc").stroke, "none");
});

Deno.test("the view box is the content plus a 10 px margin, scaled to fit the size limits", () => {
  const { root } = render([shape("rectangle")]);
  assert.equal(root.attribs.viewBox, "90 40 220 100");
  assert.deepEqual([root.attribs.width, root.attribs.height], ["400", "181.82"]);
  const wide = render([shape("rectangle", { width: 980, height: 80 })], {
    maxWidth: 200,
    maxHeight: 200,
  }).root;
  assert.deepEqual([wide.attribs.width, wide.attribs.height], ["200", "20"]);
  const points = render([linear("line", [[0, 0], [-50, 300]])]).root;
  assert.equal(points.attribs.viewBox, "40 40 70 320");
});

Deno.test("the background fills the view box and can be turned off", () => {
  const { root } = render([shape("ellipse")], { background: "#fdf8f6" });
  assert.deepEqual((root.children[0] as DomElement).attribs, {
    x: "90",
    y: "40",
    width: "220",
    height: "100",
    fill: "#fdf8f6",
    stroke: "none",
  });
  const clear = render([shape("ellipse")], { background: "transparent" }).root;
  assert.deepEqual(clear.children.map((node) => (node as DomElement).name), ["ellipse"]);
});

Deno.test("an empty scene is a small valid SVG with only the background", () => {
  const { svg, root } = render([]);
  assert.equal(root.children.length, 1);
  assert.equal((root.children[0] as DomElement).name, "rect");
  assert.equal(root.attribs.viewBox, "0 0 400 300");
  assert.ok(svg.length < 500);
  assert.equal(render([shape("rectangle", { isDeleted: true })]).svg, svg);
});

/** 100 labelled boxes in a 10 × 10 grid and 150 arrows between them, 50 of those labelled. */
function hundredNodeScene(): Record<string, unknown>[] {
  const elements: Record<string, unknown>[] = [];
  const centre = (node: number): [number, number] => [
    (node % 10) * 320 + 120.37,
    Math.floor(node / 10) * 240 + 40.61,
  ];
  for (let node = 0; node < 100; node++) {
    const [cx, cy] = centre(node);
    elements.push(
      shape("rectangle", {
        x: cx - 120.37,
        y: cy - 40.61,
        width: 240.74,
        height: 81.22,
        backgroundColor: "#a5d8ff",
        roundness: { type: 3 },
      }),
      text(`Service node ${node}`, {
        x: cx - 100.5,
        y: cy - 12.5,
        width: 201,
        textAlign: "center",
        verticalAlign: "middle",
        containerId: `node-${node}`,
      }),
    );
  }
  for (let edge = 0; edge < 150; edge++) {
    const from = edge % 100;
    const to = (from + 1 + (edge % 3) * 10) % 100;
    const [x1, y1] = centre(from);
    const [x2, y2] = centre(to);
    elements.push(linear("arrow", [[0, 0], [x2 - x1, y2 - y1]], { x: x1, y: y1 + 40.61 }));
    if (edge < 50) {
      elements.push(text(`calls ${edge}`, {
        x: (x1 + x2) / 2 - 40.25,
        y: (y1 + y2) / 2 - 12.5,
        width: 80.5,
        textAlign: "center",
        containerId: `edge-${edge}`,
      }));
    }
  }
  return elements;
}

Deno.test("a 100-node diagram with 150 arrows renders in under 50 KB", () => {
  const { svg, root } = render(hundredNodeScene());
  assert.equal(getElementsByTagName("rect", root).length, 101);
  assert.equal(getElementsByTagName("text", root).length, 150);
  assert.equal(getElementsByTagName("path", root).length, 150);
  assert.ok(new TextEncoder().encode(svg).length < 50 * 1024);
});

Deno.test("a big scene on a gallery card keeps 1 px strokes; shape labels grow within the shape", () => {
  const elements = [
    shape("rectangle", { id: "box", x: 0, y: 0, width: 300, height: 100 }),
    text("Orders", {
      id: "name",
      containerId: "box",
      x: 120,
      y: 37.5,
      width: 60,
      textAlign: "center",
    }),
    shape("ellipse", { id: "round", x: 0, y: 400, width: 120, height: 60 }),
    text("Database", {
      id: "inner",
      containerId: "round",
      x: 20,
      y: 417.5,
      width: 80,
      textAlign: "center",
    }),
    ...labelledArrow({ x: 0, y: 300, points: [[0, 0], [1600, 0]] }),
  ];
  const { root } = render(elements);
  const [, , viewWidth, viewHeight] = root.attribs.viewBox.split(" ").map(Number);
  const cardScale = Math.min(280 / viewWidth, 180 / viewHeight);
  assert.ok(Number(root.attribs["stroke-width"]) * cardScale >= 1, root.attribs["stroke-width"]);
  const textOf = (content: string) =>
    getElementsByTagName("text", root).find((element) => textContent(element) === content)!;
  const size = (content: string) => textOf(content).attribs["font-size"];
  assert.equal(size("Orders"), "30", "grows by the most allowed");
  // The ellipse's text area is 120·√½ − 10 ≈ 74.9 wide: the 80 px label cannot grow at all.
  assert.equal(size("Database"), undefined, "the root's 20 px");
  assert.equal(size("reads"), "16", "an arrow label keeps its size, and its gap");
  assert.equal(textOf("Orders").attribs.x, "150", "grown about its centre");
  const small = render([shape("rectangle"), text("label", { textAlign: "center" })]).root;
  assert.equal(small.attribs["stroke-width"], "2", "a small scene keeps Excalidraw's widths");
});

Deno.test("full size: one SVG unit is one scene pixel, the view box the content plus the margin", () => {
  const wide = [shape("rectangle", { x: 0, y: 0, width: 1000, height: 40 })];
  const { root } = renderFull(wide, { background: "#fdf8f6" });
  assert.equal(root.attribs.viewBox, "-10 -10 1020 60");
  assert.deepEqual([root.attribs.width, root.attribs.height], ["1020", "60"]);
  assert.equal((root.children[0] as DomElement).attribs.fill, "#fdf8f6");
  assert.deepEqual([render(wide).root.attribs.width, render(wide).root.attribs.viewBox], [
    "400",
    "-10 -10 1020 60",
  ]);
  const moved = renderFull([shape("ellipse"), text("label", { x: 400, y: 300 })]).root;
  assert.equal(moved.attribs.viewBox, "90 40 520 295");
  assert.deepEqual([moved.attribs.width, moved.attribs.height], ["520", "295"]);
});

Deno.test("full size keeps each element's own stroke width and font size where a thumbnail widens and grows them", () => {
  const elements = [
    shape("rectangle", { id: "box", x: 0, y: 0, width: 300, height: 100 }),
    text("Orders", {
      id: "name",
      containerId: "box",
      x: 126,
      y: 40,
      width: 48,
      height: 20,
      fontSize: 16,
      textAlign: "center",
    }),
    shape("rectangle", { x: 0, y: 200, width: 2000, height: 400, strokeWidth: 1 }),
  ];
  const thumbnail = render(elements).root;
  const full = renderFull(elements).root;
  const wide = (root: DomElement) => getElementsByTagName("rect", root)[2];
  assert.ok(Number(thumbnail.attribs["stroke-width"]) > 2, thumbnail.attribs["stroke-width"]);
  assert.equal(wide(thumbnail).attribs["stroke-width"], undefined, "widened to the root's");
  assert.equal(full.attribs["stroke-width"], "2", "Excalidraw's default, on the root");
  assert.equal(wide(full).attribs["stroke-width"], "1");
  assert.equal(only(thumbnail, "text").attribs["font-size"], "24");
  assert.equal(only(full, "text").attribs["font-size"], "16");
  assert.deepEqual([full.attribs.width, full.attribs.height], ["2020", "620"]);
});

Deno.test("full size skips deleted elements, escapes text, and an empty scene is a small valid SVG", () => {
  const { svg, root } = renderFull([]);
  assert.deepEqual(root.children.map((node) => (node as DomElement).name), ["rect"]);
  assert.equal(root.attribs.viewBox, "0 0 20 20");
  assert.ok(svg.length < 500, svg);
  assert.equal(renderFull([shape("rectangle", { isDeleted: true })]).svg, svg);
  const hostile = "<script>alert(1)</script>";
  const kept = renderFull([
    shape("diamond", { isDeleted: true, x: -500 }),
    shape("ellipse"),
    text(hostile, { y: 200 }),
  ]);
  assert.deepEqual(drawn(kept.root).map((element) => element.name), ["ellipse", "text"]);
  assert.equal(kept.root.attribs.viewBox, "90 40 220 195");
  assert.doesNotMatch(kept.svg, /<script/);
  assert.equal(textContent(only(kept.root, "text")), hostile);
});

Deno.test("a thumbnail of a drawing far wider than a card shows its start with a fade, not the whole as a line", () => {
  const boxes = Array.from(
    { length: 30 },
    (_, i) => shape("rectangle", { id: `box${i}`, x: i * 200, y: 0, width: 160, height: 80 }),
  );
  const { root } = render(boxes);
  const [minX, , viewWidth, viewHeight] = root.attribs.viewBox.split(" ").map(Number);
  assert.equal(minX, -10, "from the drawing's start");
  assert.ok(viewWidth < 1500 && viewWidth >= 600, `${viewWidth} wide of 5,980`);
  assert.ok(viewWidth / viewHeight < 7, `${viewWidth} × ${viewHeight}`);
  const fade = getElementsByTagName("rect", root).at(-1)!;
  assert.equal(fade.attribs.fill, "url(#crop-fade)");
  assert.equal(Number(fade.attribs.x) + Number(fade.attribs.width), minX + viewWidth, "at the cut");
  assert.equal(getElementsByTagName("linearGradient", root).length, 1);

  // The same boxes in a 5 × 6 grid fit a card as they are: whole, no fade.
  const grid = boxes.map((box, i) => ({ ...box, x: (i % 6) * 200, y: Math.floor(i / 6) * 120 }));
  const whole = render(grid).root;
  assert.equal(whole.attribs.viewBox.split(" ").map(Number)[2], 1180);
  assert.equal(getElementsByTagName("linearGradient", whole).length, 0);
});
