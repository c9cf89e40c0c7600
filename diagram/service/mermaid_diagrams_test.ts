// Mermaid charts through the service against a real embedded libSQL database, layouts drawn in the
// test's own thread: a chart takes the spec path, a refused one stores nothing, a preview stores
// nothing, and the export is the chart of the read-back spec.
import assert from "node:assert/strict";
import { withTestCore } from "./service_testing.ts";
import type { Actor } from "./diagrams.ts";
import type { DiagramService } from "./diagram_service.ts";
import { ConflictError, InvalidInputError } from "./errors.ts";
import { MERMAID_LIMITS, specFromMermaid } from "./mermaid_diagrams.ts";

function withCore(run: (core: DiagramService, actor: Actor) => Promise<void>) {
  return withTestCore(({ core, userId }) => run(core, { userId, via: "mcp" }));
}

const CHART = `flowchart LR
  subgraph edge [Edge]
    web[Web app] --> api(API)
  end
  api -->|SQL| db[(Database)]
  click web "https://example.com"`;

async function count(core: DiagramService, userId: string): Promise<number> {
  return (await core.diagrams.list(userId, { limit: 100 })).length;
}

Deno.test("a chart is drawn through the spec path: its groups, edges and notes come back", async () => {
  await withCore(async (core, actor) => {
    const created = await core.diagrams.createFromMermaid(actor, {
      name: "From a chart",
      collectionId: null,
      mermaid: CHART,
    });
    assert.deepEqual([created.nodes, created.edges], [3, 2]);
    assert.equal(created.diagram.source, "mcp");
    assert.ok(created.notes.some((note) => /click/.test(note)), created.notes.join("\n"));

    const read = await core.diagrams.readSpec(actor.userId, created.diagram.id);
    assert.equal(read.spec?.layout, "LR");
    assert.deepEqual(read.spec?.groups?.map(({ id, label }) => [id, label]), [["edge", "Edge"]]);
    assert.deepEqual(
      read.spec?.nodes.map(({ id, group }) => [id, group ?? null]),
      [["web", "edge"], ["api", "edge"], ["db", null]],
    );
    assert.deepEqual(read.spec?.edges.map(({ from, to, label }) => [from, to, label ?? null]), [
      ["web", "api", null],
      ["api", "db", "SQL"],
    ]);
  });
});

Deno.test("a chart that does not parse, or is another chart type, stores nothing and says where", async () => {
  await withCore(async (core, actor) => {
    for (
      const [mermaid, expected] of [
        ["sequenceDiagram\n  Alice->>Bob: Hi", /sequenceDiagram/],
        ["flowchart TD\n  a[A] --> b{B]\n  b --> c", /^line 2, column \d+: /],
      ] as const
    ) {
      const refused = await core.diagrams.createFromMermaid(actor, {
        name: "Broken",
        collectionId: null,
        mermaid,
      }).catch((error) => error);
      assert.ok(refused instanceof InvalidInputError, String(refused));
      assert.match(refused.message, /nothing was saved/);
      assert.match(refused.problems.join("\n"), expected);
    }
    assert.equal(await count(core, actor.userId), 0);
  });
});

Deno.test("a chart over the length limit is refused before it is parsed", () => {
  const long = `flowchart TD\n${"  a --> b\n".repeat(MERMAID_LIMITS.maxLength / 10)}`;
  const refused = (() => {
    try {
      return specFromMermaid(long);
    } catch (error) {
      return error;
    }
  })();
  assert.ok(refused instanceof InvalidInputError);
  assert.match(refused.problems[0], new RegExp(`at most ${MERMAID_LIMITS.maxLength}`));
});

Deno.test("a chart's label the spec refuses is named by its node id", () => {
  const refused = (() => {
    try {
      return specFromMermaid(`flowchart TD\n  long[${"x".repeat(600)}] --> b[B]`);
    } catch (error) {
      return error;
    }
  })();
  assert.ok(refused instanceof InvalidInputError, String(refused));
  assert.match(refused.problems.join("\n"), /^node "long"/m);
});

Deno.test("a preview draws the chart as an SVG and stores nothing", async () => {
  await withCore(async (core, actor) => {
    const preview = await core.diagrams.previewMermaid(CHART);
    assert.deepEqual([preview.nodes, preview.edges], [3, 2]);
    assert.match(preview.svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    for (const label of ["Web app", "API", "Database", "SQL"]) {
      assert.ok(preview.svg.includes(label), `the preview draws ${label}`);
    }
    assert.doesNotMatch(preview.svg, /<script|<foreignObject|href="http/i);
    assert.ok(preview.notes.some((note) => /click/.test(note)));
    assert.equal(await count(core, actor.userId), 0);
  });
});

Deno.test("an update from a chart keeps the element ids of the nodes it keeps, and the export is the read-back spec's chart", async () => {
  await withCore(async (core, actor) => {
    const { diagram } = await core.diagrams.createFromMermaid(actor, {
      name: "Chart",
      collectionId: null,
      mermaid: CHART,
    });
    const before = JSON.parse((await core.diagrams.get(actor.userId, diagram.id)).file).elements;
    const update = await core.diagrams.updateFromMermaid(actor, diagram.id, {
      mermaid: CHART.replace("Database", "Postgres"),
      name: "Chart v2",
    });
    assert.deepEqual([update.diagram.revision, update.diagram.name], [2, "Chart v2"]);
    const after = JSON.parse((await core.diagrams.get(actor.userId, diagram.id)).file).elements;
    const ids = (elements: { id: string; isDeleted?: boolean }[]) =>
      elements.filter((element) => !element.isDeleted).map((element) => element.id).sort();
    assert.deepEqual(ids(after), ids(before));

    const exported = await core.diagrams.exportMermaid(actor.userId, diagram.id);
    assert.equal(exported.fileName, "Chart v2.mmd");
    const back = specFromMermaid(exported.mermaid);
    const read = await core.diagrams.readSpec(actor.userId, diagram.id);
    const nodes = (spec: typeof back.spec | null | undefined) =>
      spec?.nodes.map(({ id, label, group }) => [id, label, group ?? null]).sort();
    assert.deepEqual(nodes(back.spec), nodes(read.spec));
  });
});

Deno.test("a diagram without nodes has no chart to export", async () => {
  await withCore(async (core, actor) => {
    const empty = await core.diagrams.create(actor, { name: "Empty", collectionId: null });
    const refused = await core.diagrams.exportMermaid(actor.userId, empty.id)
      .catch((error) => error);
    assert.ok(refused instanceof ConflictError, String(refused));
    assert.match(refused.message, /nothing to express as a Mermaid flowchart/);
  });
});
