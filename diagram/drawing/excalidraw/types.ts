// The Excalidraw file format (0.18) as we write and read it. Fields follow Excalidraw's own
// names so a file passes through JSON unchanged; unknown keys on read are kept as they are.

export type FillStyle = "hachure" | "cross-hatch" | "solid" | "zigzag";
export type StrokeStyle = "solid" | "dashed" | "dotted";
export type Arrowhead =
  | "arrow"
  | "bar"
  | "dot"
  | "circle"
  | "circle_outline"
  | "triangle"
  | "triangle_outline"
  | "diamond"
  | "diamond_outline"
  | "crowfoot_one"
  | "crowfoot_many"
  | "crowfoot_one_or_many";

export interface Roundness {
  /** 1 legacy, 2 proportional (diamonds, arrows), 3 adaptive (rectangles). */
  type: 1 | 2 | 3;
  value?: number;
}

export interface BoundElementRef {
  id: string;
  type: "arrow" | "text";
}

interface ElementBase {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  angle: number;
  strokeColor: string;
  backgroundColor: string;
  fillStyle: FillStyle;
  strokeWidth: number;
  strokeStyle: StrokeStyle;
  roughness: number;
  opacity: number;
  roundness: Roundness | null;
  seed: number;
  version: number;
  versionNonce: number;
  /** Fractional index (rocicorp base-62 keys); strictly increasing in array order. */
  index: string | null;
  isDeleted: boolean;
  groupIds: string[];
  frameId: string | null;
  boundElements: BoundElementRef[] | null;
  updated: number;
  link: string | null;
  locked: boolean;
  customData?: Record<string, unknown>;
}

export interface ShapeElement extends ElementBase {
  type: "rectangle" | "ellipse" | "diamond";
}

export interface TextElement extends ElementBase {
  type: "text";
  text: string;
  originalText: string;
  fontSize: number;
  fontFamily: number;
  textAlign: "left" | "center" | "right";
  verticalAlign: "top" | "middle" | "bottom";
  containerId: string | null;
  lineHeight: number;
  autoResize: boolean;
}

/**
 * Written in both forms: 0.18 reads `{elementId, focus, gap}`, the next line reads
 * `{elementId, fixedPoint, mode}`; each ignores the other's keys.
 */
export interface ArrowBinding {
  elementId: string;
  focus: number;
  gap: number;
  fixedPoint: [number, number];
  mode: "inside" | "orbit" | "skip";
}

export type Point = [number, number];

export interface LinearElement extends ElementBase {
  type: "arrow" | "line";
  /** Relative to x/y; the first is always [0, 0]. */
  points: Point[];
  lastCommittedPoint: null;
  startBinding: ArrowBinding | null;
  endBinding: ArrowBinding | null;
  startArrowhead: Arrowhead | null;
  endArrowhead: Arrowhead | null;
  elbowed?: boolean;
}

/** A frame: its members carry its id as their frameId; Excalidraw draws the name above it. */
export interface FrameElement extends ElementBase {
  type: "frame";
  name: string | null;
}

export type GeneratedElement = ShapeElement | TextElement | LinearElement | FrameElement;

export interface SceneAppState {
  gridSize: number;
  gridStep: number;
  gridModeEnabled: boolean;
  viewBackgroundColor: string;
}

/** The `.excalidraw` envelope. `elements` may hold any element type when read from a user. */
export interface ExcalidrawFile {
  type: "excalidraw";
  version: 2;
  source: string;
  elements: Record<string, unknown>[];
  appState: Partial<SceneAppState> & Record<string, unknown>;
  files: Record<string, unknown>;
}
