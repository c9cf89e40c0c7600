// Generated diagrams as a user would judge them: nodes apart, labels inside their shapes,
// edge labels clear of nodes and of each other, arrows bound and ending just outside the
// outlines, layers in order. Random specs cover the variety; the fixed graphs cover the layering
// and labelling cases by name.
import assert from "node:assert/strict";
import type { DiagramSpec } from "../diagram/drawing/spec.ts";
import type { ExcalidrawFile } from "../diagram/drawing/excalidraw/types.ts";
import { validateScene } from "../diagram/drawing/excalidraw/validate.ts";
import { generateDiagram } from "../diagram/drawing/generate.ts";
import { checkLayoutQuality, randomDag } from "./helpers/layout_quality.ts";
import { CASES } from "../bench/adversarial_specs.ts";
import { drawnFromScene, readability } from "./helpers/readability.ts";

const OPTIONS = { diagramId: "quality", source: "https://diagrams.example.test", updated: 0 };

async function problemsOf(spec: DiagramSpec): Promise<string[]> {
  const file = await generateDiagram(spec, OPTIONS);
  const validation = validateScene(file);
  return [
    ...(validation.ok ? [] : validation.problems.map((problem) => `invalid: ${problem}`)),
    ...checkLayoutQuality(spec, file),
  ];
}

for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
  Deno.test(`random 10-node diagram, seed ${seed} (${randomDag(10, seed).layout}), has no problems`, async () => {
    assert.deepEqual(await problemsOf(randomDag(10, seed)), []);
  });
}

for (const seed of [1, 2]) {
  Deno.test(`random 100-node diagram with cycles, seed ${seed} (${randomDag(100, seed).layout}), has no problems`, async () => {
    assert.deepEqual(await problemsOf(randomDag(100, seed)), []);
  });
}

Deno.test("the densest 90-node spec the layout budget allows is drawn, every arrow bound to its outline", async () => {
  // 506 random edges: sides crowded with ends, some of them moved apart at corners.
  const file = await generateDiagram(CASES["90 nodes, random edges up to the budget"](), OPTIONS);
  const validation = validateScene(file);
  assert.ok(validation.ok, validation.ok ? "" : validation.problems.slice(0, 3).join("; "));
});

Deno.test("a random 40-node chart too small to read keeps room for both labels of a two-node cycle", async () => {
  // Compacted, a band kept for one label of the pair n10 ⇄ n18 put the other on it.
  const file = await generateDiagram(randomDag(40, 37), OPTIONS);
  assert.equal(readability(drawnFromScene(file)).labelOverlaps, 0);
});

Deno.test("the labels of two parallel arrows fit side by side between their nodes", async () => {
  // n12 → n14 twice, labels of 152 and 159 px: the gap held them only to the pixel.
  const file = await generateDiagram(randomDag(15, 49), OPTIONS);
  assert.equal(readability(drawnFromScene(file)).labelOverlaps, 0);
});

/** Spec from "id:shape" nodes and "from>to" or "from>to:label" edges. */
function spec(layout: "TB" | "LR", nodes: string[], edges: string[]): DiagramSpec {
  return {
    layout,
    nodes: nodes.map((node) => {
      const [id, shape = "rectangle"] = node.split(":");
      return { id, label: `Node ${id}`, shape: shape as DiagramSpec["nodes"][number]["shape"] };
    }),
    edges: edges.map((edge) => {
      const [ends, label] = edge.split(":");
      const [from, to] = ends.split(">");
      return { from, to, ...(label === undefined ? {} : { label }) };
    }),
  };
}

const thirtyNodes = Array.from(
  { length: 30 },
  (_, i) => `n${i}:${["rectangle", "rounded", "ellipse", "diamond"][i % 4]}`,
);
const thirtyEdges = Array.from({ length: 30 }, (_, i) => i).flatMap((i) =>
  [1, 3, 7].slice(0, 1 + (i % 3)).filter((step) => i + step < 30).map((step) =>
    `n${i}>n${i + step}${i % 4 === 0 ? `:step ${step}` : ""}`
  )
);

const FIXED: Record<string, [string[], string[]]> = {
  chain: [["a", "b:ellipse", "c:diamond"], ["a>b:first", "b>c"]],
  diamond: [["a:diamond", "b", "c:rounded", "d:ellipse"], ["a>b:yes", "a>c:no", "b>d", "c>d"]],
  "short branch": [["a", "b", "c", "d:ellipse"], ["a>b", "b>c", "a>d:early"]],
  cycles: [["a", "b:diamond", "c:ellipse"], ["a>b", "b>c", "c>a:again", "b>a"]],
  "two components": [["a", "b", "x:ellipse", "y:diamond"], ["a>b", "x>y:other"]],
  "self-loops": [["a:ellipse", "b:diamond", "c:rounded"], [
    "a>a:retry",
    "a>b",
    "b>b",
    "c>c:poll every minute",
  ]],
  "parallel edges": [["a:diamond", "b:ellipse"], ["a>b:one", "a>b:two", "a>b", "b>a:back"]],
  "30-node DAG": [thirtyNodes, thirtyEdges],
  // Every edge labelled: labels compete for the same gaps between the layers.
  "labelled parallel edges": [["a", "b:ellipse", "c"], [
    "a>b:reads rows",
    "a>b:writes rows",
    "a>b",
    "b>a",
    "a>c:audits",
    "b>c:streams changes",
  ]],
  "labelled diamond": [["a:diamond", "b", "c:rounded", "d:ellipse"], [
    "a>b:when yes",
    "a>c:when no",
    "b>d:then store",
    "c>d:then retry later",
    "a>d:skip",
  ]],
};

for (const [name, [nodes, edges]] of Object.entries(FIXED)) {
  for (const layout of ["TB", "LR"] as const) {
    Deno.test(`fixed graph "${name}" (${layout}) has no problems`, async () => {
      assert.deepEqual(await problemsOf(spec(layout, nodes, edges)), []);
    });
  }
}

// Parallel arrows run a few px apart, so their labels must share the arrows' length: stacked
// along the direction they fit between two TB layers. (Going right, four labels side by side
// need the layer gap to hold their widths summed; the layout sizes it for the widest one.)
Deno.test("four labelled parallel edges (TB) have no problems", async () => {
  const parallel = spec("TB", ["a", "b:ellipse"], [
    "a>b:reads rows",
    "a>b:writes rows",
    "a>b:locks",
    "b>a:replies",
  ]);
  assert.deepEqual(await problemsOf(parallel), []);
});

// The checks themselves: each must notice the fault it is for.

const SMALL = spec("TB", ["a", "b:ellipse", "c:diamond"], ["a>b:label", "a>c", "c>c"]);

async function brokenFile(
  breakIt: (
    elements: Record<string, unknown>[],
    byNode: (id: string) => Record<string, unknown>,
  ) => void,
): Promise<ExcalidrawFile> {
  const file = structuredClone(await generateDiagram(SMALL, OPTIONS));
  const byNode = (id: string) =>
    file.elements.find((element) =>
      (element.customData as { nodeId?: string } | undefined)?.nodeId === id
    )!;
  breakIt(file.elements, byNode);
  return file;
}

Deno.test("the checks find nothing wrong with an untouched diagram", async () => {
  assert.deepEqual(checkLayoutQuality(SMALL, await brokenFile(() => {})), []);
});

Deno.test("the checks notice overlapping nodes and an edge running against the direction", async () => {
  const file = await brokenFile((_, byNode) => {
    byNode("b").y = byNode("a").y;
    byNode("b").x = byNode("a").x;
  });
  const problems = checkLayoutQuality(SMALL, file).join("\n");
  assert.match(problems, /nodes "a" and "b" overlap|nodes "b" and "a" overlap/);
  assert.match(problems, /edge a → b runs against the direction/);
});

Deno.test("the checks notice a label too wide for its shape", async () => {
  const file = await brokenFile((elements, byNode) => {
    const labelId = (byNode("c").boundElements as { id: string }[])[0].id;
    const label = elements.find(({ id }) => id === labelId)!;
    label.width = (byNode("c").width as number) * 0.9;
  });
  assert.match(
    checkLayoutQuality(SMALL, file).join("\n"),
    /label of "c" .* is outside its text area/,
  );
});

Deno.test("the checks notice an arrow end off the gap, inside a shape, or unbound", async () => {
  const moved = await brokenFile((elements) => {
    const arrow = elements.find(({ type }) => type === "arrow")!;
    (arrow.points as number[][]).at(-1)![1] += 5;
  });
  assert.match(
    checkLayoutQuality(SMALL, moved).join("\n"),
    /arrow a → b .* end is 3 px from node b, its gap is 8/,
  );
  const inside = await brokenFile((elements) => {
    const arrow = elements.find(({ type }) => type === "arrow")!;
    (arrow.points as number[][]).at(-1)![1] += 20;
  });
  assert.match(
    checkLayoutQuality(SMALL, inside).join("\n"),
    /arrow a → b .* end lies inside node b/,
  );
  const unbound = await brokenFile((elements) => {
    elements.filter(({ type }) => type === "arrow")[1].startBinding = null;
  });
  assert.match(checkLayoutQuality(SMALL, unbound).join("\n"), /arrow a → c .* start is not bound/);
});

Deno.test("the checks notice a one-sided binding or text container", async () => {
  const file = await brokenFile((elements, byNode) => {
    byNode("c").boundElements = (byNode("c").boundElements as { type: string }[])
      .filter(({ type }) => type === "text");
    const label = elements.find(({ originalText }) => originalText === "label")!;
    label.containerId = byNode("a").id;
  });
  const problems = checkLayoutQuality(SMALL, file).join("\n");
  assert.match(problems, /node c does not list the arrow/);
  assert.match(problems, /names container .*, which does not list it/);
  assert.match(problems, /lists text .*, which names another container/);
});

Deno.test("the checks notice an edge label on another label or on a node", async () => {
  const onLabel = await brokenFile((elements, byNode) => {
    const label = elements.find(({ originalText }) => originalText === "label")!;
    const nodeLabelId = (byNode("a").boundElements as { id: string }[])[0].id;
    const nodeLabel = elements.find(({ id }) => id === nodeLabelId)!;
    // A second edge label, laid on the first.
    const arrow = elements.filter(({ type }) => type === "arrow")[1];
    label.x = nodeLabel.x;
    label.y = nodeLabel.y;
    arrow.boundElements = [{ id: "second-label", type: "text" }];
    elements.push({ ...label, id: "second-label", originalText: "second", containerId: arrow.id });
  });
  const problems = checkLayoutQuality(SMALL, onLabel).join("\n");
  assert.match(problems, /edge labels "label" and "second" .* overlap/);
  assert.match(problems, /edge label "label" .* overlaps node "a"/);
});

Deno.test("the checks notice an arrow that doubles back on itself", async () => {
  const file = await brokenFile((elements) => {
    const loop = elements.filter(({ type }) => type === "arrow")[2];
    const points = loop.points as number[][];
    points.splice(1, 0, [points[1][0] / 2, 0], [points[1][0] / 4, 0]);
  });
  assert.match(checkLayoutQuality(SMALL, file).join("\n"), /doubles back after segment/);
});
