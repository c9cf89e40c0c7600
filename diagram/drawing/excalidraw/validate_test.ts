import assert from "node:assert/strict";
import { SCENE_LIMITS, validateScene } from "./validate.ts";
import { ELEMENT_DEFAULTS } from "../../../tests/helpers/scene_fixture.ts";

type Element = Record<string, unknown>;
type FileLiteral = Record<string, unknown> & { elements: Element[] };

const common = { ...ELEMENT_DEFAULTS, roughness: 0, seed: 1234, versionNonce: 5678 };

/** A rectangle labelled "Start" and an arrow from it to an ellipse: every relation, minimally. */
function labelledFlow(): FileLiteral {
  return {
    type: "excalidraw",
    version: 2,
    source: "https://excalidraw.com",
    elements: [
      {
        ...common,
        id: "r1",
        type: "rectangle",
        x: 0,
        y: 0,
        width: 160,
        height: 80,
        roundness: { type: 3 },
        index: "a0",
        boundElements: [{ id: "t1", type: "text" }, { id: "a1", type: "arrow" }],
      },
      {
        ...common,
        id: "t1",
        type: "text",
        x: 55,
        y: 27.5,
        width: 50,
        height: 25,
        roundness: null,
        index: "a1",
        boundElements: null,
        text: "Start",
        originalText: "Start",
        fontSize: 20,
        fontFamily: 5,
        textAlign: "center",
        verticalAlign: "middle",
        containerId: "r1",
        lineHeight: 1.25,
        autoResize: true,
      },
      {
        ...common,
        id: "e1",
        type: "ellipse",
        x: 300,
        y: 0,
        width: 120,
        height: 80,
        roundness: null,
        index: "a2",
        boundElements: [{ id: "a1", type: "arrow" }],
      },
      {
        ...common,
        id: "a1",
        type: "arrow",
        x: 168,
        y: 40,
        width: 124,
        height: 0,
        roundness: { type: 2 },
        index: "a3",
        boundElements: null,
        points: [[0, 0], [124, 0]],
        lastCommittedPoint: null,
        startBinding: { elementId: "r1", focus: 0, gap: 8, fixedPoint: [1, 0.5], mode: "orbit" },
        endBinding: { elementId: "e1", focus: 0, gap: 8 },
        startArrowhead: null,
        endArrowhead: "arrow",
      },
    ],
    appState: { viewBackgroundColor: "#ffffff", gridSize: 20 },
    files: {},
  };
}

function elementOf(file: { elements: Element[] }, id: string): Element {
  const found = file.elements.find((element) => element.id === id);
  assert.ok(found, `the fixture has no element ${id}`);
  return found;
}

/** A free-standing element of any type, with what that type needs to be valid. */
function standalone(id: string, type: string, index: string | null, extra: Element = {}): Element {
  const linear = type === "line" || type === "arrow";
  return {
    ...common,
    id,
    type,
    x: 0,
    y: 500,
    width: 100,
    height: 100,
    roundness: null,
    index,
    boundElements: null,
    ...(linear ? { points: [[0, 0], [100, 100]], startBinding: null, endBinding: null } : {}),
    ...(type === "freedraw"
      ? { points: [[0, 0], [3, 4]], pressures: [], simulatePressure: true }
      : {}),
    ...(type === "text"
      ? { text: "note", fontSize: 16, fontFamily: 5, containerId: null, lineHeight: 1.25 }
      : {}),
    ...extra,
  };
}

function problemsOf(input: unknown, byteLength?: number): string[] {
  const result = validateScene(input, byteLength);
  if (result.ok) assert.fail("expected the file to be rejected");
  return result.problems;
}

function assertAccepted(input: unknown): void {
  const result = validateScene(input);
  assert.deepEqual(result.ok ? [] : result.problems, []);
}

Deno.test("a labelled rectangle with an arrow bound at both ends passes unchanged", () => {
  const input = labelledFlow();
  const result = validateScene(input, 4096);
  if (!result.ok) assert.fail(result.problems.join("\n"));
  assert.deepEqual(result.file, labelledFlow());
  assert.equal(result.file.elements, input.elements);
});

Deno.test("a missing appState or files becomes {} and version 1 is stored as 2", () => {
  const input = labelledFlow();
  delete input.appState;
  delete input.files;
  delete input.source;
  input.version = 1;
  const result = validateScene(input);
  if (!result.ok) assert.fail(result.problems.join("\n"));
  assert.deepEqual(result.file.appState, {});
  assert.deepEqual(result.file.files, {});
  assert.equal(result.file.version, 2);
  assert.equal(result.file.source, "");
  assert.deepEqual(result.file.elements, labelledFlow().elements);
});

Deno.test("unknown keys on the file and on elements are kept", () => {
  const input = labelledFlow();
  input.futureEnvelopeKey = { kept: true };
  elementOf(input, "r1").customData = { nodeId: "start" };
  elementOf(input, "a1").fixedSegments = null;
  elementOf(input, "e1").somethingNew = [1, 2, 3];
  const result = validateScene(input);
  if (!result.ok) assert.fail(result.problems.join("\n"));
  assert.deepEqual(result.file, input);
  assert.deepEqual(elementOf(result.file, "r1").customData, { nodeId: "start" });
});

Deno.test("every 0.18 element type but iframe is accepted", () => {
  const input = labelledFlow();
  input.elements.push(
    standalone("d1", "diamond", "a4"),
    standalone("l1", "line", "a5"),
    standalone("fd1", "freedraw", "a6"),
    standalone("img1", "image", "a7", { fileId: "file1", status: "saved", scale: [1, 1] }),
    standalone("fr1", "frame", "a8", { name: "Frame 1" }),
    standalone("mf1", "magicframe", "a9", { name: null }),
    standalone("emb1", "embeddable", "aA", { link: "https://www.youtube.com/watch?v=abc" }),
    standalone("emb2", "embeddable", "aB", { link: null }),
    standalone("n1", "text", "aC"),
    standalone("elbow1", "arrow", "aD", { elbowed: true, fixedSegments: null }),
  );
  input.files = {
    file1: {
      id: "file1",
      mimeType: "image/png",
      dataURL: "data:image/png;base64,AAAA",
      created: 1,
    },
  };
  assertAccepted(input);
});

Deno.test("an iframe element is refused, deleted or not: the editor would show its HTML as a page", () => {
  const html = '<form action="https://evil.example">Session expired, sign in<input type=password>';
  for (const isDeleted of [false, true]) {
    const input = labelledFlow();
    input.elements.push(
      standalone("ifr1", "iframe", "aB", {
        isDeleted,
        customData: { generationData: { status: "done", html } },
      }),
    );
    const problems = problemsOf(input);
    assert.equal(problems.length, 1);
    assert.match(problems[0], /^elements\[\d+\] \(id "ifr1"\): type "iframe" is not accepted/);
  }
});

Deno.test("an embeddable keeps only a link on a site the editor embeds", () => {
  for (const link of ["https://evil.example/login", "javascript:alert(1)", "//youtube.com/x", 7]) {
    const input = labelledFlow();
    input.elements.push(standalone("emb1", "embeddable", "aA", { link }));
    const problems = problemsOf(input);
    assert.equal(problems.length, 1, String(link));
    assert.match(problems[0], /\(id "emb1"\): link of an embeddable must be empty or an http\(s\)/);
  }
});

Deno.test("any element's link that is not a web address is refused, naming the element and the link", () => {
  for (const link of ["javascript:alert(1)", " DATA:text/html,x", "vbscript:x", 7]) {
    const input = labelledFlow();
    input.elements[0] = { ...input.elements[0], link };
    const problems = problemsOf(input);
    assert.equal(problems.length, 1, String(link));
    assert.match(problems[0], /^elements\[0\] \(id "r1"\): link must be empty or a web address/);
    assert.ok(problems[0].endsWith(`got ${JSON.stringify(link)}`), problems[0]);
  }
  const linked = labelledFlow();
  linked.elements[0] = { ...linked.elements[0], link: "https://example.com/spec" };
  linked.elements[1] = { ...linked.elements[1], link: "/d/abc" };
  assertAccepted(linked);
});

Deno.test("inputs that are not objects are rejected with one problem", () => {
  assert.deepEqual(problemsOf(null), ["the file must be a JSON object, got null"]);
  assert.deepEqual(problemsOf([]), ["the file must be a JSON object, got []"]);
  assert.deepEqual(problemsOf("x"), ['the file must be a JSON object, got "x"']);
  assert.deepEqual(problemsOf(3), ["the file must be a JSON object, got 3"]);
});

Deno.test("the envelope needs type, version 1 or 2, an elements array, an appState object", () => {
  const input = { type: "excalidrawlib", version: 3, source: 7, elements: {}, appState: [] };
  assert.deepEqual(problemsOf(input), [
    'type must be "excalidraw", got "excalidrawlib"',
    "version must be 1 or 2, got 3",
    "source must be a string, got 7",
    "elements must be an array, got an object",
    "appState must be an object, got []",
  ]);
  assert.deepEqual(problemsOf({ type: "excalidraw", version: 1.5 }), [
    "version must be 1 or 2, got 1.5",
    "elements must be an array, got nothing",
  ]);
});

Deno.test("files must map ids to objects with an id, a mimeType and, when the bytes are inline, a data: URL", () => {
  const input = labelledFlow();
  input.files = {
    ok: { id: "ok", mimeType: "image/png", dataURL: "data:image/png;base64,AAAA" },
    uploaded: { id: "uploaded", mimeType: "image/png", created: 1 },
    text: "x",
    remote: { id: 3, mimeType: "image/png", dataURL: "https://example.com/a.png" },
    nullUrl: { id: "nullUrl", mimeType: "image/png", dataURL: null },
  };
  assert.deepEqual(problemsOf(input), [
    'files["text"] must be an object, got "x"',
    'files["remote"].id must be a string, got 3',
    'files["remote"].dataURL must be a data: URL, got "https://example.com/a.png"',
    'files["nullUrl"].dataURL must be a data: URL, got null',
  ]);
  input.files = null;
  assert.deepEqual(problemsOf(input), ["files must be an object, got null"]);
});

Deno.test("a file over the byte limit is refused before anything else is read", () => {
  const over = SCENE_LIMITS.maxFileBytes + 1;
  assert.deepEqual(problemsOf(null, over), [
    "the file is 10485761 bytes; at most 10485760 bytes are accepted",
  ]);
  assert.equal(validateScene(labelledFlow(), SCENE_LIMITS.maxFileBytes).ok, true);
});

Deno.test("more than 20,000 elements are refused without walking them", () => {
  const tooMany = { ...labelledFlow(), elements: new Array(20_001).fill(null) };
  assert.deepEqual(problemsOf(tooMany), [
    "elements holds 20001 elements; at most 20000 are accepted",
  ]);
  // At the limit the same broken elements are walked, proving the early stop above.
  const atLimit = { ...labelledFlow(), elements: new Array(20_000).fill(null) };
  assert.equal(problemsOf(atLimit).at(-1), "… and 19901 more problems");
});

Deno.test("more than 100 problems are cut to 99 and a line counting the rest", () => {
  const input = labelledFlow();
  input.elements = Array.from(
    { length: 150 },
    (_, i) => standalone(`s${i}`, "rectangle", null, { x: "left" }),
  );
  const problems = problemsOf(input);
  assert.equal(problems.length, 100);
  assert.equal(problems[0], 'elements[0] (id "s0"): x must be a finite number, got "left"');
  assert.equal(problems[98], 'elements[98] (id "s98"): x must be a finite number, got "left"');
  assert.equal(problems[99], "… and 51 more problems");

  input.elements = input.elements.slice(0, 100);
  const exactlyHundred = problemsOf(input);
  assert.equal(exactlyHundred.length, 100);
  assert.equal(
    exactlyHundred[99],
    'elements[99] (id "s99"): x must be a finite number, got "left"',
  );
});

Deno.test("an element that is not an object is named by its position", () => {
  const input = labelledFlow();
  input.elements.push(null as unknown as Element, [] as unknown as Element);
  assert.deepEqual(problemsOf(input), [
    "elements[4] must be an object, got null",
    "elements[5] must be an object, got []",
  ]);
});

Deno.test("an element needs a non-empty string id", () => {
  const input = labelledFlow();
  input.elements.push(standalone("", "rectangle", "a4"), standalone("x", "rectangle", "a5"));
  input.elements[5].id = 7;
  assert.deepEqual(problemsOf(input), [
    'elements[4]: id must be a non-empty string, got ""',
    "elements[5]: id must be a non-empty string, got 7",
  ]);
});

Deno.test("an element needs a known type", () => {
  const input = labelledFlow();
  input.elements.push(standalone("s1", "selection", "a4"), standalone("s2", "triangle", "a5"));
  delete input.elements[5].type;
  assert.deepEqual(problemsOf(input), [
    'elements[4] (id "s1"): type must be a known element type, got "selection"',
    'elements[5] (id "s2"): type must be a known element type, got nothing',
  ]);
});

Deno.test("geometry and style numbers must be finite and in range", () => {
  const input = labelledFlow();
  const rectangle = elementOf(input, "r1");
  rectangle.x = "10";
  rectangle.width = JSON.parse("1e999");
  delete rectangle.angle;
  rectangle.opacity = 101;
  rectangle.seed = null;
  rectangle.versionNonce = NaN;
  elementOf(input, "t1").fontSize = 0;
  assert.deepEqual(problemsOf(input), [
    'elements[0] (id "r1"): x must be a finite number, got "10"',
    'elements[0] (id "r1"): width must be a finite number, got Infinity',
    'elements[0] (id "r1"): angle must be a finite number, got nothing',
    'elements[0] (id "r1"): opacity must be a number from 0 to 100, got 101',
    'elements[0] (id "r1"): seed must be a finite number, got null',
    'elements[0] (id "r1"): versionNonce must be a finite number, got NaN',
    'elements[1] (id "t1"): fontSize must be a number greater than 0, got 0',
  ]);
});

Deno.test("isDeleted, groupIds and boundElements must have their documented shapes", () => {
  const input = labelledFlow();
  elementOf(input, "r1").isDeleted = "no";
  elementOf(input, "r1").groupIds = ["g1", 2];
  elementOf(input, "e1").boundElements = [
    { id: "a1", type: "arrow" },
    "a1",
    { id: 5, type: "arrow" },
    { id: "a1", type: "frame" },
  ];
  input.elements.push(standalone("s1", "rectangle", "a4", { boundElements: {} }));
  assert.deepEqual(problemsOf(input), [
    'elements[0] (id "r1"): isDeleted must be true or false, got "no"',
    'elements[0] (id "r1"): groupIds[1] must be a string, got 2',
    'elements[2] (id "e1"): boundElements[1] must be an object, got "a1"',
    'elements[2] (id "e1"): boundElements[2].id must be a string, got 5',
    'elements[2] (id "e1"): boundElements[3].type must be "arrow" or "text", got "frame"',
    'elements[4] (id "s1"): boundElements must be an array or null, got an object',
  ]);
});

Deno.test("ids are unique across all elements, deleted ones included", () => {
  const input = labelledFlow();
  input.elements.push(standalone("r1", "rectangle", "a4", { isDeleted: true }));
  assert.deepEqual(problemsOf(input), [
    'elements[4] (id "r1"): id "r1" is already used by elements[0]',
  ]);
});

Deno.test("a legacy file without any index is accepted", () => {
  const input = labelledFlow();
  for (const element of input.elements) delete element.index;
  elementOf(input, "r1").index = null;
  assertAccepted(input);
});

Deno.test("indices compare as plain strings, so digits < upper case < lower case", () => {
  const input = labelledFlow();
  ["a9", "aA", "aZ", "aa"].forEach((index, i) => input.elements[i].index = index);
  assertAccepted(input);
});

Deno.test("once one element has an index, every element needs one", () => {
  const input = labelledFlow();
  elementOf(input, "t1").index = null;
  delete elementOf(input, "e1").index;
  elementOf(input, "a1").index = 2;
  assert.deepEqual(problemsOf(input), [
    'elements[3] (id "a1"): index must be a string or null, got 2',
    'elements[1] (id "t1"): index is null while other elements have one',
    'elements[2] (id "e1"): index is missing while other elements have one',
  ]);
});

Deno.test("indices must strictly increase in array order", () => {
  const input = labelledFlow();
  elementOf(input, "e1").index = "a0V";
  elementOf(input, "a1").index = "a0V";
  assert.deepEqual(problemsOf(input), [
    'elements[2] (id "e1"): index "a0V" must be greater than "a1" of elements[1]',
    'elements[3] (id "a1"): index "a0V" must be greater than "a0V" of elements[2]',
  ]);
});

Deno.test("lines and arrows need at least two finite points starting at [0, 0]", () => {
  const cases: [unknown, string][] = [
    [[[0, 0]], "points must hold at least 2 point(s), got 1"],
    [[[5, 0], [100, 0]], "points[0] must be [0, 0], got [5, 0]"],
    [
      [[0, 0], [JSON.parse("1e999"), 3]],
      "points[1] must be a pair of finite numbers, got [Infinity, 3]",
    ],
    [[[0, 0], [1, 2, 3]], "points[1] must be a pair of finite numbers, got [1, 2, 3]"],
    [undefined, "points must be an array, got nothing"],
  ];
  for (const [points, problem] of cases) {
    const input = labelledFlow();
    elementOf(input, "a1").points = points;
    input.elements.push(standalone("l1", "line", "a4", { points }));
    assert.deepEqual(problemsOf(input), [
      `elements[3] (id "a1"): ${problem}`,
      `elements[4] (id "l1"): ${problem}`,
    ]);
  }
});

Deno.test("freedraw needs at least one point and need not start at the origin", () => {
  const input = labelledFlow();
  input.elements.push(standalone("fd1", "freedraw", "a4", { points: [[3, 4]] }));
  assertAccepted(input);
  elementOf(input, "fd1").points = [];
  assert.deepEqual(problemsOf(input), [
    'elements[4] (id "fd1"): points must hold at least 1 point(s), got 0',
  ]);
});

Deno.test("text needs a string, a positive font size, a numeric font family", () => {
  const input = labelledFlow();
  const text = elementOf(input, "t1");
  text.text = 5;
  delete text.fontSize;
  text.fontFamily = "Virgil";
  input.elements.push(standalone("n1", "text", "a4", { containerId: 3 }));
  assert.deepEqual(problemsOf(input), [
    'elements[1] (id "t1"): text must be a string, got 5',
    'elements[1] (id "t1"): fontSize must be a number greater than 0, got nothing',
    'elements[1] (id "t1"): fontFamily must be a finite number, got "Virgil"',
    'elements[4] (id "n1"): containerId must be a string or null, got 3',
  ]);
});

Deno.test("a text's containerId must name a live element", () => {
  const missing = labelledFlow();
  elementOf(missing, "t1").containerId = "zz";
  assert.deepEqual(problemsOf(missing), [
    'elements[0] (id "r1"): boundElements[0] "t1" is a text whose containerId is "zz"',
    'elements[1] (id "t1"): containerId "zz" names no element',
  ]);

  const deleted = labelledFlow();
  elementOf(deleted, "r1").isDeleted = true;
  assert.deepEqual(problemsOf(deleted), [
    'elements[1] (id "t1"): containerId "r1" names deleted elements[0]',
    'elements[3] (id "a1"): startBinding.elementId "r1" names deleted elements[0]',
  ]);
});

Deno.test("only rectangles, diamonds, ellipses and arrows can hold text", () => {
  const input = labelledFlow();
  input.elements.push(
    standalone("l1", "line", "a4", { boundElements: [{ id: "n1", type: "text" }] }),
    standalone("n1", "text", "a5", { containerId: "l1" }),
  );
  assert.deepEqual(problemsOf(input), [
    'elements[5] (id "n1"): containerId "l1" names a line, which cannot hold text',
  ]);

  const onArrow = labelledFlow();
  elementOf(onArrow, "a1").boundElements = [{ id: "n1", type: "text" }];
  onArrow.elements.push(standalone("n1", "text", "a4", { containerId: "a1" }));
  assertAccepted(onArrow);
});

Deno.test("a container must list its text, and the text must come after it", () => {
  const unlisted = labelledFlow();
  elementOf(unlisted, "r1").boundElements = [{ id: "a1", type: "arrow" }];
  assert.deepEqual(problemsOf(unlisted), [
    'elements[1] (id "t1"): container "r1" lacks {id: "t1", type: "text"} in its boundElements',
  ]);

  const textFirst = labelledFlow();
  textFirst.elements = [
    elementOf(textFirst, "t1"),
    elementOf(textFirst, "r1"),
    elementOf(textFirst, "e1"),
    elementOf(textFirst, "a1"),
  ];
  ["a0", "a1", "a2", "a3"].forEach((index, i) => textFirst.elements[i].index = index);
  assert.deepEqual(problemsOf(textFirst), [
    'elements[0] (id "t1"): the text must come after its container "r1" (elements[1])',
  ]);
});

Deno.test("a text listed in boundElements must exist, be text and name the lister", () => {
  const input = labelledFlow();
  elementOf(input, "r1").boundElements = [
    { id: "t1", type: "text" },
    { id: "a1", type: "arrow" },
    { id: "ghost", type: "text" },
    { id: "e1", type: "text" },
  ];
  elementOf(input, "e1").boundElements = [{ id: "a1", type: "arrow" }, { id: "t1", type: "text" }];
  assert.deepEqual(problemsOf(input), [
    'elements[0] (id "r1"): boundElements[2] "ghost" names no element',
    'elements[0] (id "r1"): boundElements[3] "e1" is listed as text but names an ellipse',
    'elements[2] (id "e1"): boundElements[1] "t1" is a text whose containerId is "r1"',
  ]);
});

Deno.test("a container holds at most one live text", () => {
  const input = labelledFlow();
  const refs = elementOf(input, "r1").boundElements as Element[];
  refs.push({ id: "t2", type: "text" }, { id: "t3", type: "text" });
  input.elements.push(
    standalone("t2", "text", "a4", { containerId: "r1" }),
    standalone("t3", "text", "a5", { containerId: "r1", isDeleted: true }),
  );
  assert.deepEqual(problemsOf(input), [
    'elements[0] (id "r1"): boundElements lists 2 texts ("t1", "t2"); a container holds at most one',
  ]);
});

Deno.test("an arrow listed in boundElements must exist and be an arrow or a line", () => {
  const input = labelledFlow();
  elementOf(input, "e1").boundElements = [
    { id: "a1", type: "arrow" },
    { id: "r1", type: "arrow" },
    { id: "gone", type: "arrow" },
  ];
  assert.deepEqual(problemsOf(input), [
    'elements[2] (id "e1"): boundElements[1] "r1" is listed as an arrow but names a rectangle',
    'elements[2] (id "e1"): boundElements[2] "gone" names no element',
  ]);
});

Deno.test("a binding must name a live bindable element", () => {
  const missing = labelledFlow();
  (elementOf(missing, "a1").startBinding as Element).elementId = "zz";
  assert.deepEqual(problemsOf(missing), [
    'elements[3] (id "a1"): startBinding.elementId "zz" names no element',
  ]);

  const onLine = labelledFlow();
  (elementOf(onLine, "a1").endBinding as Element).elementId = "l1";
  onLine.elements.push(
    standalone("l1", "line", "a4", { boundElements: [{ id: "a1", type: "arrow" }] }),
  );
  assert.deepEqual(problemsOf(onLine), [
    'elements[3] (id "a1"): endBinding.elementId "l1" names a line, which arrows cannot bind to',
  ]);

  const onText = labelledFlow();
  (elementOf(onText, "a1").endBinding as Element).elementId = "t1";
  elementOf(onText, "t1").boundElements = [{ id: "a1", type: "arrow" }];
  elementOf(onText, "e1").boundElements = null;
  assertAccepted(onText);
});

Deno.test("a bound element must list the arrow in its boundElements", () => {
  const input = labelledFlow();
  elementOf(input, "e1").boundElements = [];
  assert.deepEqual(problemsOf(input), [
    'elements[3] (id "a1"): endBinding target "e1" lacks {id: "a1", type: "arrow"} in its boundElements',
  ]);
});

Deno.test("a binding is an object with a string elementId and finite numbers", () => {
  const input = labelledFlow();
  elementOf(input, "a1").startBinding = "r1";
  elementOf(input, "a1").endBinding = { focus: "0", gap: 8, fixedPoint: [0.5] };
  input.elements.push(
    standalone("a2", "arrow", "a4", { endBinding: { elementId: "e1", fixedPoint: null } }),
  );
  (elementOf(input, "e1").boundElements as Element[]).push({ id: "a2", type: "arrow" });
  assert.deepEqual(problemsOf(input), [
    'elements[3] (id "a1"): startBinding must be an object or null, got "r1"',
    'elements[3] (id "a1"): endBinding.elementId must be a string, got nothing',
    'elements[3] (id "a1"): endBinding.focus must be a finite number, got "0"',
    'elements[3] (id "a1"): endBinding.fixedPoint must be a pair of finite numbers or null, got [0.5]',
  ]);
});

Deno.test("frameId must name a frame or magicframe", () => {
  const input = labelledFlow();
  input.elements.push(
    standalone("f1", "frame", "a4"),
    standalone("m1", "magicframe", "a5"),
  );
  elementOf(input, "r1").frameId = "f1";
  elementOf(input, "t1").frameId = "m1";
  assertAccepted(input);
  elementOf(input, "e1").frameId = "r1";
  elementOf(input, "a1").frameId = "nope";
  assert.deepEqual(problemsOf(input), [
    'elements[2] (id "e1"): frameId "r1" names a rectangle, not a frame',
    'elements[3] (id "a1"): frameId "nope" names no element',
  ]);
});

Deno.test("deleted elements may point anywhere and may be pointed at", () => {
  const input = labelledFlow();
  input.elements.push(
    standalone("gone-text", "text", "a4", { isDeleted: true, containerId: "nowhere" }),
    standalone("gone-arrow", "arrow", "a5", {
      isDeleted: true,
      startBinding: { elementId: "nowhere", focus: 0, gap: 8 },
      endBinding: { elementId: "r1", focus: 0, gap: 8 },
      frameId: "nowhere",
    }),
  );
  (elementOf(input, "e1").boundElements as Element[]).push(
    { id: "gone-arrow", type: "arrow" },
    { id: "gone-text", type: "text" },
  );
  assertAccepted(input);
});
