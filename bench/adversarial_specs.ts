// The specs the layout benchmark throws at the diagram service: the worst shapes of graph we
// could construct within the documented limits (long cycles with chords, dense and complete
// bipartite graphs, long chains, many parallel edges and self-loops, a labelled star), the same
// trimmed to just inside the layout budget, and ordinary seeded random specs.
import type { DiagramSpec, SpecEdge, SpecNode } from "../diagram/drawing/spec.ts";
import { layoutBudgetProblems } from "../diagram/drawing/layout/layout_budget.ts";
import { randomDag } from "../tests/helpers/layout_quality.ts";
import { seededRandom } from "../tests/helpers/seeded_random.ts";

function nodes(count: number): SpecNode[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `n${i}`,
    label: `Node ${i}`,
    shape: "rectangle" as const,
  }));
}

function edge(from: number, to: number, label?: string): SpecEdge {
  return { from: `n${from}`, to: `n${to}`, ...(label === undefined ? {} : { label }) };
}

function ring(nodeCount: number, chords: number): DiagramSpec {
  const random = seededRandom(nodeCount + chords);
  const pick = () => Math.floor(random() * nodeCount);
  const edges = Array.from({ length: nodeCount }, (_, i) => edge(i, (i + 1) % nodeCount));
  for (let i = 0; i < chords; i++) edges.push(edge(pick(), pick()));
  return { layout: "TB", nodes: nodes(nodeCount), edges };
}

function dense(nodeCount: number, edgeCount: number): DiagramSpec {
  const random = seededRandom(nodeCount * edgeCount);
  const pick = () => Math.floor(random() * nodeCount);
  return {
    layout: "TB",
    nodes: nodes(nodeCount),
    edges: Array.from({ length: edgeCount }, () => edge(pick(), pick())),
  };
}

/** The spec with as many of `extra`'s edges as the budget lets through. */
function atBudgetLimit(base: DiagramSpec, extra: SpecEdge[]): DiagramSpec {
  let [low, high] = [0, extra.length];
  const withExtra = (count: number) => ({
    ...base,
    edges: [...base.edges, ...extra.slice(0, count)],
  });
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (layoutBudgetProblems(withExtra(middle)).length === 0) low = middle;
    else high = middle - 1;
  }
  return withExtra(low);
}

/**
 * The spec with its nodes spread in order over `count` groups; nested, the second half of the
 * groups sit inside the first half.
 */
function grouped(spec: DiagramSpec, count: number, nested: boolean): DiagramSpec {
  const half = count / 2;
  return {
    ...spec,
    groups: Array.from({ length: count }, (_, i) => ({
      id: `g${i}`,
      ...(nested && i >= half ? { parent: `g${i - half}` } : {}),
    })),
    nodes: spec.nodes.map((node, i) => ({
      ...node,
      group: `g${Math.floor((i * count) / spec.nodes.length)}`,
    })),
  };
}

/** By name: the adversarial specs within the documented limits, then ordinary ones. */
export const CASES: Record<string, () => DiagramSpec> = {
  "ring 1000 + 1000 chords": () => ring(1000, 1000),
  "ring 1000 + chords up to the budget": () => {
    const full = ring(1000, 1000);
    return atBudgetLimit({ ...full, edges: full.edges.slice(0, 1000) }, full.edges.slice(1000));
  },
  "90 nodes, 2000 random edges": () => dense(90, 2000),
  "90 nodes, random edges up to the budget": () => {
    const full = dense(90, 2000);
    return atBudgetLimit({ ...full, edges: [] }, full.edges);
  },
  "complete bipartite 45 x 44": () => {
    const edges: SpecEdge[] = [];
    for (let a = 0; a < 45; a++) for (let b = 45; b < 89; b++) edges.push(edge(a, b));
    return { layout: "TB", nodes: nodes(89), edges };
  },
  "chain of 1000": () => ({
    layout: "TB",
    nodes: nodes(1000),
    edges: Array.from({ length: 999 }, (_, i) => edge(i, i + 1)),
  }),
  "2000 parallel edges, labelled": () => ({
    layout: "TB",
    nodes: nodes(2),
    edges: Array.from({ length: 2000 }, (_, i) => edge(0, 1, `e${i}`)),
  }),
  "2000 parallel edges": () => ({
    layout: "LR",
    nodes: nodes(2),
    edges: Array.from({ length: 2000 }, () => edge(0, 1)),
  }),
  "100 parallel edges, labelled (the limit)": () => ({
    layout: "TB",
    nodes: nodes(2),
    edges: Array.from({ length: 100 }, (_, i) => edge(0, 1, `e${i}`)),
  }),
  "1000 self-loops on 10 nodes, labelled (the limit)": () => ({
    layout: "TB",
    nodes: nodes(10),
    edges: Array.from({ length: 1000 }, (_, i) => edge(i % 10, i % 10, `loop ${i}`)),
  }),
  "2000 self-loops on 10 nodes": () => ({
    layout: "TB",
    nodes: nodes(10),
    edges: Array.from({ length: 2000 }, (_, i) => edge(i % 10, i % 10)),
  }),
  "star of 1000, labelled": () => ({
    layout: "TB",
    nodes: nodes(1000),
    edges: Array.from({ length: 999 }, (_, i) => edge(0, i + 1, "x")),
  }),
  "random 100 (seed 1)": () => randomDag(100, 1),
  "random 300 (seed 1)": () => randomDag(300, 1),
  "random 1000 (seed 1)": () => randomDag(1000, 1),
  "random 1000 (seed 1) in 100 groups": () => grouped(randomDag(1000, 1), 100, false),
  "ring 1000 + chords up to the budget in 200 nested groups": () =>
    grouped(CASES["ring 1000 + chords up to the budget"](), 200, true),
  "random 1000 (seed 2)": () => randomDag(1000, 2),
};
