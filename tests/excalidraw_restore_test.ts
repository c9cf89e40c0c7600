// Files we write go through Excalidraw's real restore() (0.18.1, headless Chromium): a complete
// file must come back unchanged, and the checker must notice when restore drops or repairs.
import assert from "node:assert/strict";
import type {
  ArrowBinding,
  ExcalidrawFile,
  LinearElement,
  ShapeElement,
  TextElement,
} from "../diagram/drawing/excalidraw/types.ts";
import { generateDiagram } from "../diagram/drawing/generate.ts";
import { parseSpec, SHAPES } from "../diagram/drawing/spec.ts";
import { compareRestored, openRestorePage } from "./helpers/excalidraw_restore.ts";
import { randomDag } from "./helpers/layout_quality.ts";
import { everyEdgeStyle } from "./helpers/scene_fixture.ts";
import { mermaidCorpus } from "./helpers/mermaid_corpus.ts";
import { mermaidToSpec } from "../diagram/drawing/mermaid/from_mermaid.ts";

type BaseFields = Omit<ShapeElement, "type">;

/** Every field every element has; seed and nonce differ per element, as a real writer's do. */
function baseFields(
  id: string,
  index: string,
  box: Pick<BaseFields, "x" | "y" | "width" | "height">,
) {
  return {
    id,
    ...box,
    angle: 0,
    strokeColor: "#1e1e1e",
    backgroundColor: "transparent",
    fillStyle: "solid",
    strokeWidth: 2,
    strokeStyle: "solid",
    roughness: 0,
    opacity: 100,
    roundness: null,
    seed: 1_000 + index.charCodeAt(1),
    version: 1,
    versionNonce: 2_000 + index.charCodeAt(1),
    index,
    isDeleted: false,
    groupIds: [],
    frameId: null,
    boundElements: null,
    updated: 1_700_000_000_000,
    link: null,
    locked: false,
    customData: { nodeId: id },
  } satisfies BaseFields;
}

function label(
  id: string,
  index: string,
  containerId: string | null,
  text: string,
  box: Pick<BaseFields, "x" | "y" | "width" | "height">,
) {
  return {
    ...baseFields(id, index, box),
    type: "text",
    text,
    originalText: text,
    fontSize: 20,
    fontFamily: 5,
    textAlign: "center",
    verticalAlign: "middle",
    containerId,
    lineHeight: 1.25,
    autoResize: true,
  } satisfies TextElement;
}

function binding(elementId: string, fixedPoint: [number, number]): ArrowBinding {
  return { elementId, focus: 0, gap: 8, fixedPoint, mode: "orbit" };
}

/** Rectangle and diamond, each labelled, joined by a labelled arrow bound at both ends. */
function completeFile(): ExcalidrawFile {
  const start = {
    ...baseFields("start", "a0", { x: 0, y: 0, width: 200, height: 80 }),
    type: "rectangle",
    roundness: { type: 3 },
    boundElements: [{ id: "start-label", type: "text" }, { id: "flow", type: "arrow" }],
  } satisfies ShapeElement;
  const decide = {
    ...baseFields("decide", "a2", { x: 0, y: 200, width: 200, height: 100 }),
    type: "diamond",
    roundness: { type: 2 },
    boundElements: [{ id: "decide-label", type: "text" }, { id: "flow", type: "arrow" }],
  } satisfies ShapeElement;
  const flow = {
    ...baseFields("flow", "a4", { x: 100, y: 88, width: 0, height: 104 }),
    type: "arrow",
    roundness: { type: 2 },
    boundElements: [{ id: "flow-label", type: "text" }],
    points: [[0, 0], [0, 104]],
    lastCommittedPoint: null,
    startBinding: binding("start", [0.5, 1]),
    endBinding: binding("decide", [0.5, 0]),
    startArrowhead: null,
    endArrowhead: "arrow",
    elbowed: false,
  } satisfies LinearElement;
  return {
    type: "excalidraw",
    version: 2,
    source: "https://diagram.test",
    elements: [
      start,
      label("start-label", "a1", "start", "Start", { x: 73, y: 27.5, width: 54, height: 25 }),
      decide,
      label("decide-label", "a3", "decide", "Ok?", { x: 81, y: 237.5, width: 38, height: 25 }),
      flow,
      label("flow-label", "a5", "flow", "yes", { x: 82.5, y: 127.5, width: 35, height: 25 }),
    ],
    appState: {
      gridSize: 20,
      gridStep: 5,
      gridModeEnabled: false,
      viewBackgroundColor: "#ffffff",
    },
    files: {},
  };
}

function byId(file: ExcalidrawFile, id: string): Record<string, unknown> {
  return file.elements.find((element) => element.id === id)!;
}

const NOTHING_CHANGED = {
  dropped: [],
  repairedBindings: [],
  repairedContainers: [],
  changedFields: [],
};

Deno.test("Excalidraw's restore() in Chromium", async (t) => {
  await using page = await openRestorePage();

  await t.step("keeps every element and field of a complete file", async () => {
    const file = completeFile();
    const restored = await page.restore(file);
    assert.deepEqual(compareRestored(file.elements, restored.elements), NOTHING_CHANGED);
    assert.deepEqual(
      restored.elements.map((element) => element.id),
      file.elements.map((element) => element.id),
    );
    assert.deepEqual(restored.appState, file.appState);
  });

  await t.step("keeps every element, binding and container of generated diagrams", async () => {
    // Self-loops, parallel edges, cycles and labelled edges appear from 30 nodes on.
    for (const [nodes, seed] of [[12, 1], [40, 2], [60, 3]]) {
      const file = await generateDiagram(randomDag(nodes, seed), {
        diagramId: `restore-${seed}`,
        source: "https://diagrams.example.com",
        updated: 1_700_000_000_000,
      });
      const restored = await page.restore(file);
      assert.deepEqual(
        compareRestored(file.elements, restored.elements),
        NOTHING_CHANGED,
        `${nodes} nodes, seed ${seed}`,
      );
      assert.equal(restored.elements.length, file.elements.length);
    }
  });

  await t.step("keeps every line style and arrowhead a spec's edges can ask for", async () => {
    const edges = everyEdgeStyle("a", "b");
    const nodes = [{ id: "a", label: "From" }, { id: "b", label: "To" }];
    const parsed = parseSpec({ layout: "LR", nodes, edges });
    assert.ok(parsed.ok);
    const file = await generateDiagram(parsed.spec, {
      diagramId: "restore-styles",
      source: "https://diagrams.example.com",
      updated: 1_700_000_000_000,
    });
    const restored = await page.restore(file);
    assert.deepEqual(compareRestored(file.elements, restored.elements), NOTHING_CHANGED);
  });

  await t.step("keeps every shape, frame and nested group box a spec can ask for", async () => {
    const parsed = parseSpec({
      layout: "TB",
      groups: [
        { id: "outer", label: "Outer frame" },
        { id: "inner", label: "Inner box\nof two lines", parent: "outer", direction: "LR" },
        { id: "innermost", parent: "inner" },
      ],
      nodes: SHAPES.map((shape, index) => ({
        id: shape,
        label: shape,
        shape,
        ...(index % 3 === 0 ? {} : { group: ["outer", "inner", "innermost"][index % 3] }),
        ...(index % 4 === 1 ? { color: "teal", stroke: "#0b7285" } : {}),
      })),
      edges: SHAPES.slice(1).map((shape, index) => ({ from: SHAPES[index], to: shape })),
    });
    assert.ok(parsed.ok, JSON.stringify(parsed));
    const file = await generateDiagram(parsed.spec, {
      diagramId: "restore-groups",
      source: "https://diagrams.example.com",
      updated: 1_700_000_000_000,
    });
    assert.ok(file.elements.some((element) => element.type === "frame"));
    const restored = await page.restore(file);
    assert.deepEqual(compareRestored(file.elements, restored.elements), NOTHING_CHANGED);
    assert.equal(restored.elements.length, file.elements.length);
  });

  await t.step("keeps every element of every Mermaid corpus chart's drawing", async () => {
    for (const { name, text } of await mermaidCorpus()) {
      const parsed = mermaidToSpec(text);
      assert.ok(parsed.ok, `${name}: ${JSON.stringify(parsed)}`);
      const file = await generateDiagram(parsed.spec, {
        diagramId: `restore-${name}`,
        source: "https://diagrams.example.com",
        updated: 1_700_000_000_000,
      });
      const restored = await page.restore(file);
      assert.deepEqual(compareRestored(file.elements, restored.elements), NOTHING_CHANGED, name);
      assert.equal(restored.elements.length, file.elements.length, name);
    }
  });

  await t.step("drops a 0×0 text, and the report names it", async () => {
    const file = completeFile();
    file.elements.push(label("empty", "a6", null, "lost", { x: 0, y: 0, width: 0, height: 0 }));
    const restored = await page.restore(file);
    assert.deepEqual(compareRestored(file.elements, restored.elements), {
      ...NOTHING_CHANGED,
      dropped: ["empty"],
    });
  });

  await t.step("nulls a binding to a missing element, and the report names it", async () => {
    const file = completeFile();
    byId(file, "flow").endBinding = binding("nowhere", [0.5, 0]);
    const restored = await page.restore(file);
    assert.deepEqual(compareRestored(file.elements, restored.elements), {
      ...NOTHING_CHANGED,
      repairedBindings: ["flow.endBinding"],
    });
  });

  await t.step("relists a label its container forgot, and the report names it", async () => {
    const file = completeFile();
    byId(file, "start").boundElements = [{ id: "flow", type: "arrow" }];
    const restored = await page.restore(file);
    assert.deepEqual(compareRestored(file.elements, restored.elements), {
      ...NOTHING_CHANGED,
      repairedContainers: ["start.boundElements"],
    });
  });

  await t.step("reindexes an element out of order, and the report names each field", async () => {
    const file = completeFile();
    byId(file, "decide").index = "a0";
    const restored = await page.restore(file);
    assert.deepEqual(compareRestored(file.elements, restored.elements), {
      ...NOTHING_CHANGED,
      changedFields: ["decide.version", "decide.versionNonce", "decide.index", "decide.updated"],
    });
  });
});
