// Mermaid flowchart text → spec: every form a chart can take is read as Mermaid draws it, what
// is not drawn is noted, and what cannot be drawn is an error that says where and why.
import assert from "node:assert/strict";
import { SPEC_LIMITS, type SpecEdge } from "../spec.ts";
import { MERMAID_LIMITS, type MermaidResult, mermaidToSpec } from "./from_mermaid.ts";
import { MERMAID_SHAPES } from "./mermaid_shapes.ts";

function read(text: string) {
  const result = mermaidToSpec(text);
  if (!result.ok) throw new Error(`expected the chart to be read:\n${result.errors.join("\n")}`);
  return result;
}

function errors(text: string): string[] {
  const result = mermaidToSpec(text);
  assert.equal(result.ok, false, `expected errors, got ${JSON.stringify(result)}`);
  return (result as Extract<MermaidResult, { ok: false }>).errors;
}

function labelOf(text: string, id = "a"): string {
  return read(text).spec.nodes.find((node) => node.id === id)!.label;
}

function edgesOf(text: string): SpecEdge[] {
  return read(text).spec.edges;
}

// ── Chart types and directions ───────────────────────────────────────────────────────────────

Deno.test("flowchart and graph charts give their direction as the layout, TB when none is given", () => {
  for (const keyword of ["flowchart", "graph"]) {
    for (
      const [written, layout] of [
        ["TB", "TB"],
        ["TD", "TB"],
        ["BT", "BT"],
        ["LR", "LR"],
        ["RL", "RL"],
        ["", "TB"],
      ]
    ) {
      const { spec } = read(`${keyword} ${written}\n  a --> b`);
      assert.equal(spec.layout, layout, `${keyword} ${written}`);
    }
  }
});

Deno.test("a chart of another type is refused naming its type as written", () => {
  for (
    const type of [
      "sequenceDiagram",
      "classDiagram",
      "stateDiagram-v2",
      "erDiagram",
      "gantt",
      "pie",
      "mindmap",
      "journey",
      "gitGraph",
    ]
  ) {
    const found = errors(`%% a comment first\n${type}\n  something`);
    assert.equal(found.length, 1);
    assert.match(found[0], new RegExp(`^"${type}" charts are not supported`));
    assert.match(found[0], /only flowcharts \("flowchart" or "graph"\)/);
  }
  const afterFrontMatter = errors("---\ntitle: Talk\n---\nsequenceDiagram\n  a->>b: hi");
  assert.match(afterFrontMatter[0], /^"sequenceDiagram" charts are not supported/);
});

Deno.test("empty text, text without a chart type and an upper-case type are refused saying so", () => {
  for (const text of ["", "   \n\t\n", "%% only a comment", "---\ntitle: x\n---\n"]) {
    assert.match(errors(text)[0], /^the chart is empty/, JSON.stringify(text));
  }
  assert.match(
    errors("hello world\n a --> b")[0],
    /expected "flowchart" or "graph".*found "hello"/,
  );
  assert.match(
    errors("FLOWCHART LR\n a --> b")[0],
    /"FLOWCHART": chart types are written in lower case/,
  );
});

Deno.test("a chart with no nodes is refused", () => {
  assert.deepEqual(errors("flowchart LR"), ["the chart has no nodes"]);
  assert.deepEqual(errors("flowchart LR\n  %% nothing yet\n  classDef a fill:#fff"), [
    "the chart has no nodes",
  ]);
});

// ── Syntax errors ────────────────────────────────────────────────────────────────────────────

Deno.test("a syntax error names its line and column and what was expected, in plain words", () => {
  const [missingEnd] = errors("flowchart TB\n  a --> ");
  assert.equal(
    missingEnd,
    "line 2, column 8: expected a node id, found the end of the chart\n    a --> \n         ^",
  );

  const [wrongBracket] = errors("flowchart TB\n  a{Decide] --> b");
  assert.match(wrongBracket, /^line 2, column 11: expected "}" or text, found "]"\n/);
  assert.match(wrongBracket, /\n {4}a\{Decide\] --> b\n {12}\^$/);

  const [unclosed] = errors("flowchart TB\n  a --> b\n  subgraph one\n    c");
  assert.match(unclosed, /^line 4, column 6: expected "end", found the end of the chart/);

  const [lexical] = errors("flowchart XY\n  a --> b");
  assert.match(lexical, /^line 1, column 10: this text is not part of Mermaid's flowchart syntax/);
});

Deno.test("a label left open is reported where its bracket opened, not lines later where the parser gave up", () => {
  const [brace] = errors("flowchart TD\n  A{Decide\n  A --> B\n");
  assert.equal(
    brace,
    'line 2, column 4: "{" is not closed: expected "}" before the end of the chart\n' +
      "    A{Decide\n     ^",
  );
  const [laterBracket] = errors("flowchart TD\n  A[Start\n  B[Stop]\n  A --> B");
  assert.match(
    laterBracket,
    /^line 2, column 4: "\[" is not closed: expected "\]" before "\[" on line 3, column 4\n/,
  );
  const [cylinder] = errors("flowchart LR\n  a --> db[(Orders\n  db --> b");
  assert.match(
    cylinder,
    /^line 2, column 11: "\[\(" is not closed: expected "\)\]" before the end/,
  );
  const [linkText] = errors("flowchart LR\n  a -->|calls\n  b");
  assert.match(linkText, /^line 2, column 8: "\|" is not closed: expected "\|" before the end/);
  // Closed earlier in the chart: the label that is open is the later one.
  const [second] = errors("flowchart LR\n  a{One} --> b{Two\n  b --> c");
  assert.match(second, /^line 2, column 15: "\{" is not closed/);
});

Deno.test("a syntax error on a very long line shows the part of the line around the column", () => {
  const [error] = errors(`flowchart TB\n  a --> b${" ".repeat(1000)}]`);
  const [, shown, caret] = error.split("\n");
  assert.ok(shown.length < 100, shown);
  assert.ok(shown.trimEnd().endsWith("]"), shown);
  assert.equal(caret.indexOf("^"), shown.indexOf("]"));
});

Deno.test("text longer than the limit is refused before it is parsed", () => {
  const text = `flowchart TB\n  a["${"x".repeat(MERMAID_LIMITS.maxLength)}"]`;
  assert.deepEqual(errors(text), [
    `the chart is ${text.length} characters long; at most ${MERMAID_LIMITS.maxLength} are read`,
  ]);
});

Deno.test("shape data that is not YAML is refused saying so", () => {
  const found = errors("flowchart TB\n  a@{ label: [[[ }");
  assert.equal(found.length, 1);
  assert.match(found[0], /^Metadata of "a" is not valid YAML\. YAML: /);
});

Deno.test("a linkStyle past the last link says how many links there are", () => {
  assert.deepEqual(errors("flowchart TB\n  a --> b --> c\n  linkStyle 2 stroke:#f00"), [
    "linkStyle 2 names no link: the chart has 2 (numbered from 0, in the order they are written)",
  ]);
});

// ── Nodes and shapes ─────────────────────────────────────────────────────────────────────────

Deno.test("every bracket form is read as its shape", () => {
  const forms: [string, string][] = [
    ["a[text]", "rectangle"],
    ["a(text)", "rounded"],
    ["a([text])", "stadium"],
    ["a[[text]]", "subroutine"],
    ["a[(text)]", "cylinder"],
    ["a((text))", "circle"],
    ["a{text}", "diamond"],
    ["a{{text}}", "hexagon"],
    ["a>text]", "flag"],
    ["a[/text/]", "parallelogram"],
    ["a[\\text\\]", "parallelogram-alt"],
    ["a[/text\\]", "trapezoid"],
    ["a[\\text/]", "trapezoid-alt"],
    ["a(((text)))", "circle"],
    ["a(-text-)", "ellipse"],
    ["a", "rectangle"],
  ];
  for (const [form, shape] of forms) {
    const { spec } = read(`flowchart TB\n  ${form}`);
    assert.equal(spec.nodes[0].shape, shape, form);
    assert.equal(spec.nodes[0].label, form === "a" ? "a" : "text", form);
  }
  assert.deepEqual(read("flowchart TB\n  a(((x)))").notes, [
    'shape "doublecircle" is drawn as a circle ("a")',
  ]);
});

Deno.test("every @{ shape } name and alias of the spec's shapes is read as that shape, without notes", () => {
  for (const { shape, names } of MERMAID_SHAPES) {
    for (const name of names) {
      const { spec, notes } = read(`flowchart TB\n  a@{ shape: ${name}, label: "Text" }`);
      assert.equal(spec.nodes[0].shape, shape, name);
      assert.equal(spec.nodes[0].label, "Text");
      assert.deepEqual(notes, [], name);
    }
  }
  const aliases = [
    ["proc", "rectangle"],
    ["event", "rounded"],
    ["terminal", "stadium"],
    ["fr-rect", "subroutine"],
    ["database", "cylinder"],
    ["circ", "circle"],
    ["question", "diamond"],
    ["prepare", "hexagon"],
    ["in-out", "parallelogram"],
    ["out-in", "parallelogram-alt"],
    ["priority", "trapezoid"],
    ["manual", "trapezoid-alt"],
    ["odd", "flag"],
  ];
  for (const [name, shape] of aliases) {
    assert.equal(read(`flowchart TB\n  a@{ shape: ${name} }`).spec.nodes[0].shape, shape, name);
  }
});

Deno.test("Mermaid shapes the spec lacks are drawn as the closest, with one note per shape", () => {
  const { spec, notes } = read(
    [
      "flowchart TB",
      "  a@{ shape: doc, label: Report }",
      "  b@{ shape: doc }",
      "  c@{ shape: cloud }",
      "  d@{ shape: dbl-circ }",
      "  e@{ shape: sm-circ }",
      "  f@{ shape: lin-cyl }",
      "  g@{ shape: flag }",
    ].join("\n"),
  );
  assert.deepEqual(
    spec.nodes.map(({ id, shape }) => [id, shape]),
    [
      ["a", "rectangle"],
      ["b", "rectangle"],
      ["c", "ellipse"],
      ["d", "circle"],
      ["e", "circle"],
      ["f", "cylinder"],
      ["g", "rectangle"],
    ],
  );
  assert.deepEqual(notes, [
    'shape "doc" is drawn as a rectangle ("a", "b")',
    'shape "cloud" is drawn as an ellipse ("c")',
    'shape "dbl-circ" is drawn as a circle ("d")',
    'shape "sm-circ" is drawn as a circle ("e")',
    'shape "lin-cyl" is drawn as a cylinder ("f")',
    'shape "flag" is drawn as a rectangle ("g")',
  ]);
});

Deno.test("an unknown @{ shape } name is an error naming it", () => {
  assert.deepEqual(errors("flowchart TB\n  a@{ shape: blob }"), [
    'unknown shape "blob" in @{ shape: … }',
  ]);
});

// ── Labels ───────────────────────────────────────────────────────────────────────────────────

Deno.test("plain and quoted labels are read as written; a node without text is labelled by its id", () => {
  assert.equal(labelOf("flowchart TB\n  a[Plain text]"), "Plain text");
  assert.equal(
    labelOf('flowchart TB\n  a["Quoted: (round) [square] {curly} | pipe ; semi"]'),
    "Quoted: (round) [square] {curly} | pipe ; semi",
  );
  assert.equal(labelOf("flowchart TB\n  a --> b", "b"), "b");
  assert.equal(labelOf('flowchart TB\n  a[" "]'), " ");
});

Deno.test("unicode and emoji labels are kept: CJK, right-to-left, accents", () => {
  for (
    const text of [
      "日本語のラベル",
      "שלום עולם",
      "مرحبا بالعالم",
      "Crème brûlée à l'œuf",
      "🚀 Deploy 🎉",
    ]
  ) {
    assert.equal(labelOf(`flowchart TB\n  a["${text}"]`), text);
  }
});

Deno.test("Mermaid's entity codes and HTML entities are decoded", () => {
  assert.equal(labelOf('flowchart TB\n  a["say #quot;hi#quot;"]'), 'say "hi"');
  assert.equal(labelOf('flowchart TB\n  a["#35;1 and #9829;"]'), "#1 and ♥");
  assert.equal(labelOf('flowchart TB\n  a["#amp;lt;b#amp;gt;"]'), "&lt;b&gt;");
  assert.equal(
    labelOf('flowchart TB\n  a["&amp; &lt; &gt; &quot; &#39; &#65; &#x42; R&D"]'),
    "& < > \" ' A B R&D",
  );
  assert.equal(labelOf('flowchart TB\n  a["#nosuchentity; #0;"]'), "#nosuchentity; \ufffd");
});

Deno.test("<br> in any spelling is a line break and other HTML tags are dropped", () => {
  assert.equal(
    labelOf('flowchart TB\n  a["one<br>two<br/>three<BR />four"]'),
    "one\ntwo\nthree\nfour",
  );
  assert.equal(
    labelOf('flowchart TB\n  a["<b>bold</b> and <i class=x>italic</i>"]'),
    "bold and italic",
  );
  assert.equal(labelOf('flowchart TB\n  a["a < b and c<d"]'), "a < b and c<d");
  assert.equal(labelOf('flowchart TB\n  a["unclosed <b tag"]'), "unclosed <b tag");
  assert.equal(labelOf('flowchart TB\n  a["#lt;b#gt; is text"]'), "<b> is text");
});

Deno.test("markdown labels keep their text without the emphasis markers, noted once", () => {
  const { spec, notes } = read(
    [
      "flowchart TB",
      '  a["`**Bold** and *italic* and __also__ _this_`"]',
      '  b["`snake_case_name and 2 * 3 * 4`"]',
      '  c["`line one',
      '  line two`"]',
    ].join("\n"),
  );
  assert.deepEqual(spec.nodes.map(({ label }) => label), [
    "Bold and italic and also this",
    "snake_case_name and 2 * 3 * 4",
    "line one\nline two",
  ]);
  assert.deepEqual(notes, ["markdown emphasis (bold, italic) is not drawn; the text is kept"]);
});

// ── Edges ────────────────────────────────────────────────────────────────────────────────────

Deno.test("every Mermaid link is read as its line and heads", () => {
  const links: [string, Omit<SpecEdge, "from" | "to">][] = [
    ["-->", {}],
    ["---", { end: "none" }],
    ["-.->", { line: "dotted" }],
    ["-.-", { line: "dotted", end: "none" }],
    ["==>", { line: "thick" }],
    ["===", { line: "thick", end: "none" }],
    ["--o", { end: "circle" }],
    ["--x", { end: "cross" }],
    ["-.-o", { line: "dotted", end: "circle" }],
    ["==x", { line: "thick", end: "cross" }],
    ["<-->", { start: "arrow" }],
    ["o--o", { start: "circle", end: "circle" }],
    ["x--x", { start: "cross", end: "cross" }],
    ["<-.->", { line: "dotted", start: "arrow" }],
    ["x==x", { line: "thick", start: "cross", end: "cross" }],
  ];
  for (const [arrow, expected] of links) {
    assert.deepEqual(
      edgesOf(`flowchart LR\n  a ${arrow} b`),
      [{ from: "a", to: "b", ...expected }],
      arrow,
    );
  }
});

Deno.test("link labels are read from |label| and from -- label -->", () => {
  assert.deepEqual(
    edgesOf(
      [
        "flowchart LR",
        "  a -->|plain| b",
        '  a -->|"quoted | pipe"| b',
        "  a -- inline --> b",
        "  a -. dotted .-> b",
        "  a == thick ==> b",
        "  a <-- both --> b",
      ].join("\n"),
    ),
    [
      { from: "a", to: "b", label: "plain" },
      { from: "a", to: "b", label: "quoted | pipe" },
      { from: "a", to: "b", label: "inline" },
      { from: "a", to: "b", label: "dotted", line: "dotted" },
      { from: "a", to: "b", label: "thick", line: "thick" },
      { from: "a", to: "b", label: "both", start: "arrow" },
    ],
  );
});

Deno.test("chains and & give one edge per pair, in order", () => {
  assert.deepEqual(
    edgesOf("flowchart LR\n  a --> b --> c\n  a & b --> c & d").map(({ from, to }) =>
      `${from}${to}`
    ),
    ["ab", "bc", "ac", "ad", "bc", "bd"],
  );
});

Deno.test("a link's own id becomes the edge id; other links derive theirs", () => {
  assert.deepEqual(edgesOf("flowchart LR\n  a e1@--> b\n  a --> b\n  b e2@<--> a"), [
    { id: "e1", from: "a", to: "b" },
    { from: "a", to: "b" },
    { id: "e2", from: "b", to: "a", start: "arrow" },
  ]);
});

Deno.test("invisible links are not drawn and longer links are drawn at the usual length, noted", () => {
  const { spec, notes } = read("flowchart LR\n  a ~~~ b\n  b ----> c\n  c ~~~ a");
  assert.deepEqual(spec.edges, [{ from: "b", to: "c" }]);
  assert.deepEqual(notes, [
    "ignored: 2 invisible links (~~~), which only steer Mermaid's own layout",
    "ignored: longer links (---->): the layout spaces the ranks itself",
  ]);
});

Deno.test("a linkStyle stroke-dasharray draws the link dashed; its other properties are noted", () => {
  const { spec, notes } = read(
    [
      "flowchart LR",
      "  a --> b",
      "  b -.-> c",
      "  c --> d",
      "  linkStyle 0,1 stroke-dasharray: 5 5, stroke:#f00",
      "  linkStyle 2 stroke-width:4px",
    ].join("\n"),
  );
  assert.deepEqual(spec.edges.map(({ line }) => line ?? "solid"), ["dashed", "dashed", "solid"]);
  assert.deepEqual(notes, [
    "ignored: linkStyle stroke, stroke-width (links are drawn in one colour and width; " +
    "stroke-dasharray draws a dashed line)",
  ]);
  const all = read("flowchart LR\n  a --> b --> c\n  linkStyle default stroke-dasharray:3");
  assert.deepEqual(all.spec.edges.map(({ line }) => line), ["dashed", "dashed"]);
});

Deno.test("a start head comment gives a link the head Mermaid cannot draw; one that matches no link is noted", () => {
  const { spec, notes } = read(
    [
      "flowchart LR",
      "  a --o b",
      "  %% edge 0 a --o b: start arrow (not drawn by Mermaid)",
      "  a --> b",
      "  %% edge 1 b --> a: start circle (not drawn by Mermaid)",
      "  %% edge 7 a --> b: start cross (not drawn by Mermaid)",
    ].join("\n"),
  );
  assert.deepEqual(spec.edges, [
    { from: "a", to: "b", start: "arrow", end: "circle" },
    { from: "a", to: "b" },
  ]);
  assert.equal(notes.length, 2);
  assert.match(notes[0], /^ignored: the comment "%% edge 1 b --> a: start circle.*matches no link/);
  assert.match(notes[1], /^ignored: the comment "%% edge 7/);
});

Deno.test("a link to a subgraph is drawn to its first node that nothing in it leads to, a link from one from its last that leads nowhere in it, and a note says so", () => {
  const { spec, notes } = read(
    [
      "flowchart LR",
      "  subgraph build [Build]",
      "    compile --> test",
      "  end",
      "  subgraph deploy [Deploy]",
      "    subgraph stages",
      "      staging --> prod",
      "    end",
      "  end",
      "  build --> deploy",
      "  client --> build",
      "  prod -.->|rollback| build",
    ].join("\n"),
  );
  assert.deepEqual(spec.edges.map(({ from, to }) => `${from}>${to}`), [
    "compile>test",
    "staging>prod",
    "test>staging",
    "client>compile",
    "prod>compile",
  ]);
  assert.deepEqual(notes, [
    "links to a subgraph are drawn to its first node, links from one from its last: " +
    "build --> deploy as test --> staging, client --> build as client --> compile, " +
    "prod --> build as prod --> compile",
  ]);
});

Deno.test("a link to a subgraph that holds no node is refused naming it", () => {
  assert.deepEqual(
    errors("flowchart LR\n  subgraph empty [Nothing yet]\n  end\n  client --> empty"),
    [
      'the link client --> empty ends at subgraph "empty", which holds no node to draw it to: ' +
      "put a node in the subgraph or link a node",
    ],
  );
});

// ── Subgraphs ────────────────────────────────────────────────────────────────────────────────

Deno.test("nested subgraphs are groups with their parents, titles and directions; nodes join the innermost", () => {
  const { spec } = read(
    [
      "flowchart LR",
      "  subgraph cloud [Cloud]",
      "    direction TB",
      "    lb[Load balancer]",
      "    subgraph apps",
      "      direction LR",
      "      web --> api",
      "      subgraph data [Data tier]",
      "        direction BT",
      "        db[(DB)]",
      "      end",
      "    end",
      "  end",
      '  subgraph "Outside world"',
      "    user",
      "  end",
      "  user --> lb --> web",
      "  api --> db",
    ].join("\n"),
  );
  assert.deepEqual(spec.groups, [
    { id: "cloud", label: "Cloud", direction: "TB" },
    { id: "apps", parent: "cloud", direction: "LR" },
    { id: "data", label: "Data tier", parent: "apps", direction: "BT" },
    { id: "subGraph3", label: "Outside world" },
  ]);
  assert.deepEqual(
    spec.nodes.map(({ id, group }) => [id, group]),
    [["lb", "cloud"], ["web", "apps"], ["api", "apps"], ["db", "data"], ["user", "subGraph3"]],
  );
});

Deno.test("a subgraph whose id is also a node's is refused", () => {
  assert.deepEqual(
    errors("flowchart LR\n  api[API server] --> db\n  subgraph api\n    db\n  end"),
    ['"api" is both a node and a subgraph: give the subgraph an id of its own'],
  );
  assert.deepEqual(errors("flowchart LR\n  api[API server]\n  subgraph api\n    db\n  end"), [
    '"api" is both a node and a subgraph: give the subgraph an id of its own',
  ]);
});

Deno.test("a subgraph named by style is still a subgraph, and its style is noted", () => {
  const { spec, notes } = read(
    "flowchart LR\n  subgraph box\n    a\n  end\n  style box fill:#ffc9c9",
  );
  assert.deepEqual(spec.nodes.map(({ id }) => id), ["a"]);
  assert.deepEqual(notes, ["ignored: styles on subgraphs (subgraphs are drawn in one style)"]);
});

Deno.test("subgraphs nested deeper than the spec allows are refused naming the subgraph", () => {
  const depth = SPEC_LIMITS.maxGroupDepth + 1;
  const lines = ["flowchart TB"];
  for (let i = 0; i < depth; i++) lines.push(`subgraph s${i}`);
  lines.push("x");
  for (let i = 0; i < depth; i++) lines.push("end");
  const found = errors(lines.join("\n"));
  assert.deepEqual(found, [
    `subgraph "s${depth - 1}" parent: groups nest ${depth} deep; at most ` +
    `${SPEC_LIMITS.maxGroupDepth} are drawn`,
  ]);
});

// ── Styles ───────────────────────────────────────────────────────────────────────────────────

Deno.test("fill and stroke come from classDef, class, ::: and style, later ones winning as in Mermaid", () => {
  const { spec } = read(
    [
      "flowchart LR",
      "  classDef base fill:#112233,stroke:#445566",
      "  classDef warm fill:#FFAA00",
      "  a:::base --> b:::warm",
      "  c & d & e",
      "  class c base",
      "  class c warm",
      "  class d warm",
      "  class d base",
      "  e:::warm",
      "  style e fill:#abc",
    ].join("\n"),
  );
  assert.deepEqual(spec.nodes.map(({ id, color, stroke }) => ({ id, color, stroke })), [
    { id: "a", color: "#112233", stroke: "#445566" },
    { id: "b", color: "#ffaa00", stroke: undefined },
    { id: "c", color: "#ffaa00", stroke: "#445566" },
    { id: "d", color: "#112233", stroke: "#445566" },
    { id: "e", color: "#aabbcc", stroke: undefined },
  ]);
});

Deno.test("classDef default paints every node first; a node's own classes and styles override it", () => {
  const { spec } = read(
    [
      "flowchart LR",
      "  classDef default fill:#eeeeee,stroke:#333333",
      "  classDef hot fill:#ff0000",
      "  a --> b:::hot",
    ].join("\n"),
  );
  assert.deepEqual(spec.nodes.map(({ color, stroke }) => [color, stroke]), [
    ["#eeeeee", "#333333"],
    ["#ff0000", "#333333"],
  ]);
});

Deno.test("colours are read as #rgb, #rrggbb, CSS names and rgb(), palette fills by name", () => {
  const colourOf = (css: string) => read(`flowchart LR\n  a\n  style a ${css}`).spec.nodes[0];
  assert.equal(colourOf("fill:#ABC").color, "#aabbcc");
  assert.equal(colourOf("fill:#A5D8FF").color, "blue");
  assert.equal(colourOf("fill:red").color, "red");
  assert.equal(colourOf("fill:purple").color, "grape");
  assert.equal(colourOf("fill:brown").color, "bronze");
  assert.equal(colourOf("fill:grey").color, "gray");
  assert.equal(colourOf("fill:white").color, "#ffffff");
  assert.equal(colourOf("fill:LightBlue").color, "#add8e6");
  assert.equal(colourOf("fill:rgb(255, 128, 0)").color, "#ff8000");
  assert.equal(colourOf("fill:none").color, undefined);
  // A stroke the fill picks anyway is left out; one that is a palette's outline is its name.
  assert.deepEqual(colourOf("fill:#a5d8ff,stroke:#1971c2"), {
    id: "a",
    label: "a",
    shape: "rectangle",
    color: "blue",
  });
  assert.equal(colourOf("fill:#a5d8ff,stroke:#e03131").stroke, "red");
  assert.equal(colourOf("stroke:#1e1e1e").stroke, undefined);
  assert.equal(colourOf("stroke:#123").stroke, "#112233");
});

Deno.test("style properties other than fill and stroke, and colours not read, are noted once each", () => {
  const { spec, notes } = read(
    [
      "flowchart LR",
      "  classDef big font-size:20px,stroke-width:4px,color:#fff",
      "  a:::big --> b:::big",
      "  style a fill:hotpink",
      "  style b fill:#ff000080",
    ].join("\n"),
  );
  assert.deepEqual(spec.nodes.map(({ color }) => color), [undefined, "#ff0000"]);
  assert.deepEqual(notes, [
    'ignored: fill "hotpink" (colours are read as #rrggbb, #rgb, rgb(…) or a CSS colour name)',
    "ignored: transparency in colours (colours are drawn opaque)",
    "ignored: style font-size (only fill and stroke colours are drawn)",
    "ignored: style stroke-width (only fill and stroke colours are drawn)",
    "ignored: style color (only fill and stroke colours are drawn)",
  ]);
});

// ── Directives ───────────────────────────────────────────────────────────────────────────────

Deno.test("comments are skipped and other directives are ignored with one note each", () => {
  const { spec, notes } = read(
    [
      "---",
      "title: Checkout",
      "config:",
      "  theme: forest",
      "---",
      '%%{init: {"flowchart": {"curve": "linear"}}}%%',
      "flowchart LR",
      "  %% a comment, with a --> b in it",
      "  accTitle: Checkout flow",
      "  accDescr: How an order is paid",
      "  a --> b",
      '  click a "https://example.com" "Open"',
      "  click b call handler()",
      "  linkStyle default interpolate basis",
      "  a e1@--> c",
      "  e1@{ animate: true }",
      '  d@{ icon: "fa:user", label: "User" }',
    ].join("\n"),
  );
  assert.deepEqual(spec.nodes.map(({ id }) => id), ["a", "b", "c", "d"]);
  assert.deepEqual(
    new Set(notes),
    new Set([
      "ignored: click (links and callbacks on nodes are not drawn)",
      "ignored: icons and images on nodes (their labels are drawn)",
      "ignored: link curves (links are drawn with right angles)",
      "ignored: link animation",
      "ignored: title (the chart's title is not drawn)",
      "ignored: accTitle (accessibility title)",
      "ignored: accDescr (accessibility description)",
      "ignored: front matter settings other than the title (config, …)",
      "ignored: %%{ … }%% directives (Mermaid's settings)",
    ]),
  );
  assert.equal(notes.length, 9);
});

// ── Limits ───────────────────────────────────────────────────────────────────────────────────

Deno.test("a chart over the spec's node or edge limit gets the spec's message", () => {
  const nodes = Array.from({ length: SPEC_LIMITS.maxNodes + 1 }, (_, i) => `  n${i}`);
  assert.deepEqual(errors(`flowchart TB\n${nodes.join("\n")}`), [
    `the chart's nodes: expected at most ${SPEC_LIMITS.maxNodes} items, got ${
      SPEC_LIMITS.maxNodes + 1
    }`,
  ]);
  const edges = Array.from(
    { length: SPEC_LIMITS.maxEdges + 1 },
    (_, i) => `  n${i % 50} --> n${i % 37}`,
  );
  assert.deepEqual(errors(`flowchart TB\n${edges.join("\n")}`), [
    `the chart's edges: expected at most ${SPEC_LIMITS.maxEdges} items, got ${
      SPEC_LIMITS.maxEdges + 1
    }`,
  ]);
  const cross = Array.from({ length: 100 }, (_, i) => `a${i}`).join(" & ");
  assert.match(
    errors(`flowchart TB\n  ${cross} --> ${cross.replaceAll("a", "b")}`)[0],
    /^the chart has more than 4000 links; at most 2000 are drawn$/,
  );
});

Deno.test("the spec's errors name the chart's node or edge", () => {
  const long = "x".repeat(SPEC_LIMITS.maxLabelLength + 1);
  const tooLong = `expected at most ${SPEC_LIMITS.maxLabelLength} characters, got ${long.length}`;
  assert.deepEqual(errors(`flowchart TB\n  db["${long}"] -->|"${long}"| api`), [
    `node "db" label: ${tooLong}`,
    `edge db --> api label: ${tooLong}`,
  ]);
});

// ── Hostile input ────────────────────────────────────────────────────────────────────────────

Deno.test("hostile charts at the length limit are answered well within a second", () => {
  const size = MERMAID_LIMITS.maxLength - 100;
  const nested = Array.from({ length: 500 }, (_, i) => `subgraph s${i}`).join("\n");
  const inputs: [string, string][] = [
    ["[ repeated", `flowchart TB\n${"[".repeat(size)}`],
    ["((( repeated", `flowchart TB\na${"(((".repeat(size / 3)}`],
    ["--> repeated", `flowchart TB\na${"-->".repeat(size / 3)}`],
    ["a long label", `flowchart TB\na["${"x ".repeat(size / 2)}"]`],
    ["an unclosed label", `flowchart TB\na["${"<".repeat(size)}`],
    ["tags in a label", `flowchart TB\na["${"<b>".repeat(size / 3)}"]`],
    ["entity codes", `flowchart TB\na["${"#9829;".repeat(size / 6)}"]`],
    ["markdown stars", `flowchart TB\na["\`${"*a".repeat(size / 2)}\`"]`],
    ["subgraphs 500 deep", `flowchart TB\n${nested}\nx\n${"end\n".repeat(500)}`],
    ["unclosed subgraphs", `flowchart TB\n${nested}\nx\n`],
    ["comment lines", `flowchart TB\na\n${"%% c\n".repeat(size / 5)}`],
    ["rgb in styles", `flowchart TB\na\nstyle a ${"rgb".repeat(size / 3)})`],
    [
      "start head comments",
      `flowchart TB\na --> b\n${"%% edge 0 a --> b: start arrow\n".repeat(size / 32)}`,
    ],
  ];
  for (const [name, text] of inputs) {
    const started = performance.now();
    mermaidToSpec(text);
    const took = performance.now() - started;
    assert.ok(took < 1000, `${name} took ${took.toFixed(0)} ms`);
  }
});
