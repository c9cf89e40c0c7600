// Spec → Mermaid text → spec: the chart a spec is written as is read back as the same spec (ids
// Mermaid cannot spell renamed), every shape, line, head, label, colour and group included, and
// the text reads as a person would write it.
import assert from "node:assert/strict";
import {
  type DiagramSpec,
  EDGE_DEFAULTS,
  EDGE_HEADS,
  EDGE_LINES,
  parseSpec,
  SHAPES,
  type SpecEdge,
} from "../spec.ts";
import { everyEdgeStyle } from "../../../tests/helpers/scene_fixture.ts";
import { mermaidToSpec } from "./from_mermaid.ts";
import { specToMermaid } from "./to_mermaid.ts";

function spec(input: unknown): DiagramSpec {
  const parsed = parseSpec(input);
  if (!parsed.ok) throw new Error(parsed.errors.join("\n"));
  return parsed.spec;
}

/** The spec as read back would state it: edge fields at their defaults left out. */
function withoutEdgeDefaults(value: DiagramSpec): DiagramSpec {
  return {
    ...value,
    edges: value.edges.map((edge) => {
      const copy: SpecEdge = { ...edge };
      for (const field of ["line", "start", "end"] as const) {
        if (copy[field] === EDGE_DEFAULTS[field]) delete copy[field];
      }
      return copy;
    }),
  };
}

/** The spec read back from its chart, which must read without notes. */
function readBack(value: DiagramSpec): { text: string; spec: DiagramSpec } {
  const text = specToMermaid(value);
  const result = mermaidToSpec(text);
  if (!result.ok) throw new Error(`${text}\n${result.errors.join("\n")}`);
  assert.deepEqual(result.notes, [], text);
  return { text, spec: result.spec };
}

function assertRoundTrip(input: unknown): string {
  const value = spec(input);
  const { text, spec: back } = readBack(value);
  assert.deepEqual(back, withoutEdgeDefaults(value), text);
  return text;
}

Deno.test("every shape comes back", () => {
  assertRoundTrip({
    layout: "TB",
    nodes: SHAPES.map((shape, index) => ({ id: `n${index}`, label: shape, shape })),
    edges: [],
  });
});

Deno.test("every layout comes back", () => {
  for (const layout of ["TB", "BT", "LR", "RL"]) {
    assertRoundTrip({ layout, nodes: [{ id: "a", label: "A" }], edges: [] });
  }
});

Deno.test("every line with every start and end head comes back, labelled or not, with or without an id", () => {
  const combinations = EDGE_LINES.flatMap((line) =>
    EDGE_HEADS.flatMap((start) =>
      EDGE_HEADS.map((end) => ({ from: "a", to: "b", line, start, end }))
    )
  );
  assertRoundTrip({
    layout: "LR",
    nodes: [{ id: "a", label: "A" }, { id: "b", label: "B" }],
    edges: [
      ...everyEdgeStyle("a", "b"),
      ...combinations,
      ...combinations.map((edge, index) => ({ ...edge, label: `link ${index}` })),
      ...combinations.map((edge, index) => ({ ...edge, id: `e${index}`, label: "x" })),
      ...combinations.map((edge, index) => ({ ...edge, from: "b", to: "b", id: `loop${index}` })),
    ],
  });
});

Deno.test("what Mermaid cannot draw is written as its nearest, with a linkStyle or a comment for the rest", () => {
  const text = specToMermaid(spec({
    layout: "LR",
    nodes: [{ id: "a", label: "A" }, { id: "b", label: "B" }],
    edges: [
      { from: "a", to: "b", line: "dashed" },
      { from: "a", to: "b", start: "circle", end: "arrow" },
      { from: "a", to: "b", start: "arrow", end: "none" },
      { from: "a", to: "b", start: "cross", end: "cross", line: "thick" },
      { from: "a", to: "b", line: "dashed", start: "circle", end: "circle" },
    ],
  }));
  assert.deepEqual(text.split("\n").slice(3), [
    "  a --> b",
    "  a --> b",
    "  %% edge 1 a --> b: start circle (not drawn by Mermaid)",
    "  a --- b",
    "  %% edge 2 a --- b: start arrow (not drawn by Mermaid)",
    "  a x==x b",
    "  a o--o b",
    "  linkStyle 0,4 stroke-dasharray:6 4",
    "",
  ]);
});

Deno.test("groups nested three deep with directions come back, empty ones too", () => {
  assertRoundTrip({
    layout: "TB",
    nodes: [
      { id: "lb", label: "Load balancer", group: "cloud" },
      { id: "web", label: "Web", group: "apps" },
      { id: "api", label: "API", group: "apps" },
      { id: "db", label: "DB", shape: "cylinder", group: "data" },
      { id: "user", label: "User" },
    ],
    edges: [{ from: "user", to: "lb" }, { from: "lb", to: "web" }, { from: "api", to: "db" }],
    groups: [
      { id: "cloud", label: "Cloud ☁️", direction: "LR" },
      { id: "apps", parent: "cloud", direction: "TB" },
      { id: "data", label: "Data [tier]", parent: "apps", direction: "BT" },
      { id: "spare", label: "Nothing here yet", parent: "cloud" },
      { id: "side", direction: "RL" },
    ],
  });
});

Deno.test("labels with quotes, entities, #, |, brackets, tags, line breaks, unicode and emoji come back", () => {
  const labels = [
    'say "hi"',
    "#1 #quot; #35; ##;",
    "a | b || c",
    "[square] (round) {curly} ((double)) >flag] [/slash/] [\\back\\]",
    "<b>not bold</b> <br> a < b > c",
    "&amp; &lt; &#39; R&D & co",
    "line one\nline two\n\nafter a blank line",
    "windows\r\nline",
    "  padded both sides  ",
    "\tTab first",
    "\nstarts with a break",
    " ",
    "`code` and `more`",
    "**not bold** _not italic_",
    "日本語 中文 한국어",
    "שלום עולם — مرحبا",
    "Crème brûlée, naïve, Ångström",
    "🚀 launch 👩‍👩‍👧 family 🇫🇷",
    "%% not a comment",
    "end",
    "a --> b ==> c -.-> d",
    "x:::y; z",
    "ﬂ°quot¶ß and ﬂ°°35¶ß",
    "@{ shape: rect }",
    "a\u2028b\u2029c",
    "nbsp\u00a0inside",
  ];
  assertRoundTrip({
    layout: "LR",
    nodes: labels.map((label, index) => ({ id: `n${index}`, label })),
    edges: labels.map((label, index) => ({ from: `n${index}`, to: "n0", label })),
    groups: labels.map((label, index) => ({ id: `g${index}`, label })),
  });
});

Deno.test("colours come back: palette names, hex fills, own outlines and outlines alone", () => {
  const text = assertRoundTrip({
    layout: "TB",
    nodes: [
      { id: "a", label: "A", color: "blue" },
      { id: "b", label: "B", color: "blue" },
      { id: "c", label: "C", color: "#123456" },
      { id: "d", label: "D", color: "green", stroke: "red" },
      { id: "e", label: "E", color: "#fafafa", stroke: "#0a0b0c" },
      { id: "f", label: "F", stroke: "#e0e0e0" },
      { id: "g", label: "G", stroke: "violet" },
      { id: "h", label: "H" },
    ],
    edges: [],
  });
  assert.match(text, /\n {2}classDef blue fill:#a5d8ff,stroke:#1971c2\n {2}class a,b blue\n/);
  assert.match(text, /\n {2}classDef green_stroke_red fill:#b2f2bb,stroke:#e03131\n/);
  assert.match(text, /\n {2}classDef stroke_e0e0e0 stroke:#e0e0e0\n {2}class f stroke_e0e0e0\n/);
});

Deno.test("ids Mermaid cannot spell are renamed once, the same way every time, and nothing else changes", () => {
  const ids = [
    "end",
    "graph",
    "subgraph",
    "style",
    "class",
    "classDef",
    "click",
    "linkStyle",
    "direction",
    "default",
    "end-point",
    "my node",
    "my_node",
    "my-node",
    "a--b",
    "-edge-",
    "o",
    "x",
    "oops",
    "xray",
    "日本",
    "a.b",
    "a->b",
    "100%",
    "End",
  ];
  const input = spec({
    layout: "TB",
    nodes: ids.map((id) => ({ id, label: `label of ${id}` })),
    edges: ids.map((id, index) => ({ from: ids[(index + 1) % ids.length], to: id })),
    groups: [{ id: "my group" }, { id: "end group", parent: "my group", label: "Inner" }],
  });
  input.nodes[0].group = "my group";
  input.nodes[1].group = "end group";
  const text = specToMermaid(input);
  assert.equal(specToMermaid(input), text);
  const back = mermaidToSpec(text);
  assert.ok(back.ok, text);

  const renamed = new Map(input.nodes.map((node, index) => [node.id, back.spec.nodes[index].id]));
  for (const group of input.groups!) {
    renamed.set(
      group.id,
      back.spec.groups!.find((g) => g.label === (group.label ?? group.id))!.id,
    );
  }
  // Safe ids are kept; the others get distinct safe ones.
  for (const kept of ["my_node", "my-node", "o", "x", "oops", "xray", "End"]) {
    assert.equal(renamed.get(kept), kept);
  }
  assert.equal(new Set(renamed.values()).size, renamed.size);
  // Word characters in runs joined by single hyphens.
  for (const id of renamed.values()) {
    assert.ok(id.split("-").every((part) => /^[A-Za-z0-9_]+$/.test(part)), id);
  }

  const rename = (id: string) => renamed.get(id)!;
  assert.deepEqual(back.spec, {
    ...input,
    nodes: input.nodes.map((node) => ({
      ...node,
      id: rename(node.id),
      ...(node.group === undefined ? {} : { group: rename(node.group) }),
    })),
    edges: input.edges.map((edge) => ({ ...edge, from: rename(edge.from), to: rename(edge.to) })),
    // A renamed group without a label keeps its title: the id it had.
    groups: [
      { id: rename("my group"), label: "my group" },
      { id: rename("end group"), label: "Inner", parent: rename("my group") },
    ],
  });
});

Deno.test("an edge states its id only where it differs from the one the spec derives", () => {
  const input = spec({
    layout: "LR",
    nodes: [{ id: "a", label: "A" }, { id: "b", label: "B" }],
    edges: [
      { from: "a", to: "b" },
      { from: "a", to: "b", id: "second" },
      { from: "a", to: "b", id: "a->b#3" },
      { from: "b", to: "a", id: "needs renaming!" },
    ],
  });
  const text = specToMermaid(input);
  assert.deepEqual(text.split("\n").slice(3, 7), [
    "  a --> b",
    "  a second@--> b",
    "  a --> b",
    "  b needs_renaming_@--> a",
  ]);
  const back = mermaidToSpec(text);
  assert.ok(back.ok);
  assert.deepEqual(back.spec.edges.map(({ id }) => id), [
    undefined,
    "second",
    undefined,
    "needs_renaming_",
  ]);
});

Deno.test("the chart reads as a person would write it", () => {
  const text = specToMermaid(spec({
    layout: "LR",
    nodes: [
      { id: "user", label: "User", shape: "circle" },
      { id: "api", label: "API", group: "backend", color: "blue" },
      { id: "db", label: "Orders DB", shape: "cylinder", group: "backend", color: "blue" },
    ],
    edges: [
      { from: "user", to: "api", label: "HTTPS" },
      { from: "api", to: "db", line: "dotted", label: 'reads "orders"' },
    ],
    groups: [{ id: "backend", label: "Back end", direction: "TB" }],
  }));
  assert.equal(
    text,
    [
      "flowchart LR",
      '  user(("User"))',
      '  api["API"]',
      '  db[("Orders DB")]',
      '  subgraph backend ["Back end"]',
      "    direction TB",
      "    api",
      "    db",
      "  end",
      '  user -->|"HTTPS"| api',
      '  api -.->|"reads #quot;orders#quot;"| db',
      "  classDef blue fill:#a5d8ff,stroke:#1971c2",
      "  class api,db blue",
      "",
    ].join("\n"),
  );
});

Deno.test("random specs with hostile labels and ids come back", () => {
  // A small seeded generator, so a failure can be replayed.
  let seed = 20595003;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const pieces = [
    "a",
    "Z",
    "0",
    " ",
    "\n",
    "\t",
    '"',
    "'",
    "#",
    ";",
    "&",
    "<",
    ">",
    "|",
    "[",
    "]",
    "(",
    ")",
    "{",
    "}",
    "/",
    "\\",
    "`",
    "*",
    "_",
    "%%",
    ":::",
    "-->",
    "==",
    "~~~",
    "@{",
    "end",
    "ﬂ°",
    "¶ß",
    "é",
    "日",
    "🎉",
    "\u200d",
    "#quot;",
    "&amp;",
    "<br>",
    "#35;",
  ];
  const label = () => {
    let text = "";
    const length = 1 + Math.floor(random() * 12);
    for (let i = 0; i < length; i++) text += pick(pieces);
    return text.length > 500 ? text.slice(0, 500) : text;
  };
  for (let round = 0; round < 60; round++) {
    const count = 2 + Math.floor(random() * 6);
    const nodes = Array.from({ length: count }, (_, index) => ({
      id: `n${index}`,
      label: label(),
      shape: pick(SHAPES),
      ...(random() < 0.3 ? { color: pick(["red", "#0f0f0f", "teal"]) } : {}),
    }));
    const edges = Array.from({ length: count }, () => ({
      from: pick(nodes).id,
      to: pick(nodes).id,
      line: pick(EDGE_LINES),
      start: pick(EDGE_HEADS),
      end: pick(EDGE_HEADS),
      ...(random() < 0.5 ? { label: label() } : {}),
    }));
    assertRoundTrip({ layout: pick(["TB", "LR"]), nodes, edges });
  }
});
