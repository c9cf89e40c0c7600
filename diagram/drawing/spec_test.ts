import assert from "node:assert/strict";
import { z } from "zod";
import {
  diagramSpecSchema,
  EDGE_HEADS,
  EDGE_LINES,
  PALETTE,
  parseSpec,
  SHAPES,
  SPEC_LIMITS,
} from "./spec.ts";

// deno-lint-ignore no-explicit-any -- tests deliberately build specs that break the types
type Loose = any;

function validSpec(): Loose {
  return {
    layout: "TB",
    nodes: [
      { id: "web", label: "Web app" },
      { id: "api", label: "API", shape: "rounded", color: "blue" },
      { id: "db", label: "Database", shape: "diamond", color: "#1E88e5" },
    ],
    edges: [
      { from: "web", to: "api", label: "HTTPS" },
      { from: "api", to: "db" },
    ],
  };
}

function expectErrors(input: unknown, expected: string[]) {
  const result = parseSpec(input);
  assert.equal(result.ok, false, "expected the spec to be rejected");
  if (!result.ok) assert.deepEqual(result.errors, expected);
}

function expectAccepted(input: unknown) {
  const result = parseSpec(input);
  assert.deepEqual(result.ok ? [] : result.errors, []);
}

function nodes(count: number) {
  return Array.from({ length: count }, (_, i) => ({ id: `n${i}`, label: `Node ${i}` }));
}

Deno.test("a valid spec parses, with omitted shapes defaulted to rectangle", () => {
  const result = parseSpec(validSpec());
  assert.ok(result.ok);
  assert.deepEqual(result.spec, {
    layout: "TB",
    nodes: [
      { id: "web", label: "Web app", shape: "rectangle" },
      { id: "api", label: "API", shape: "rounded", color: "blue" },
      { id: "db", label: "Database", shape: "diamond", color: "#1E88e5" },
    ],
    edges: [
      { from: "web", to: "api", label: "HTTPS" },
      { from: "api", to: "db" },
    ],
  });
});

Deno.test("accepts both layouts, every shape, every palette colour and an empty edge list", () => {
  for (const layout of ["TB", "LR"]) {
    expectAccepted({ ...validSpec(), layout });
  }
  const everyStyle = [
    ...SHAPES.map((shape, i) => ({ id: `s${i}`, label: shape, shape })),
    ...PALETTE.map((color, i) => ({ id: `c${i}`, label: color, color })),
  ];
  expectAccepted({ layout: "LR", nodes: everyStyle, edges: [] });
});

Deno.test("rejects input that is not an object at the path 'spec'", () => {
  expectErrors("hello", [`spec: expected object, got "hello"`]);
  expectErrors(null, ["spec: expected object, got null"]);
  expectErrors([], ["spec: expected object, got an array"]);
  expectErrors(undefined, ["spec: missing (expected object)"]);
});

Deno.test("requires layout, nodes and edges", () => {
  expectErrors({}, [
    `layout: missing (expected one of "TB", "BT", "LR", "RL")`,
    "nodes: missing (expected array)",
    "edges: missing (expected array)",
  ]);
});

Deno.test("rejects a layout other than TB, BT, LR or RL", () => {
  expectErrors({ ...validSpec(), layout: "tb" }, [
    `layout: expected one of "TB", "BT", "LR", "RL", got "tb"`,
  ]);
});

Deno.test("rejects unknown fields, naming the allowed ones", () => {
  const spec = validSpec();
  spec.nodes[0] = { id: "web", lable: "Web app" };
  spec.edges[1].colour = "red";
  spec.title = "Overview";
  expectErrors(spec, [
    "nodes[0].label: missing (expected string)",
    `nodes[0]: unknown field "lable" (allowed: id, label, shape, color, stroke, group)`,
    `edges[1]: unknown field "colour" (allowed: id, from, to, label, line, start, end)`,
    `spec: unknown field "title" (allowed: layout, nodes, edges, groups)`,
  ]);
});

Deno.test("requires at least one node", () => {
  expectErrors({ ...validSpec(), nodes: [], edges: [] }, [
    "nodes: expected at least 1 item, got 0",
  ]);
});

Deno.test("accepts 1000 nodes and rejects 1001", () => {
  assert.equal(SPEC_LIMITS.maxNodes, 1000);
  expectAccepted({ layout: "TB", nodes: nodes(1000), edges: [] });
  expectErrors({ layout: "TB", nodes: nodes(1001), edges: [] }, [
    "nodes: expected at most 1000 items, got 1001",
  ]);
});

Deno.test("accepts 2000 edges and rejects 2001", () => {
  assert.equal(SPEC_LIMITS.maxEdges, 2000);
  const edges = (count: number) => Array.from({ length: count }, () => ({ from: "n0", to: "n1" }));
  expectAccepted({ layout: "TB", nodes: nodes(2), edges: edges(2000) });
  expectErrors({ layout: "TB", nodes: nodes(2), edges: edges(2001) }, [
    "edges: expected at most 2000 items, got 2001",
  ]);
});

Deno.test("node ids must be non-empty strings of at most 100 characters", () => {
  assert.equal(SPEC_LIMITS.maxIdLength, 100);
  const withFirstId = (id: unknown) => {
    const spec = validSpec();
    spec.nodes[0].id = id;
    spec.edges = [];
    return spec;
  };
  expectAccepted(withFirstId("x".repeat(100)));
  expectErrors(withFirstId("x".repeat(101)), [
    "nodes[0].id: expected at most 100 characters, got 101",
  ]);
  expectErrors(withFirstId(""), ["nodes[0].id: expected at least 1 character, got 0"]);
  expectErrors(withFirstId(7), ["nodes[0].id: expected string, got 7"]);
});

Deno.test("rejects a repeated node id, pointing at its first use", () => {
  const spec = validSpec();
  spec.nodes.push({ id: "cache", label: "Cache" }, { id: "api", label: "Second API" });
  expectErrors(spec, [`nodes[4].id: duplicate id "api" (first used at nodes[1].id)`]);
});

Deno.test("node labels must be 1 to 500 characters", () => {
  assert.equal(SPEC_LIMITS.maxLabelLength, 500);
  const withFirstLabel = (label: unknown) => {
    const spec = validSpec();
    spec.nodes[0].label = label;
    return spec;
  };
  expectAccepted(withFirstLabel("x".repeat(500)));
  expectErrors(withFirstLabel("x".repeat(501)), [
    "nodes[0].label: expected at most 500 characters, got 501",
  ]);
  expectErrors(withFirstLabel(""), ["nodes[0].label: expected at least 1 character, got 0"]);
});

Deno.test("rejects an unknown shape, listing the allowed shapes", () => {
  const spec = validSpec();
  spec.nodes[2].shape = "octagon";
  expectErrors(spec, [
    `nodes[2].shape: expected one of ${SHAPES.map((shape) => `"${shape}"`).join(", ")}, ` +
    `got "octagon"`,
  ]);
});

Deno.test("colours may be #rrggbb in either case", () => {
  const spec = validSpec();
  spec.nodes[0].color = "#abcdef";
  spec.nodes[1].color = "#ABCDEF";
  expectAccepted(spec);
});

Deno.test("rejects other colours, listing the palette and the #rrggbb form", () => {
  const allowed = "expected a palette colour (gray, red, pink, grape, violet, blue, cyan, " +
    `teal, green, yellow, orange, bronze) or a hex colour "#rrggbb"`;
  for (
    const [color, shown] of [["purple", `"purple"`], ["#abc", `"#abc"`], ["#12345g", `"#12345g"`], [
      255,
      "255",
    ]]
  ) {
    const spec = validSpec();
    spec.nodes[1].color = color;
    expectErrors(spec, [`nodes[1].color: ${allowed}, got ${shown}`]);
  }
});

Deno.test("rejects an edge that names an unknown node", () => {
  const spec = validSpec();
  spec.nodes = spec.nodes.filter((node: { id: string }) => node.id !== "db");
  spec.edges.push({ from: "web", to: "web" }, { from: "api", to: "db" });
  expectErrors(spec, [`edges[1].to: unknown node "db"`, `edges[3].to: unknown node "db"`]);
});

Deno.test("edge labels are optional but must be 1 to 500 characters when given", () => {
  const spec = validSpec();
  spec.edges[0].label = "";
  spec.edges[1].label = "x".repeat(501);
  expectErrors(spec, [
    "edges[0].label: expected at least 1 character, got 0",
    "edges[1].label: expected at most 500 characters, got 501",
  ]);
});

Deno.test("very long offending values are echoed only in part", () => {
  const spec = validSpec();
  spec.layout = "L".repeat(1000);
  const result = parseSpec(spec);
  assert.ok(!result.ok);
  assert.equal(result.errors.length, 1);
  assert.ok(result.errors[0].endsWith(`…" (1000 characters)`), result.errors[0]);
  assert.ok(result.errors[0].length < 150, result.errors[0]);
});

Deno.test("reports every problem in one go, field problems first, in document order", () => {
  expectErrors({
    layout: "DOWN",
    nodes: [
      { id: "a", label: "" },
      { id: "b", label: "B", shape: "hex" },
      { id: "a", label: "Again" },
    ],
    edges: [{ from: "a", to: "c" }, { from: "b", to: "a", label: 3 }],
  }, [
    `layout: expected one of "TB", "BT", "LR", "RL", got "DOWN"`,
    "nodes[0].label: expected at least 1 character, got 0",
    `nodes[1].shape: expected one of ${SHAPES.map((shape) => `"${shape}"`).join(", ")}, got "hex"`,
    "edges[1].label: expected string, got 3",
    `nodes[2].id: duplicate id "a" (first used at nodes[0].id)`,
    `edges[0].to: unknown node "c"`,
  ]);
});

Deno.test("skips unknown-node checks while any node id is itself invalid", () => {
  const spec = validSpec();
  spec.nodes[2].id = 42;
  expectErrors(spec, ["nodes[2].id: expected string, got 42"]);
});

Deno.test("does not call a malformed edge end an unknown node", () => {
  const spec = validSpec();
  spec.edges[0].from = "";
  spec.edges[1].to = null;
  expectErrors(spec, [
    "edges[0].from: expected at least 1 character, got 0",
    "edges[1].to: expected string, got null",
  ]);
});

Deno.test("the schema itself enforces the cross-references when used directly", () => {
  const spec = validSpec();
  spec.edges[0].to = "nowhere";
  assert.equal(diagramSpecSchema.safeParse(spec).success, false);
  assert.equal(diagramSpecSchema.safeParse(validSpec()).success, true);
});

Deno.test("the schema converts to a strict JSON Schema for use as a tool input", () => {
  const jsonSchema = z.toJSONSchema(diagramSpecSchema, { io: "input" }) as Loose;
  assert.deepEqual(jsonSchema.required, ["layout", "nodes", "edges"]);
  assert.equal(jsonSchema.additionalProperties, false);
  assert.deepEqual(jsonSchema.properties.nodes.items.required, ["id", "label"]);
  assert.deepEqual(jsonSchema.properties.nodes.items.properties.shape.enum, [...SHAPES]);
});

Deno.test("edges are named by their own id or from->to, numbered from the second parallel edge, skipping stated ids", async () => {
  const { edgeIds } = await import("./spec.ts");
  assert.deepEqual(
    edgeIds([
      { from: "a", to: "b" },
      { from: "a", to: "b" },
      { id: "a->b#3", from: "b", to: "c" },
      { from: "a", to: "b" },
      { id: "mine", from: "a", to: "b" },
    ]),
    ["a->b", "a->b#2", "a->b#3", "a->b#4", "mine"],
  );
});

Deno.test("two edges stating the same id are refused with both paths", () => {
  const spec = validSpec();
  spec.edges[0].id = "link";
  spec.edges[1].id = "link";
  expectErrors(spec, ['edges[1].id: duplicate edge id "link" (also the id of edges[0])']);
});

Deno.test("control characters in ids and labels are refused, naming the field; line breaks in labels are not", () => {
  const spec = validSpec();
  spec.nodes[0].label = "Web\u0000app";
  spec.nodes[1].id = "a\u0007pi";
  spec.edges = [];
  expectErrors(spec, [
    "nodes[0].label: must not contain control characters such as NUL",
    "nodes[1].id: must not contain control characters such as NUL",
  ]);
  expectAccepted({ ...validSpec(), nodes: [{ id: "x", label: "two\nlines\ttabbed" }], edges: [] });
});

Deno.test("edges may state a line style and heads; a spec without them parses as before, adding none", () => {
  const result = parseSpec(validSpec());
  assert.ok(result.ok);
  for (const edge of result.spec.edges) {
    assert.deepEqual([edge.line, edge.start, edge.end], [undefined, undefined, undefined]);
  }
  const styled = validSpec();
  styled.edges = EDGE_LINES.flatMap((line) =>
    EDGE_HEADS.map((head) => ({ from: "web", to: "api", line, start: head, end: head }))
  );
  expectAccepted(styled);
});

Deno.test("an unknown line style or head is refused, naming the edge's field and the choices", () => {
  const spec = validSpec();
  spec.edges[0].line = "wavy";
  spec.edges[1].start = "dot";
  spec.edges[1].end = null;
  expectErrors(spec, [
    'edges[0].line: expected one of "solid", "dashed", "dotted", "thick", got "wavy"',
    'edges[1].start: expected one of "none", "arrow", "circle", "cross", got "dot"',
    'edges[1].end: expected one of "none", "arrow", "circle", "cross", got null',
  ]);
});

Deno.test("the tool schema lists the line styles and heads, each with a description for agents", () => {
  const jsonSchema = z.toJSONSchema(diagramSpecSchema, { io: "input" }) as Loose;
  const edge = jsonSchema.properties.edges.items;
  assert.deepEqual(edge.required, ["from", "to"]);
  assert.deepEqual(edge.properties.line.enum, [...EDGE_LINES]);
  assert.deepEqual(edge.properties.start.enum, [...EDGE_HEADS]);
  assert.deepEqual(edge.properties.end.enum, [...EDGE_HEADS]);
  assert.match(edge.properties.line.description, /"solid" \(the default\)/);
  assert.match(edge.properties.start.description, /"cross" \(drawn as a bar/);
  assert.match(edge.properties.end.description, /"arrow" \(the default\)/);
});

Deno.test("groups hold nodes and other groups, each with its own direction", () => {
  const result = parseSpec({
    layout: "RL",
    groups: [
      { id: "cloud", label: "Cloud" },
      { id: "svc", label: "Services", parent: "cloud", direction: "BT" },
    ],
    nodes: [{ id: "a", label: "A", group: "svc", stroke: "#123456" }, { id: "b", label: "B" }],
    edges: [{ from: "a", to: "b" }],
  });
  assert.ok(result.ok, JSON.stringify(result));
  assert.deepEqual(result.spec.groups?.map(({ id, parent }) => [id, parent]), [
    ["cloud", undefined],
    ["svc", "cloud"],
  ]);
  assert.equal(result.spec.nodes[0].group, "svc");
});

Deno.test("group ids are unique, not a node's, and every reference names a group", () => {
  expectErrors({
    layout: "TB",
    groups: [
      { id: "g", label: "G" },
      { id: "g", label: "Again" },
      { id: "a", label: "Same as a node" },
      { id: "h", parent: "nowhere" },
    ],
    nodes: [{ id: "a", label: "A", group: "missing" }],
    edges: [],
  }, [
    `groups[1].id: duplicate group id "g"`,
    `groups[2].id: "a" is already a node's id; a group needs its own`,
    `groups[3].parent: unknown group "nowhere"`,
    `nodes[0].group: unknown group "missing"`,
  ]);
});

Deno.test("groups whose parents loop, or nest too deep, are refused", () => {
  expectErrors({
    layout: "TB",
    groups: [{ id: "x", parent: "y" }, { id: "y", parent: "x" }],
    nodes: [{ id: "a", label: "A" }],
    edges: [],
  }, [
    `groups[0].parent: the groups' parents form a loop`,
    `groups[1].parent: the groups' parents form a loop`,
  ]);
  const depth = SPEC_LIMITS.maxGroupDepth + 1;
  const chain = Array.from({ length: depth }, (_, level) => ({
    id: `g${level}`,
    ...(level === 0 ? {} : { parent: `g${level - 1}` }),
  }));
  expectErrors({ layout: "TB", groups: chain, nodes: [{ id: "a", label: "A" }], edges: [] }, [
    `groups[${depth - 1}].parent: groups nest ${depth} deep; at most ` +
    `${SPEC_LIMITS.maxGroupDepth} are drawn`,
  ]);
});
