// Our own SVG thumbnail of a stored scene, drawn without a DOM or fonts: clean shapes instead of
// rough.js strokes, fitted to the content. Elements come from users, so every field is read
// defensively and every string that reaches the markup is escaped or checked against a pattern.
//
// Decisions:
// - Text is placed as Excalidraw's export places it (its getVerticalOffset, from each font's
//   ascender and descender), in a font stack that names Excalidraw's font first and ends in a
//   generic family, so a viewer without Excalifont gets sans-serif rather than a serif.
// - An arrow's label sits on a gap in the arrow: a mask cuts the label's box out of the line, as
//   Excalidraw's export does. Mask ids are counters, never anything from the scene.
// - The gallery shows thumbnails as cards of about CARD_WIDTH × CARD_HEIGHT px. When a big scene
//   is scaled down to that, strokes are widened to stay at least MIN_CARD_STROKE px there, and
//   a shape's label grows about its centre towards MIN_CARD_FONT px, as far as the shape's text
//   area allows and at most MAX_TEXT_GROWTH. Other text keeps its size: grown arrow labels and
//   free text ran over the arrows and labels next to them (seen on generated diagrams).
// - An export (renderFullSize) is the same drawing at scale 1 without those floors: it is seen at
//   its own size, where the elements' own stroke widths and font sizes are the right ones.
// - For the PNG previews (drawing/png/) the label's box is cut out of the arrow's line instead
//   (cutLabelGaps): the same picture without masks, each of which resvg draws as a layer of its
//   own (378 masked arrows of a 1000-node diagram took it 6 s, the same lines cut 0.4 s). Text
//   too small there to read (textBarsBelow) is drawn as a bar per line, as wide as the line:
//   laying out 1,000 labels of half a pixel took resvg 350 ms and showed only grey smudges. And
//   lines and arrows thinner than a pixel there (crispLinesBelow) are drawn a pixel wide with
//   crisp edges, lighter: resvg draws a sub-pixel line one blended pixel at a time (0.6 s for
//   the 1,509 arrows of that diagram), a pixel-wide crisp one a span at a time (0.2 s).
// - An image element is drawn as its picture when the caller hands over the scene's files with
//   that picture's bytes as a raster data: URL (an export, a share link's picture and PNG), and as
//   a placeholder otherwise (thumbnails, a file whose bytes are elsewhere, an SVG upload, which
//   could carry script). The renderer reads no storage: the files are an input.
import { isRecord } from "../../../shared/is_record.ts";
import { escapeXml } from "../../../shared/xml.ts";
import { measureLineWidth } from "../scene/text_metrics.ts";
import { RASTER_DATA_URL } from "./sanitize_svg.ts";

export interface ThumbnailOptions {
  maxWidth?: number;
  maxHeight?: number;
  background?: string;
}

export type FullSizeOptions = Pick<ThumbnailOptions, "background"> & {
  /** Leave the line out under an arrow's label instead of masking it (no `<mask>` then). */
  cutLabelGaps?: boolean;
  /** Text of a smaller font size (scene units) is drawn as one bar per line, no glyphs. */
  textBarsBelow?: number;
  /**
   * Lines and arrows of a thinner stroke (scene units) are drawn this wide with crisp edges,
   * their opacity scaled down by how much they were widened (to 0.3 at most).
   */
  crispLinesBelow?: number;
  /**
   * The scene's `files` (Excalidraw's map of file id → {mimeType, dataURL, …}): an image element
   * whose file has a raster data: URL (PNG, JPEG, GIF, WebP) shows it; any other a placeholder.
   */
  files?: Readonly<Record<string, unknown>>;
};

/** The box a thumbnail is fitted into; null for an export at natural size. */
type Fit = { maxWidth: number; maxHeight: number } | null;

type Element = Readonly<Record<string, unknown>>;
type Attrs = Record<string, string | undefined>;
type Point = readonly [number, number];

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

interface Part {
  tag: string;
  attrs: Attrs;
  /** Markup, already escaped. */
  content?: string;
}

/** One element's markup: its parts share `style`, which goes on a `<g>` when there are several. */
interface Drawing {
  parts: Part[];
  style: Attrs;
  bounds: Bounds;
  /** What `angle` rotates about. */
  centre: Point;
  /** A `<mask>` the drawing refers to in its style; written just before it. */
  mask?: Part;
}

interface Stroke {
  colour: string;
  width: number;
  dash: string | undefined;
}

const DEFAULT_STROKE = "#1e1e1e";
const DEFAULT_BACKGROUND = "#ffffff";
const DEFAULT_MAX_WIDTH = 400;
const DEFAULT_MAX_HEIGHT = 300;
const MARGIN = 10;
/** Excalidraw writes "Excalifont, Xiaolai, Segoe UI Emoji": no generic family at the end. */
const HAND_DRAWN_FONTS =
  "Excalifont, Xiaolai, Virgil, 'Comic Sans MS', 'Segoe UI Emoji', sans-serif";
const CARD_WIDTH = 280;
const CARD_HEIGHT = 180;
/** A thumbnail keeps this many card widths (heights) of a drawing too long to show whole… */
const CROP_SPAN = 1.5;
/** …once the drawing is this many times longer than that, and never less than this many px. */
const CROP_WHEN_OVER = 2;
const MIN_CROP = 600;
/** The share of a cropped thumbnail, at its cut side, that fades out. */
const FADE_SHARE = 0.2;
const MIN_CARD_STROKE = 1;
const MIN_CARD_FONT = 7;
const MAX_TEXT_GROWTH = 1.5;
/** Coordinates beyond this are garbage, and scaling them by 100 to round could overflow. */
const MAX_COORDINATE = 1e9;
/** Excalidraw closes a line whose ends are this close (its LINE_CONFIRM_THRESHOLD). */
const LOOP_DISTANCE = 8;
const ARROWHEAD_SIZE = 15;
/** Freedraw points closer than this to the last kept one add bytes but nothing visible. */
const FREEDRAW_MIN_STEP = 2;

/**
 * Written once on the root and inherited, so most elements carry only their geometry. An element
 * attribute equal to one of these is left out.
 */
const ROOT_STYLE: Attrs = {
  fill: "none",
  stroke: DEFAULT_STROKE,
  "stroke-width": "2",
  "stroke-linecap": "round",
  "stroke-linejoin": "round",
  "font-family": HAND_DRAWN_FONTS,
  "font-size": "20",
};

/** Only these reach an attribute, which keeps `url(javascript:…)` and CSS injection out. */
const COLOUR = /^(#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})|[a-z]+)$/i;

const DRAWERS = new Map<unknown, (element: Element, context: Context) => Drawing | null>([
  ["rectangle", drawRectangle],
  ["ellipse", drawEllipse],
  ["diamond", drawDiamond],
  ["text", drawText],
  ["arrow", drawLinear],
  ["line", drawLinear],
  ["freedraw", drawFreedraw],
  ["image", drawImage],
  ["embeddable", drawPlaceholder],
  ["iframe", drawPlaceholder],
  ["frame", drawFrame],
  ["magicframe", drawFrame],
]);

/** What drawing one element needs to know about the whole scene. */
interface Context {
  /** Narrowest stroke, in scene units. */
  minStroke: number;
  /** Font size text grows towards, in scene units. */
  minFont: number;
  /** Elements by id: labels and the containers they are bound to. */
  byId: ReadonlyMap<unknown, Element>;
  /** A fresh id, unique in the drawing: never taken from the scene. */
  nextId: () => string;
  /** Label gaps are cut out of the lines rather than masked. */
  cutLabelGaps: boolean;
  /** Font sizes below this are drawn as bars (0: never). */
  textBarsBelow: number;
  /** Lines and arrows thinner than this are drawn this wide and crisp (0: never). */
  crispLinesBelow: number;
  /** Raster data: URLs by file id, for image elements (empty: placeholders only). */
  images: ReadonlyMap<string, string>;
}

/** Elements as stored (any 0.18 element type; treat unknown fields defensively); deleted elements skipped. */
export function renderThumbnail(
  elements: readonly Record<string, unknown>[],
  options: ThumbnailOptions = {},
): string {
  const maxWidth = positiveNumber(options.maxWidth) ?? DEFAULT_MAX_WIDTH;
  const maxHeight = positiveNumber(options.maxHeight) ?? DEFAULT_MAX_HEIGHT;
  return renderScene(elements, { maxWidth, maxHeight }, options.background, {});
}

/**
 * The same drawing at scale 1 (one SVG unit is one scene pixel: width and height are the content
 * plus the margin), with each element's own stroke width and font size.
 */
export function renderFullSize(
  elements: readonly Record<string, unknown>[],
  options: FullSizeOptions = {},
): string {
  return renderScene(elements, null, options.background, options);
}

function renderScene(
  elements: readonly Record<string, unknown>[],
  fit: Fit,
  backgroundOption: string | undefined,
  { cutLabelGaps = false, textBarsBelow = 0, crispLinesBelow = 0, files = {} }: Omit<
    FullSizeOptions,
    "background"
  >,
): string {
  const byId = new Map(
    elements.filter((element) => isRecord(element)).map((element) => [element.id, element]),
  );
  const images = rasterImages(files);
  // One context, and so one id counter, for every element of a drawing: ids are unique in the
  // document only if they are counted across all of it (a context per element numbered every
  // mask label-gap-0, and the export masked all labelled arrows after the first away).
  const drawAll = (minStroke: number, minFont: number, rootStyle: Attrs) => {
    let ids = 0;
    const context: Context = {
      minStroke,
      minFont,
      byId,
      nextId: () => `label-gap-${ids++}`,
      cutLabelGaps,
      textBarsBelow: positiveNumber(textBarsBelow) ?? 0,
      crispLinesBelow: positiveNumber(crispLinesBelow) ?? 0,
      images,
    };
    return elements.map((element) => renderElement(element, context, rootStyle));
  };
  // First at natural size, for the bounds; a thumbnail then draws again with the floors those
  // bounds call for, an export keeps this one.
  const sized = drawAll(0, 0, ROOT_STYLE);
  const bounds = sized.filter((item) => item !== null).map((item) => item.bounds);
  // Nothing drawn: a thumbnail still fills its box, an export is just its margins.
  const whole = bounds.length === 0
    ? { minX: 0, minY: 0, maxX: fit?.maxWidth ?? 2 * MARGIN, maxY: fit?.maxHeight ?? 2 * MARGIN }
    : expand(bounds.reduce(union), MARGIN);
  const view = fit === null ? whole : croppedToItsStart(whole);
  const viewWidth = Math.max(view.maxX - view.minX, 1);
  const viewHeight = Math.max(view.maxY - view.minY, 1);
  let scale = 1;
  let rootStyle = ROOT_STYLE;
  let rendered = sized;
  if (fit !== null) {
    scale = Math.min(fit.maxWidth / viewWidth, fit.maxHeight / viewHeight);
    const cardScale = Math.min(CARD_WIDTH / viewWidth, CARD_HEIGHT / viewHeight);
    // Rounded up to the two decimals the markup keeps, so rounding cannot take it below the floor.
    const minStroke = Math.ceil(MIN_CARD_STROKE / cardScale * 100) / 100;
    rootStyle = { ...ROOT_STYLE, "stroke-width": num(Math.max(2, minStroke)) };
    rendered = drawAll(minStroke, MIN_CARD_FONT / cardScale, rootStyle);
  }
  const background = paint(backgroundOption, DEFAULT_BACKGROUND);
  const backgroundRect = background === "none" ? "" : serialise({
    tag: "rect",
    attrs: {
      x: num(view.minX),
      y: num(view.minY),
      width: num(viewWidth),
      height: num(viewHeight),
      fill: background,
      stroke: "none",
    },
  });
  const root: Attrs = {
    xmlns: "http://www.w3.org/2000/svg",
    width: num(viewWidth * scale),
    height: num(viewHeight * scale),
    viewBox: [view.minX, view.minY, viewWidth, viewHeight].map(num).join(" "),
    ...rootStyle,
  };
  return serialise({
    tag: "svg",
    attrs: root,
    content: backgroundRect + rendered.map((item) => item?.markup ?? "").join("") +
      fadeWhereCropped(whole, view, background),
  });
}

/**
 * A thumbnail of a drawing far wider (or taller) than a card shows its start, not the whole
 * shrunk to a line: the first CROP_SPAN card widths (heights) of it, where the flow begins.
 */
function croppedToItsStart(view: Bounds): Bounds {
  const [width, height] = [view.maxX - view.minX, view.maxY - view.minY];
  const cardAspect = CARD_WIDTH / CARD_HEIGHT;
  const keptWidth = Math.max(height * cardAspect * CROP_SPAN, MIN_CROP);
  const keptHeight = Math.max(width / cardAspect * CROP_SPAN, MIN_CROP);
  if (width > keptWidth * CROP_WHEN_OVER) return { ...view, maxX: view.minX + keptWidth };
  if (height > keptHeight * CROP_WHEN_OVER) return { ...view, maxY: view.minY + keptHeight };
  return view;
}

/** Over a cropped side, the last FADE_SHARE of the picture fades into the background. */
function fadeWhereCropped(whole: Bounds, view: Bounds, background: string): string {
  const acrossX = view.maxX < whole.maxX;
  if (!acrossX && view.maxY >= whole.maxY) return "";
  const colour = background === "none" ? "#ffffff" : background;
  const [width, height] = [view.maxX - view.minX, view.maxY - view.minY];
  const gradient = serialise({
    tag: "linearGradient",
    attrs: { id: "crop-fade", x1: "0", y1: "0", x2: acrossX ? "1" : "0", y2: acrossX ? "0" : "1" },
    content: serialise({
      tag: "stop",
      attrs: { offset: "0", "stop-color": colour, "stop-opacity": "0" },
    }) +
      serialise({ tag: "stop", attrs: { offset: "1", "stop-color": colour, "stop-opacity": "1" } }),
  });
  const [fadeWidth, fadeHeight] = acrossX
    ? [width * FADE_SHARE, height]
    : [width, height * FADE_SHARE];
  const veil = serialise({
    tag: "rect",
    attrs: {
      x: num(view.maxX - fadeWidth),
      y: num(view.maxY - fadeHeight),
      width: num(fadeWidth),
      height: num(fadeHeight),
      fill: "url(#crop-fade)",
      stroke: "none",
    },
  });
  return serialise({ tag: "defs", attrs: {}, content: gradient }) + veil;
}

function renderElement(
  element: unknown,
  context: Context,
  rootStyle: Attrs,
): { markup: string; bounds: Bounds } | null {
  if (!isRecord(element) || element.isDeleted === true) return null;
  const draw = DRAWERS.get(element.type);
  const angle = element.angle ?? 0;
  if (draw === undefined || !isCoordinate(angle)) return null;
  const drawing = draw(element, context);
  if (drawing === null) return null;
  const [cx, cy] = drawing.centre;
  const width = Number(drawing.style["stroke-width"]);
  const outer: Attrs = {
    ...drawing.style,
    "stroke-width": width < context.minStroke
      ? num(context.minStroke)
      : drawing.style["stroke-width"],
    opacity: opacityOf(element.opacity),
    transform: angle === 0
      ? undefined
      : `rotate(${num(angle * 180 / Math.PI)} ${num(cx)} ${num(cy)})`,
  };
  const bounds = angle === 0
    ? drawing.bounds
    : rotatedBounds(drawing.bounds, angle, drawing.centre);
  const defs = drawing.mask === undefined ? "" : serialise(drawing.mask);
  if (drawing.parts.length === 1) {
    const [part] = drawing.parts;
    return {
      markup: defs +
        serialise({ ...part, attrs: withoutRootStyle({ ...outer, ...part.attrs }, rootStyle) }),
      bounds,
    };
  }
  const parts = drawing.parts.map(serialise).join("");
  const groupAttrs = withoutRootStyle(outer, rootStyle);
  const markup = Object.keys(groupAttrs).length > 0
    ? serialise({ tag: "g", attrs: groupAttrs, content: parts })
    : parts;
  return { markup: defs + markup, bounds };
}

function drawRectangle(element: Element): Drawing | null {
  const rect = readRect(element);
  if (rect === null) return null;
  const radius = cornerRadius(element.roundness, rect);
  return shapeDrawing(element, rect, {
    tag: "rect",
    attrs: {
      x: num(rect.x),
      y: num(rect.y),
      width: num(rect.width),
      height: num(rect.height),
      rx: radius > 0 ? num(radius) : undefined,
    },
  });
}

/** Excalidraw's rules: adaptive (3) caps the radius at 32, legacy and proportional are 25 %. */
function cornerRadius(roundness: unknown, rect: Rect): number {
  if (!isRecord(roundness)) return 0;
  const proportional = 0.25 * Math.min(rect.width, rect.height);
  return roundness.type === 3 ? Math.min(32, proportional) : proportional;
}

function drawEllipse(element: Element): Drawing | null {
  const rect = readRect(element);
  if (rect === null) return null;
  const [cx, cy] = centreOf(rect);
  return shapeDrawing(element, rect, {
    tag: "ellipse",
    attrs: { cx: num(cx), cy: num(cy), rx: num(rect.width / 2), ry: num(rect.height / 2) },
  });
}

function drawDiamond(element: Element): Drawing | null {
  const rect = readRect(element);
  if (rect === null) return null;
  const [cx, cy] = centreOf(rect);
  const corners: Point[] = [
    [cx, rect.y],
    [rect.x + rect.width, cy],
    [cx, rect.y + rect.height],
    [rect.x, cy],
  ];
  return shapeDrawing(element, rect, {
    tag: "polygon",
    attrs: { points: corners.map(pointText).join(" ") },
  });
}

function shapeDrawing(element: Element, rect: Rect, part: Part): Drawing {
  const stroke = readStroke(element);
  return {
    parts: [part],
    style: {
      ...strokeAttrs(stroke),
      "stroke-dasharray": stroke.dash,
      fill: paint(element.backgroundColor, "none"),
    },
    bounds: boundsOf(rect),
    centre: centreOf(rect),
  };
}

const TEXT_ANCHORS: Record<string, { shift: number; anchor?: string }> = {
  left: { shift: 0 },
  center: { shift: 0.5, anchor: "middle" },
  right: { shift: 1, anchor: "end" },
};

/**
 * Per Excalidraw font family: the stack we name, and half of (ascender + descender) / unitsPerEm,
 * the metrics Excalidraw's getVerticalOffset puts each baseline with (Virgil's for any other).
 */
const FONTS: Record<number, { stack: string; baselineShift: number }> = {
  1: { stack: `Virgil, ${HAND_DRAWN_FONTS}`, baselineShift: 0.256 },
  2: { stack: "Helvetica, Arial, 'Segoe UI Emoji', sans-serif", baselineShift: 0.27 },
  3: {
    stack: "Cascadia, 'Cascadia Code', Consolas, 'Segoe UI Emoji', monospace",
    baselineShift: 0.3467,
  },
  5: { stack: HAND_DRAWN_FONTS, baselineShift: 0.256 },
  6: { stack: "Nunito, 'Segoe UI Emoji', sans-serif", baselineShift: 0.329 },
  7: { stack: "'Lilita One', 'Segoe UI Emoji', sans-serif", baselineShift: 0.3515 },
  8: { stack: "'Comic Shanns', 'Segoe UI Emoji', monospace", baselineShift: 0.25 },
  9: { stack: "'Liberation Sans', Arial, 'Segoe UI Emoji', sans-serif", baselineShift: 0.3467 },
};
const UNKNOWN_FONT = { stack: "'Segoe UI Emoji', sans-serif", baselineShift: 0.256 };

/** Where a text element is drawn: its box grown about its anchor, and its font size. */
interface TextLayout {
  box: Rect;
  fontSize: number;
  lineHeight: number;
  align: { shift: number; anchor?: string };
}

function textLayout(element: Element, context: Context): TextLayout | null {
  const rect = readRect(element);
  if (rect === null || typeof element.text !== "string" || element.text.trim() === "") return null;
  const stored = positiveNumber(element.fontSize) ?? 20;
  const growth = Math.max(
    1,
    Math.min(MAX_TEXT_GROWTH, context.minFont / stored, roomToGrow(element, rect, context)),
  );
  const align = Object.hasOwn(TEXT_ANCHORS, String(element.textAlign))
    ? TEXT_ANCHORS[String(element.textAlign)]
    : TEXT_ANCHORS.left;
  const [width, height] = [rect.width * growth, rect.height * growth];
  return {
    // The anchor stays put across, the middle along: the text grows from where it is read.
    box: {
      x: rect.x + (rect.width - width) * align.shift,
      y: rect.y + (rect.height - height) / 2,
      width,
      height,
    },
    fontSize: stored * growth,
    lineHeight: positiveNumber(element.lineHeight) ?? 1.25,
    align,
  };
}

function drawText(element: Element, context: Context): Drawing | null {
  const layout = textLayout(element, context);
  if (layout === null) return null;
  const { box, fontSize, lineHeight, align } = layout;
  const font = FONTS[Number(element.fontFamily ?? 5)] ?? UNKNOWN_FONT;
  const x = num(box.x + box.width * align.shift);
  const linePx = fontSize * lineHeight;
  const baseline = (line: number) =>
    num(box.y + line * linePx + linePx / 2 + fontSize * font.baselineShift);
  const lines = String(element.text).split(/\r\n|\r|\n/);
  const style = { fill: paint(element.strokeColor, DEFAULT_STROKE), stroke: "none" };
  if (fontSize < context.textBarsBelow) {
    return {
      parts: lines.flatMap((line, index) => {
        const width = measureLineWidth(line, {
          fontFamily: Number(element.fontFamily ?? 5),
          fontSize,
        });
        if (width <= 0) return [];
        const barHeight = fontSize * TEXT_BAR_HEIGHT;
        return [{
          tag: "rect",
          attrs: {
            x: num(box.x + (box.width - Math.min(width, box.width)) * align.shift),
            y: num(box.y + index * linePx + (linePx - barHeight) / 2),
            width: num(Math.min(width, box.width)),
            height: num(barHeight),
          },
        }];
      }),
      style: { ...style, "fill-opacity": TEXT_BAR_OPACITY },
      bounds: boundsOf(box),
      centre: centreOf(box),
    };
  }
  const attrs: Attrs = {
    "font-size": num(fontSize),
    "font-family": font.stack,
    "text-anchor": align.anchor,
  };
  const part: Part = lines.length === 1
    ? { tag: "text", attrs: { x, y: baseline(0), ...attrs }, content: escapeXml(lines[0]) }
    : {
      tag: "text",
      attrs,
      content: lines.map((line, index) =>
        line === "" ? "" : serialise({
          tag: "tspan",
          attrs: { x, y: baseline(index) },
          content: escapeXml(line),
        })
      ).join(""),
    };
  return { parts: [part], style, bounds: boundsOf(box), centre: centreOf(box) };
}

/**
 * How much a shape's label may grow and stay in the shape's text area (Excalidraw's, with its
 * 5 px padding); 1 for text that labels no shape.
 */
function roomToGrow(element: Element, rect: Rect, context: Context): number {
  const container = typeof element.containerId === "string"
    ? context.byId.get(element.containerId)
    : undefined;
  const box = container === undefined || container.isDeleted === true ? null : readRect(container);
  if (box === null || rect.width === 0 || rect.height === 0) return 1;
  const inner = (size: number) => {
    if (container!.type === "rectangle") return size - 10;
    if (container!.type === "ellipse") return size * Math.SQRT1_2 - 10;
    if (container!.type === "diamond") return size / 2 - 10;
    return 0;
  };
  return Math.min(inner(box.width) / rect.width, inner(box.height) / rect.height);
}

/**
 * The box of the label bound to this arrow, where it is drawn; null when it has none. Both sides
 * must agree (containerId and boundElements), as Excalidraw's repair would make them.
 */
function arrowLabelBox(element: Element, context: Context): Rect | null {
  if (!Array.isArray(element.boundElements)) return null;
  for (const ref of element.boundElements) {
    if (!isRecord(ref) || ref.type !== "text") continue;
    const label = context.byId.get(ref.id);
    if (label === undefined || label.isDeleted === true || label.containerId !== element.id) {
      continue;
    }
    return textLayout(label, context)?.box ?? null;
  }
  return null;
}

function drawLinear(element: Element, context: Context): Drawing | null {
  const points = readPoints(element, 2);
  if (points === null) return null;
  const stroke = readStroke(element);
  const closed = element.type === "line" && points.length > 2 &&
    distance(points[0], points[points.length - 1]) <= LOOP_DISTANCE;
  const endKind = element.endArrowhead === undefined && element.type === "arrow"
    ? "arrow"
    : element.endArrowhead;
  const heads = [
    arrowhead(element.startArrowhead, [...points].reverse(), stroke),
    arrowhead(endKind, points, stroke),
  ];
  const headPath = heads.map((head) => head.path).join("");
  // A rotated arrow would turn the mask with it, away from its label: it keeps its whole line.
  const label = element.type === "arrow" && (element.angle ?? 0) === 0
    ? arrowLabelBox(element, context)
    : null;
  const cut = label !== null && context.cutLabelGaps;
  const shaft = cut
    ? cutOut(points, label).map(pathData).join("")
    : pathData(points) + (closed ? "Z" : "");
  // Arrowheads stay solid on a dashed arrow, so their strokes then need a path of their own.
  const parts: Part[] = [];
  if (shaft !== "") {
    parts.push({
      tag: "path",
      attrs: {
        d: stroke.dash === undefined ? shaft + headPath : shaft,
        "stroke-dasharray": stroke.dash,
        fill: closed ? paint(element.backgroundColor, "none") : undefined,
      },
    });
  }
  if ((stroke.dash !== undefined || shaft === "") && headPath !== "") {
    parts.push({ tag: "path", attrs: { d: headPath } });
  }
  parts.push(...heads.flatMap((head) => head.parts));
  const bounds = pointBounds(points);
  const drawing: Drawing = {
    parts,
    style: strokeAttrs(stroke),
    bounds,
    centre: centreOf(rectOf(bounds)),
  };
  if (stroke.width < context.crispLinesBelow) {
    const lighter = Math.max(MIN_CRISP_OPACITY, stroke.width / context.crispLinesBelow);
    drawing.style = {
      ...drawing.style,
      "stroke-width": num(context.crispLinesBelow),
      "stroke-opacity": num(lighter),
      "shape-rendering": "crispEdges",
      // Round ends and corners a pixel wide look no different and cost resvg a tenth more.
      "stroke-linecap": "butt",
      "stroke-linejoin": "bevel",
    };
  }
  if (label !== null && !cut) {
    const id = context.nextId();
    const reach = ARROWHEAD_SIZE + Math.max(stroke.width, context.minStroke);
    const visible = rectAttrs(rectOf(expand(union(bounds, boundsOf(label)), reach)));
    drawing.mask = {
      tag: "mask",
      attrs: { id, maskUnits: "userSpaceOnUse", ...visible },
      content: serialise({ tag: "rect", attrs: { ...visible, fill: "#fff", stroke: "none" } }) +
        serialise({ tag: "rect", attrs: { ...rectAttrs(label), fill: "#000", stroke: "none" } }),
    };
    drawing.style.mask = `url(#${id})`;
  }
  return drawing;
}

/** The pieces of a polyline that lie outside `box`, in order (what a mask of the box would show). */
function cutOut(points: readonly Point[], box: Rect): Point[][] {
  const pieces: Point[][] = [];
  let piece: Point[] = [];
  const end = () => {
    if (piece.length > 1) pieces.push(piece);
    piece = [];
  };
  for (let index = 1; index < points.length; index++) {
    const [from, to] = [points[index - 1], points[index]];
    const inside = insideRange(from, to, box);
    if (inside === null) {
      if (piece.length === 0) piece.push(from);
      piece.push(to);
      continue;
    }
    const [enter, leave] = inside;
    if (enter > 0) {
      if (piece.length === 0) piece.push(from);
      piece.push(along(from, to, enter));
    }
    end();
    if (leave < 1) piece.push(along(from, to, leave), to);
  }
  end();
  return pieces;
}

/** The part [enter, leave] of the segment (0 at `from`, 1 at `to`) inside `box`, or null. */
function insideRange(from: Point, to: Point, box: Rect): [number, number] | null {
  let enter = 0;
  let leave = 1;
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  // Liang–Barsky: each side of the box narrows the range.
  const sides: [number, number][] = [
    [-dx, from[0] - box.x],
    [dx, box.x + box.width - from[0]],
    [-dy, from[1] - box.y],
    [dy, box.y + box.height - from[1]],
  ];
  for (const [p, q] of sides) {
    if (p === 0) {
      if (q < 0) return null;
      continue;
    }
    const t = q / p;
    if (p < 0) enter = Math.max(enter, t);
    else leave = Math.min(leave, t);
    if (enter > leave) return null;
  }
  // A segment that only touches the box's edge keeps its line.
  return leave - enter > 1e-9 || dx === 0 && dy === 0 ? [enter, leave] : null;
}

function along(from: Point, to: Point, t: number): Point {
  return [from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t];
}

interface Arrowhead {
  /** Path commands drawn with the arrow's own stroke. */
  path: string;
  /** Filled or closed shapes. */
  parts: Part[];
}

/** The head at the last point, oriented along the last segment of non-zero length. */
function arrowhead(kind: unknown, points: readonly Point[], stroke: Stroke): Arrowhead {
  const tip = points[points.length - 1];
  const from = points.findLast((point) => distance(point, tip) > 0);
  if (typeof kind !== "string" || from === undefined) return { path: "", parts: [] };
  const length = distance(from, tip);
  const size = Math.min(ARROWHEAD_SIZE, length / 2);
  const ux = (tip[0] - from[0]) / length;
  const uy = (tip[1] - from[1]) / length;
  const at = (back: number, side: number): string =>
    pointText([tip[0] - ux * back - uy * side, tip[1] - uy * back + ux * side]);
  const wing = size * 0.45;
  switch (kind) {
    case "arrow":
      return { path: `M${at(size, wing)}L${at(0, 0)}L${at(size, -wing)}`, parts: [] };
    case "triangle":
    case "triangle_outline":
      return {
        path: "",
        parts: [{
          tag: "path",
          attrs: {
            d: `M${at(0, 0)}L${at(size, wing)}L${at(size, -wing)}Z`,
            fill: kind === "triangle" ? stroke.colour : undefined,
          },
        }],
      };
    case "bar":
    case "crowfoot_one":
    case "crowfoot_many":
    case "crowfoot_one_or_many":
      return { path: `M${at(0, size / 2)}L${at(0, -size / 2)}`, parts: [] };
    default: {
      const [cx, cy] = [tip[0] - ux * size * 0.3, tip[1] - uy * size * 0.3];
      return {
        path: "",
        parts: [{
          tag: "circle",
          attrs: {
            cx: num(cx),
            cy: num(cy),
            r: num(size * 0.3),
            fill: kind.endsWith("_outline") ? undefined : stroke.colour,
          },
        }],
      };
    }
  }
}

function drawFreedraw(element: Element): Drawing | null {
  const points = readPoints(element, 1);
  if (points === null) return null;
  const kept = points.filter((point, index) =>
    index === 0 || index === points.length - 1 ||
    distance(point, points[index - 1]) >= FREEDRAW_MIN_STEP
  );
  const bounds = pointBounds(points);
  return {
    parts: [{ tag: "path", attrs: { d: pathData(kept) } }],
    style: strokeAttrs(readStroke(element)),
    bounds,
    centre: centreOf(rectOf(bounds)),
  };
}

/** The raster data: URLs among a scene's files, by id; nothing else can reach an `href`. */
function rasterImages(files: Readonly<Record<string, unknown>>): Map<string, string> {
  const images = new Map<string, string>();
  for (const [id, entry] of Object.entries(files)) {
    const dataURL = isRecord(entry) ? entry.dataURL : undefined;
    if (typeof dataURL === "string" && RASTER_DATA_URL.test(dataURL)) images.set(id, dataURL);
  }
  return images;
}

/**
 * An image element as Excalidraw draws it: its picture stretched to the element's box, the part
 * `crop` keeps (in the picture's natural pixels) when it is cropped, mirrored where `scale` is -1;
 * a placeholder when its bytes were not handed over.
 */
function drawImage(element: Element, context: Context): Drawing | null {
  const href = typeof element.fileId === "string" ? context.images.get(element.fileId) : undefined;
  const rect = readRect(element);
  if (href === undefined || rect === null) return drawPlaceholder(element);
  const crop = readCrop(element.crop);
  const fill = { preserveAspectRatio: "none" };
  const picture = crop === null
    ? serialise({ tag: "image", attrs: { href, ...rectAttrs(rect), ...fill } })
    : serialise({
      // A nested viewport clips to the element's box and maps the kept part onto it.
      tag: "svg",
      attrs: {
        ...rectAttrs(rect),
        viewBox: [crop.x, crop.y, crop.width, crop.height].map(num).join(" "),
        ...fill,
      },
      content: serialise({
        tag: "image",
        attrs: { href, width: num(crop.naturalWidth), height: num(crop.naturalHeight), ...fill },
      }),
    });
  const [cx, cy] = centreOf(rect);
  const [sx, sy] = Array.isArray(element.scale)
    ? element.scale.map((value) => (value === -1 ? -1 : 1))
    : [1, 1];
  const mirrored = sx === 1 && sy === 1 ? picture : serialise({
    tag: "g",
    attrs: { transform: `matrix(${sx} 0 0 ${sy} ${num(cx - sx * cx)} ${num(cy - sy * cy)})` },
    content: picture,
  });
  return {
    // In a group of its own, so that the element's rotation (set on the part) keeps the mirroring.
    parts: [{ tag: "g", attrs: {}, content: mirrored }],
    style: { stroke: "none" },
    bounds: boundsOf(rect),
    centre: [cx, cy],
  };
}

/** Excalidraw's `crop` of an image (0.18): the kept rectangle of the picture's natural size. */
function readCrop(crop: unknown): (Rect & { naturalWidth: number; naturalHeight: number }) | null {
  if (!isRecord(crop)) return null;
  const rect = readRect(crop);
  const naturalWidth = positiveNumber(crop.naturalWidth);
  const naturalHeight = positiveNumber(crop.naturalHeight);
  if (rect === null || naturalWidth === undefined || naturalHeight === undefined) return null;
  if (rect.width === 0 || rect.height === 0) return null;
  return { ...rect, naturalWidth, naturalHeight };
}

/** Images and embeds: a grey box with a cross; the picture itself never goes into a thumbnail. */
function drawPlaceholder(element: Element): Drawing | null {
  const rect = readRect(element);
  if (rect === null) return null;
  const right = rect.x + rect.width;
  const bottom = rect.y + rect.height;
  const cross = `M${pointText([rect.x, rect.y])}L${pointText([right, bottom])}M${
    pointText([right, rect.y])
  }L${pointText([rect.x, bottom])}`;
  return {
    parts: [
      { tag: "rect", attrs: { ...rectAttrs(rect), fill: "#e9ecef" } },
      { tag: "path", attrs: { d: cross } },
    ],
    style: { stroke: "#adb5bd", "stroke-width": "1" },
    bounds: boundsOf(rect),
    centre: centreOf(rect),
  };
}

const FRAME_NAME_SIZE = 14;
/** The lightest a widened crisp line is drawn (see crispLinesBelow). */
const MIN_CRISP_OPACITY = 0.3;
/** A text bar's height, of the font size (about the height of lower-case letters). */
const TEXT_BAR_HEIGHT = 0.5;
/** Bars are lighter than glyphs' ink would be: letters cover about half of a line's box. */
const TEXT_BAR_OPACITY = "0.5";

function drawFrame(element: Element): Drawing | null {
  const rect = readRect(element);
  if (rect === null) return null;
  const name = typeof element.name === "string" && element.name.trim() !== ""
    ? element.name
    : "Frame";
  const frameBounds = boundsOf(rect);
  return {
    parts: [
      { tag: "rect", attrs: { ...rectAttrs(rect), rx: "8" } },
      {
        tag: "text",
        attrs: {
          x: num(rect.x),
          y: num(rect.y - FRAME_NAME_SIZE / 2),
          fill: "#999999",
          stroke: "none",
          "font-size": String(FRAME_NAME_SIZE),
          "font-family": "sans-serif",
        },
        content: escapeXml(name),
      },
    ],
    style: { stroke: "#bbbbbb", "stroke-width": "1" },
    bounds: { ...frameBounds, minY: frameBounds.minY - FRAME_NAME_SIZE * 1.5 },
    centre: centreOf(rect),
  };
}

function readStroke(element: Element): Stroke {
  const width = isCoordinate(element.strokeWidth) && element.strokeWidth >= 0
    ? element.strokeWidth
    : 2;
  const dash = element.strokeStyle === "dashed"
    ? `8 ${num(8 + width)}`
    : element.strokeStyle === "dotted"
    ? `1.5 ${num(6 + width)}`
    : undefined;
  return { colour: paint(element.strokeColor, DEFAULT_STROKE), width, dash };
}

/** Colour and width; where the dashes go depends on the element. */
function strokeAttrs(stroke: Stroke): Attrs {
  return { stroke: stroke.colour, "stroke-width": num(stroke.width) };
}

/** A colour from a user, or `fallback` when it is not one we accept; "transparent" paints nothing. */
function paint(value: unknown, fallback: string): string {
  if (typeof value !== "string" || !COLOUR.test(value)) return fallback;
  const colour = value.toLowerCase();
  return colour === "transparent" ? "none" : colour;
}

function opacityOf(value: unknown): string | undefined {
  return isCoordinate(value) && value >= 0 && value < 100 ? num(value / 100) : undefined;
}

function readRect(element: Element): Rect | null {
  const { x, y, width, height } = element;
  if (!isCoordinate(x) || !isCoordinate(y) || !isCoordinate(width) || !isCoordinate(height)) {
    return null;
  }
  // Excalidraw normalises negative sizes on restore; a stored element may predate that.
  return {
    x: Math.min(x, x + width),
    y: Math.min(y, y + height),
    width: Math.abs(width),
    height: Math.abs(height),
  };
}

/** Absolute points, or null when there are fewer than `minimum` or any is not a finite pair. */
function readPoints(element: Element, minimum: number): Point[] | null {
  const { x, y, points } = element;
  if (!isCoordinate(x) || !isCoordinate(y) || !Array.isArray(points)) return null;
  if (points.length < minimum) return null;
  const absolute: Point[] = [];
  for (const point of points) {
    if (!Array.isArray(point) || !isCoordinate(point[0]) || !isCoordinate(point[1])) return null;
    absolute.push([x + point[0], y + point[1]]);
  }
  return absolute;
}

function pathData(points: readonly Point[]): string {
  // A lone point still shows as a dot with round caps.
  const rest = points.length === 1 ? points : points.slice(1);
  return `M${pointText(points[0])}L${rest.map(pointText).join(" ")}`;
}

function rectAttrs(rect: Rect): Attrs {
  return { x: num(rect.x), y: num(rect.y), width: num(rect.width), height: num(rect.height) };
}

function boundsOf(rect: Rect): Bounds {
  return { minX: rect.x, minY: rect.y, maxX: rect.x + rect.width, maxY: rect.y + rect.height };
}

function rectOf(bounds: Bounds): Rect {
  return {
    x: bounds.minX,
    y: bounds.minY,
    width: bounds.maxX - bounds.minX,
    height: bounds.maxY - bounds.minY,
  };
}

function centreOf(rect: Rect): Point {
  return [rect.x + rect.width / 2, rect.y + rect.height / 2];
}

function pointBounds(points: readonly Point[]): Bounds {
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  return {
    minX: Math.min(...xs),
    minY: Math.min(...ys),
    maxX: Math.max(...xs),
    maxY: Math.max(...ys),
  };
}

function rotatedBounds(bounds: Bounds, angle: number, [cx, cy]: Point): Bounds {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const corners: Point[] = [
    [bounds.minX, bounds.minY],
    [bounds.maxX, bounds.minY],
    [bounds.maxX, bounds.maxY],
    [bounds.minX, bounds.maxY],
  ];
  return pointBounds(corners.map(([x, y]) => [
    cx + (x - cx) * cos - (y - cy) * sin,
    cy + (x - cx) * sin + (y - cy) * cos,
  ]));
}

function union(a: Bounds, b: Bounds): Bounds {
  return {
    minX: Math.min(a.minX, b.minX),
    minY: Math.min(a.minY, b.minY),
    maxX: Math.max(a.maxX, b.maxX),
    maxY: Math.max(a.maxY, b.maxY),
  };
}

function expand(bounds: Bounds, by: number): Bounds {
  return {
    minX: bounds.minX - by,
    minY: bounds.minY - by,
    maxX: bounds.maxX + by,
    maxY: bounds.maxY + by,
  };
}

function distance(a: Point, b: Point): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

function withoutRootStyle(attrs: Attrs, rootStyle: Attrs): Attrs {
  return Object.fromEntries(
    Object.entries(attrs).filter(([name, value]) => rootStyle[name] !== value),
  );
}

function serialise({ tag, attrs, content }: Part): string {
  const attrText = Object.entries(attrs)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${escapeXml(value as string)}"`)
    .join("");
  return content === undefined ? `<${tag}${attrText}/>` : `<${tag}${attrText}>${content}</${tag}>`;
}

function pointText([x, y]: Point): string {
  return `${num(x)},${num(y)}`;
}

/** Two decimals, no trailing zeros. */
function num(value: number): string {
  return String(Math.round(value * 100) / 100);
}

function isCoordinate(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && Math.abs(value) <= MAX_COORDINATE;
}

function positiveNumber(value: unknown): number | undefined {
  return isCoordinate(value) && value > 0 ? value : undefined;
}
