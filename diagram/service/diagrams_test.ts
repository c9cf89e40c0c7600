// The diagram operations against a real embedded libSQL database, with layouts generated in the
// test's own thread: round trips through the spec, patches, hand-made elements kept, and the
// refusals every door shares.
import assert from "node:assert/strict";
import { BOUND_TEXT_DEFAULTS, ELEMENT_DEFAULTS } from "../../tests/helpers/scene_fixture.ts";
import type { DiagramService } from "./diagram_service.ts";
import { withTestCore } from "./service_testing.ts";
import type { Actor } from "./diagrams.ts";
import { InvalidInputError, NotFoundError, StaleRevisionError } from "./errors.ts";
import { MAX_DIAGRAM_IMAGE_BYTES, MAX_IMAGE_BYTES } from "./images.ts";

type Element = Record<string, unknown> & {
  id: string;
  type: string;
  customData?: { nodeId?: string; edgeId?: string };
};

function withCore(run: (core: DiagramService, agent: Actor, person: Actor) => Promise<void>) {
  return withTestCore(({ core, userId }) =>
    run(core, { userId, via: "mcp" }, { userId, via: "web" })
  );
}

const SPEC = {
  layout: "LR",
  nodes: [
    { id: "web", label: "Web app", shape: "rounded", color: "blue" },
    { id: "api", label: "API" },
    { id: "db", label: "Database", shape: "ellipse", color: "#1e88e5" },
  ],
  edges: [
    { from: "web", to: "api", label: "HTTPS" },
    { from: "api", to: "db", label: "SQL" },
    { from: "api", to: "db" },
  ],
};

async function elementsOf(core: DiagramService, userId: string, id: string): Promise<Element[]> {
  return JSON.parse((await core.diagrams.get(userId, id)).file).elements;
}

/** id → [x, y, width, height] of every live element. */
function geometry(elements: Element[]): Map<string, number[]> {
  return new Map(
    elements.filter((element) => !element.isDeleted).map((element) => [
      element.id,
      [element.x, element.y, element.width, element.height] as number[],
    ]),
  );
}

Deno.test("a generated diagram reads back as its exact spec, and sending that back redraws the same elements in the same places", async () => {
  await withCore(async (core, agent) => {
    const { diagram } = await core.diagrams.createFromSpec(agent, {
      name: "System",
      collectionId: null,
      spec: SPEC,
    });
    const read = await core.diagrams.readSpec(agent.userId, diagram.id);
    assert.deepEqual(read.spec, {
      layout: "LR",
      nodes: [SPEC.nodes[0], { ...SPEC.nodes[1], shape: "rectangle" }, SPEC.nodes[2]],
      edges: [
        { id: "web->api", from: "web", to: "api", label: "HTTPS" },
        { id: "api->db", from: "api", to: "db", label: "SQL" },
        { id: "api->db#2", from: "api", to: "db" },
      ],
    });
    assert.deepEqual(read.notExpressed, []);
    const before = geometry(await elementsOf(core, agent.userId, diagram.id));

    const update = await core.diagrams.updateFromSpec(agent, diagram.id, { spec: read.spec });
    assert.equal(update.diagram.revision, 2);
    assert.equal(update.replacedRevision, 1);
    assert.equal(update.keptElements, 0);
    assert.deepEqual(geometry(await elementsOf(core, agent.userId, diagram.id)), before);
    assert.equal(update.diagram.changedVia, "mcp");
  });
});

Deno.test("a patch changes one node, adds and removes by id, and leaves every other element id alone", async () => {
  await withCore(async (core, agent) => {
    const { diagram } = await core.diagrams.createFromSpec(agent, {
      name: "System",
      collectionId: null,
      spec: SPEC,
    });
    const before = await elementsOf(core, agent.userId, diagram.id);
    const update = await core.diagrams.updateFromSpec(agent, diagram.id, {
      patch: {
        updateNodes: [{ id: "api", label: "API gateway", color: "green" }],
        updateEdges: [{ id: "web->api", label: null }],
        addNodes: [{ id: "cache", label: "Cache" }],
        addEdges: [{ from: "api", to: "cache", label: "reads" }],
        removeEdges: ["api->db#2"],
      },
    });
    assert.equal(update.nodes, 4);
    assert.equal(update.edges, 3);
    const { spec } = await core.diagrams.readSpec(agent.userId, diagram.id);
    assert.deepEqual(spec!.nodes.find((node) => node.id === "api"), {
      id: "api",
      label: "API gateway",
      shape: "rectangle",
      color: "green",
    });
    assert.deepEqual(spec!.edges.map((edge) => edge.id), ["web->api", "api->db", "api->cache"]);
    assert.equal(spec!.edges[0].label, undefined);
    const after = new Set((await elementsOf(core, agent.userId, diagram.id)).map(({ id }) => id));
    const shapes = before.filter((element) => element.customData?.nodeId !== undefined);
    for (const shape of shapes) assert.ok(after.has(shape.id), `node ${shape.id} kept its id`);
    // Removing the second parallel edge leaves the arrows of the others as they were.
    const arrowOf = (edgeId: string) =>
      before.find((element) => element.customData?.edgeId === edgeId)!.id;
    assert.ok(after.has(arrowOf("web->api")) && after.has(arrowOf("api->db")));
    assert.ok(!after.has(arrowOf("api->db#2")));

    const removed = await core.diagrams.updateFromSpec(agent, diagram.id, {
      patch: { removeNodes: ["db"] },
    });
    assert.equal(removed.removedEdges, 1);
    assert.equal(removed.replacedRevision, 2);
  });
});

Deno.test("a patch naming unknown ids or carrying bad fields is refused with every path and saves nothing", async () => {
  await withCore(async (core, agent) => {
    const { diagram } = await core.diagrams.createFromSpec(agent, {
      name: "System",
      collectionId: null,
      spec: SPEC,
    });
    const unknown = await core.diagrams.updateFromSpec(agent, diagram.id, {
      patch: { removeNodes: ["ghost"], updateEdges: [{ id: "web->db", label: "x" }] },
    }).catch((error) => error);
    assert.ok(unknown instanceof InvalidInputError);
    assert.deepEqual(unknown.problems, [
      'patch.removeNodes[0]: unknown node "ghost"',
      'patch.updateEdges[0].id: unknown edge "web->db" (edge ids are as get_diagram lists them)',
    ]);
    const badFields = await core.diagrams.updateFromSpec(agent, diagram.id, {
      patch: {
        addNodes: [{ id: "x", label: "" }],
        updateNodes: [{ id: "api", shape: "octagon" }],
      },
    }).catch((error) => error);
    assert.ok(badFields instanceof InvalidInputError);
    assert.equal(badFields.problems.length, 2);
    assert.match(badFields.problems.join("\n"), /^node "api"\.shape: /m);
    assert.match(badFields.problems.join("\n"), /^patch\.addNodes\[0\]\.label: /m);
    assert.equal((await core.diagrams.get(agent.userId, diagram.id)).revision, 1);
  });
});

function handMade(id: string, extra: Record<string, unknown> & { type: string }): Element {
  return {
    ...ELEMENT_DEFAULTS,
    id,
    x: 900,
    y: 40,
    width: 120,
    height: 30,
    boundElements: null,
    ...extra,
  };
}

Deno.test("elements a person added by hand stay in place across an update, bindings to surviving nodes included", async () => {
  await withCore(async (core, agent, person) => {
    const { diagram } = await core.diagrams.createFromSpec(agent, {
      name: "System",
      collectionId: null,
      spec: SPEC,
    });
    const stored = JSON.parse((await core.diagrams.get(agent.userId, diagram.id)).file);
    const api = stored.elements.find((element: Element) =>
      (element.customData as { nodeId?: string } | undefined)?.nodeId === "api"
    );
    const note = handMade("note", {
      type: "text",
      text: "remember to shard",
      originalText: "remember to shard",
      fontSize: 20,
      fontFamily: 5,
      textAlign: "left",
      verticalAlign: "top",
      containerId: null,
      lineHeight: 1.25,
      autoResize: true,
      index: "zz0",
    });
    const pointer = handMade("pointer", {
      type: "arrow",
      x: 1000,
      y: 200,
      width: 100,
      height: 0,
      points: [[0, 0], [-100, 0]],
      lastCommittedPoint: null,
      startBinding: null,
      endBinding: { elementId: api.id, focus: 0, gap: 8 },
      startArrowhead: null,
      endArrowhead: "arrow",
      elbowed: false,
      index: "zz1",
    });
    api.boundElements = [...api.boundElements, { id: "pointer", type: "arrow" }];
    stored.elements.push(note, pointer);
    await core.diagrams.replaceFile(person, diagram.id, { file: stored });

    const read = await core.diagrams.readSpec(agent.userId, diagram.id);
    assert.deepEqual(read.notExpressed, [
      "1 free text element(s)",
      "1 arrow(s) not bound to two labelled shapes",
    ]);
    const update = await core.diagrams.updateFromSpec(agent, diagram.id, {
      patch: { updateNodes: [{ id: "web", label: "Browser" }] },
    });
    assert.equal(update.keptElements, 2);
    const after = await elementsOf(core, agent.userId, diagram.id);
    const keptNote = after.find((element) => element.id === "note")!;
    assert.deepEqual([keptNote.x, keptNote.y, keptNote.text], [900, 40, "remember to shard"]);
    const newApi = after.find((element) => element.id === api.id)!;
    assert.ok(
      (newApi.boundElements as { id: string }[]).some((ref) => ref.id === "pointer"),
      "the surviving node still lists the hand-drawn arrow bound to it",
    );

    await core.diagrams.updateFromSpec(agent, diagram.id, { patch: { removeNodes: ["api"] } });
    const loose = (await elementsOf(core, agent.userId, diagram.id))
      .find((element) => element.id === "pointer")!;
    assert.equal(loose.endBinding, null);
  });
});

Deno.test("a hand-drawn scene reads back as nodes and edges, and updating it replaces those shapes instead of duplicating them", async () => {
  await withCore(async (core, agent, person) => {
    const box = (id: string, x: number, label: string, index: string): Element[] => [
      handMade(id, {
        type: "rectangle",
        x,
        y: 0,
        width: 160,
        height: 80,
        backgroundColor: "#ffc9c9",
        boundElements: [{ id: `${id}-text`, type: "text" }, { id: "link", type: "arrow" }],
        index,
      }),
      handMade(`${id}-text`, {
        type: "text",
        x: x + 40,
        y: 25,
        text: label,
        originalText: label,
        ...BOUND_TEXT_DEFAULTS,
        containerId: id,
        index: `${index}V`,
      }),
    ];
    const file = {
      type: "excalidraw",
      version: 2,
      source: "test",
      elements: [
        ...box("left", 0, "Client", "a0"),
        ...box("right", 400, "Server", "a2"),
        handMade("link", {
          type: "arrow",
          x: 168,
          y: 40,
          width: 224,
          height: 0,
          points: [[0, 0], [224, 0]],
          lastCommittedPoint: null,
          startBinding: { elementId: "left", focus: 0, gap: 8 },
          endBinding: { elementId: "right", focus: 0, gap: 8 },
          startArrowhead: null,
          endArrowhead: "arrow",
          elbowed: false,
          index: "a4",
        }),
        handMade("doodle", {
          type: "freedraw",
          points: [[0, 0], [5, 5]],
          pressures: [],
          simulatePressure: true,
          lastCommittedPoint: null,
          index: "a5",
        }),
      ],
      appState: { viewBackgroundColor: "#fdf6e3" },
      files: {},
    };
    const created = await core.diagrams.create(person, {
      name: "Sketch",
      collectionId: null,
      file,
    });
    const read = await core.diagrams.readSpec(person.userId, created.id);
    assert.deepEqual(read.spec, {
      layout: "LR",
      nodes: [
        { id: "left", label: "Client", shape: "rectangle", color: "red" },
        { id: "right", label: "Server", shape: "rectangle", color: "red" },
      ],
      edges: [{ id: "link", from: "left", to: "right" }],
    });
    assert.deepEqual(read.notExpressed, [
      "1 freehand drawing(s)",
      "the positions and sizes of 2 hand-placed node(s): update_diagram lays every node out again",
    ]);
    const update = await core.diagrams.updateFromSpec(agent, created.id, { spec: read.spec });
    assert.equal(update.keptElements, 1);
    const after = await elementsOf(core, person.userId, created.id);
    assert.equal(after.filter((element) => element.type === "rectangle").length, 2);
    assert.equal(after.filter((element) => element.type === "arrow").length, 1);
    assert.equal(
      JSON.parse((await core.diagrams.get(person.userId, created.id)).file).appState
        .viewBackgroundColor,
      "#fdf6e3",
      "the person's canvas settings survive the redraw",
    );
  });
});

Deno.test("every door gets the same refusals: unknown collections, unknown diagrams, stale revisions", async () => {
  await withCore(async (core, agent, person) => {
    await assert.rejects(
      core.diagrams.list(person.userId, { collectionId: "nope", limit: 10 }),
      NotFoundError,
    );
    await assert.rejects(
      core.diagrams.createFromSpec(agent, { name: "x", collectionId: "nope", spec: SPEC }),
      NotFoundError,
    );
    await assert.rejects(core.diagrams.readSpec(agent.userId, "missing"), NotFoundError);
    const empty = await core.diagrams.create(person, { name: "Empty", collectionId: null });
    await core.diagrams.replaceFile(person, empty.id, {
      file: { type: "excalidraw", version: 2, source: "t", elements: [] },
    });
    await assert.rejects(
      core.diagrams.replaceFile(person, empty.id, {
        file: { type: "excalidraw", version: 2, source: "t", elements: [] },
        expectedRevision: 1,
      }),
      StaleRevisionError,
    );
    const nothing = await core.diagrams.updateFromSpec(agent, empty.id, {
      patch: { addNodes: [{ id: "a", label: "A" }] },
    }).catch((error) => error);
    assert.ok(nothing instanceof InvalidInputError);
    assert.match(nothing.problems[0], /no nodes to patch/);
  });
});

Deno.test("a duplicate is a new diagram with the same drawing; an export is the stored file with a safe name", async () => {
  await withCore(async (core, agent, person) => {
    const { diagram } = await core.diagrams.createFromSpec(agent, {
      name: 'Plan: "v2"/final',
      collectionId: null,
      spec: SPEC,
    });
    const copy = await core.diagrams.duplicate(person, diagram.id);
    assert.notEqual(copy.id, diagram.id);
    assert.equal(copy.name, 'Plan: "v2"/final (copy)');
    assert.equal(copy.source, "web");
    assert.equal(
      (await core.diagrams.get(person.userId, copy.id)).file,
      (await core.diagrams.get(person.userId, diagram.id)).file,
    );
    const exported = await core.diagrams.export(person.userId, diagram.id);
    assert.equal(exported.fileName, "Plan- -v2-final.excalidraw");
    assert.equal(JSON.parse(exported.file).type, "excalidraw");
  });
});

Deno.test("a diagram takes images up to 64 MiB in all: past that an upload is refused, one it has already is not", async () => {
  await withCore(async (core, _agent, person) => {
    const diagram = await core.diagrams.create(person, { name: "Photos", collectionId: null });
    // A PNG signature in front is all the type check reads.
    const bytes = new Uint8Array(MAX_IMAGE_BYTES);
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const image = { mimeType: "image/png", bytes };
    for (let i = 0; i * MAX_IMAGE_BYTES < MAX_DIAGRAM_IMAGE_BYTES; i++) {
      assert.deepEqual(await core.diagrams.putImage(person, diagram.id, `photo${i}`, image), {
        created: true,
      });
    }
    const refused = await core.diagrams.putImage(person, diagram.id, "one-more", image).then(
      () => assert.fail("an image past the total was stored"),
      (error) => error,
    );
    assert.ok(refused instanceof InvalidInputError);
    assert.deepEqual(refused.problems, [
      "this diagram's images already take 64 MiB of the 64 MiB a diagram may hold; this 4 MiB image does not fit",
    ]);
    assert.deepEqual(await core.diagrams.putImage(person, diagram.id, "photo0", image), {
      created: false,
    });
    await assert.rejects(core.diagrams.image(person.userId, diagram.id, "one-more"), NotFoundError);
  });
});
