// The layer rule, checked on the import graph Deno itself resolves (`deno info --json`) over every
// .ts and .tsx file in the repository. A failure names the importing file, the file it imports,
// and the rule it breaks.
import assert from "node:assert/strict";
import {
  describeImport,
  type Import,
  importCircles,
  repositoryImports,
} from "./helpers/import_graph.ts";
import { ROOT } from "./helpers/process.ts";

// ── The rule ─────────────────────────────────────────────────────────────────────────────────
// Paths are relative to the repository root; `*` is one folder or file name, `**` any depth.
// Each rule names the files it governs (`from`) and what they may not import (`notTo`).

const SERVICES = ["search", "search_mcp", "diagram", "collab"];

/** Not product code: these may import anything (but still form no circle). */
const FREE = ["scripts/**", "tests/**", "bench/**", "**/*_test.ts"];

/** The edge of a service reaches data only through diagram/service/, the service layer. */
const STORE_THROUGH_CORE: Boundary = {
  rule: "routes, pages, MCP tools and HTTP helpers reach the store only through the service layer",
  from: [
    ...["diagram/routes/**", "diagram/pages/**", "diagram/mcp/**", "diagram/http/**"],
    ...["diagram/editor/**", "diagram/view/**", "search/routes/**", "*/pages/**", "*/ui/**"],
  ],
  notTo: ["diagram/store/**", "diagram/db/**"],
};

/**
 * The drawing engine turns a spec into a scene and a scene into SVG, and knows nothing of where
 * diagrams are kept or how they are asked for: it imports no other part of the service.
 */
const DRAWING_STANDS_ALONE: Boundary = {
  rule: "the drawing engine imports no other part of the diagram service",
  from: ["diagram/drawing/**"],
  notTo: [
    ...["diagram/service/**", "diagram/store/**", "diagram/db/**", "diagram/routes/**"],
    ...["diagram/pages/**", "diagram/mcp/**", "diagram/http/**", "diagram/drawing_pool/**"],
  ],
};

/** What the services share depends on none of them. */
const COMMON_IMPORTS_NO_SERVICE: Boundary = {
  rule: "shared/ and runtime/ import no service",
  from: ["shared/**", "runtime/**"],
  notTo: SERVICES.map((service) => `${service}/**`),
};

/** A service imports itself, shared/ and runtime/, and no other service. */
const SERVICES_APART: Boundary[] = SERVICES.map((service) => ({
  rule: "no service imports another",
  from: [`${service}/**`],
  notTo: SERVICES.filter((other) => other !== service).map((other) => `${other}/**`),
}));

/** Among the repository's own files (packages aside), including FREE ones and `import type`. */
const NO_CIRCLES = "no module imports itself through a circle";

// ── Checking it ──────────────────────────────────────────────────────────────────────────────

interface Boundary {
  rule: string;
  from: string[];
  notTo: string[];
}

function globPattern(glob: string): RegExp {
  const parts = glob.split(/(\*\*\/|\*\*|\*)/).map((part) =>
    part === "**/"
      ? "(?:.*/)?"
      : part === "**"
      ? ".*"
      : part === "*"
      ? "[^/]*"
      : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")
  );
  return new RegExp(`^${parts.join("")}$`);
}

/** The first of `globs` that `path` matches. */
function firstMatch(path: string, globs: readonly string[]): string | undefined {
  return globs.find((glob) => globPattern(glob).test(path));
}

/** One line per import that crosses one of `boundaries`; empty when none does. */
function crossings(boundaries: readonly Boundary[], imports: readonly Import[]): string[] {
  const found: string[] = [];
  for (const edge of imports) {
    if (firstMatch(edge.from, FREE)) continue;
    for (const { rule, from, notTo } of boundaries) {
      const importer = firstMatch(edge.from, from);
      const imported = importer && firstMatch(edge.to, notTo);
      if (!imported) continue;
      found.push(`${describeImport(edge)}: ${importer} may not import ${imported} (${rule})`);
      break;
    }
  }
  return found;
}

/** One line per import circle among the repository's files; empty when there is none. */
function circles(imports: readonly Import[]): string[] {
  return importCircles(imports).map((circle) => {
    const around = [...circle, circle[0]];
    const steps = around.slice(1).map((to, at) => {
      const from = around[at];
      const edge = imports.find((step) => step.from === from && step.to === to)!;
      return describeImport(edge).slice(from.length + 1);
    });
    return `circle of ${circle.length}: ${circle[0]} ${steps.join(" ")}`;
  });
}

function holds(rule: string, breaches: string[]): void {
  if (breaches.length === 0) return;
  assert.fail(`${rule}, but not here:\n  ${breaches.join("\n  ")}`);
}

// ── Today's tree ─────────────────────────────────────────────────────────────────────────────

let graph: Promise<Import[]> | undefined;
/** Read once for all five tests: one `deno info` over the whole tree takes about a second. */
function repository(): Promise<Import[]> {
  graph ??= repositoryImports(ROOT).then(({ imports }) => imports);
  return graph;
}

Deno.test(STORE_THROUGH_CORE.rule, async () => {
  holds(STORE_THROUGH_CORE.rule, crossings([STORE_THROUGH_CORE], await repository()));
});

Deno.test(DRAWING_STANDS_ALONE.rule, async () => {
  holds(DRAWING_STANDS_ALONE.rule, crossings([DRAWING_STANDS_ALONE], await repository()));
});

Deno.test(COMMON_IMPORTS_NO_SERVICE.rule, async () => {
  const found = crossings([COMMON_IMPORTS_NO_SERVICE], await repository());
  holds(COMMON_IMPORTS_NO_SERVICE.rule, found);
});

Deno.test(SERVICES_APART[0].rule, async () => {
  holds(SERVICES_APART[0].rule, crossings(SERVICES_APART, await repository()));
});

Deno.test(NO_CIRCLES, async () => {
  holds(NO_CIRCLES, circles(await repository()));
});

// ── Each check can fail ──────────────────────────────────────────────────────────────────────

const edges = (...pairs: [string, string][]): Import[] => pairs.map(([from, to]) => ({ from, to }));

Deno.test("the store check names an edge file that imports the store or the database", () => {
  const found = crossings(
    [STORE_THROUGH_CORE],
    edges(
      ["diagram/mcp/tools/list_revisions.ts", "diagram/store/diagrams.ts"],
      ["diagram/http/session_cookie.ts", "diagram/store/sessions.ts"],
      ["search/ui/results_page.ts", "diagram/db/database.ts"],
      ["diagram/service/history.ts", "diagram/store/revisions.ts"],
      ["diagram/routes/api.ts", "diagram/service/history.ts"],
      ["diagram/routes/api_test.ts", "diagram/store/revisions.ts"],
      ["tests/helpers/diagram_instance.ts", "diagram/db/database.ts"],
    ),
  );
  assert.deepEqual(found, [
    `diagram/mcp/tools/list_revisions.ts → diagram/store/diagrams.ts: diagram/mcp/** may not import diagram/store/** (${STORE_THROUGH_CORE.rule})`,
    `diagram/http/session_cookie.ts → diagram/store/sessions.ts: diagram/http/** may not import diagram/store/** (${STORE_THROUGH_CORE.rule})`,
    `search/ui/results_page.ts → diagram/db/database.ts: */ui/** may not import diagram/db/** (${STORE_THROUGH_CORE.rule})`,
  ]);
});

Deno.test("the drawing check names an engine file that imports the rest of the service", () => {
  const found = crossings(
    [DRAWING_STANDS_ALONE],
    edges(
      ["diagram/drawing/svg/render_svg.ts", "diagram/service/errors.ts"],
      ["diagram/drawing/generate.ts", "diagram/drawing_pool/drawing_pool.ts"],
      ["diagram/drawing/scene/scene.ts", "diagram/drawing/layout/layout.ts"],
      ["diagram/drawing/generate.ts", "shared/spec.ts"],
      ["diagram/service/draw.ts", "diagram/drawing/generate.ts"],
    ),
  );
  assert.deepEqual(found, [
    `diagram/drawing/svg/render_svg.ts → diagram/service/errors.ts: diagram/drawing/** may not import diagram/service/** (${DRAWING_STANDS_ALONE.rule})`,
    `diagram/drawing/generate.ts → diagram/drawing_pool/drawing_pool.ts: diagram/drawing/** may not import diagram/drawing_pool/** (${DRAWING_STANDS_ALONE.rule})`,
  ]);
});

Deno.test("the common check names shared/ or runtime/ files that import a service", () => {
  const found = crossings(
    [COMMON_IMPORTS_NO_SERVICE],
    edges(
      ["shared/spec.ts", "diagram/drawing/layout.ts"],
      ["runtime/mcp/endpoint.ts", "search_mcp/server.ts"],
      ["runtime/http.ts", "shared/env.ts"],
      ["shared/collab_token.ts", "runtime/secrets.ts"],
    ),
  );
  assert.deepEqual(found, [
    `shared/spec.ts → diagram/drawing/layout.ts: shared/** may not import diagram/** (${COMMON_IMPORTS_NO_SERVICE.rule})`,
    `runtime/mcp/endpoint.ts → search_mcp/server.ts: runtime/** may not import search_mcp/** (${COMMON_IMPORTS_NO_SERVICE.rule})`,
  ]);
});

Deno.test("the services check names a service's file that imports another service", () => {
  const found = crossings(SERVICES_APART, [
    ...edges(["search_mcp/engine_client.ts", "search/core/result.ts"]),
    { from: "collab/room.ts", to: "diagram/service/diagrams.ts", typeOnly: true },
    ...edges(
      ["search/app.ts", "search_mcp/server.ts"],
      ["search_mcp/tools/web_search.ts", "search_mcp/engine_client.ts"],
      ["search/routes/search.ts", "search/core/result.ts"],
      ["collab/app.ts", "shared/collab_token.ts"],
      ["diagram/app.ts", "runtime/http.ts"],
      ["scripts/start.ts", "collab/main.ts"],
      ["bench/collab_bench.ts", "diagram/main.ts"],
    ),
  ]);
  assert.deepEqual(found, [
    `search_mcp/engine_client.ts → search/core/result.ts: search_mcp/** may not import search/** (${
      SERVICES_APART[0].rule
    })`,
    `collab/room.ts → diagram/service/diagrams.ts (import type): collab/** may not import diagram/** (${
      SERVICES_APART[0].rule
    })`,
    `search/app.ts → search_mcp/server.ts: search/** may not import search_mcp/** (${
      SERVICES_APART[0].rule
    })`,
  ]);
});

Deno.test("the circle check names every file of each circle, shortest first", () => {
  const found = circles([
    ...edges(
      ["diagram/config.ts", "diagram/service/upkeep.ts"],
      ["diagram/service/upkeep.ts", "diagram/store/diagrams.ts"],
      ["diagram/store/diagrams.ts", "diagram/db/database.ts"],
      ["diagram/db/database.ts", "diagram/config.ts"],
      ["diagram/store/revisions.ts", "diagram/store/diagrams.ts"],
      ["diagram/store/diagrams.ts", "diagram/store/revisions.ts"],
      ["diagram/routes/api.ts", "diagram/service/upkeep.ts"],
      ["shared/spec.ts", "shared/spec.ts"],
    ),
    { from: "diagram/routes/history_pages.ts", to: "diagram/routes/diagram_pages.ts" },
    {
      from: "diagram/routes/diagram_pages.ts",
      to: "diagram/routes/history_pages.ts",
      typeOnly: true,
    },
  ]);
  assert.deepEqual(found, [
    `circle of 1: shared/spec.ts → shared/spec.ts`,
    `circle of 2: diagram/routes/diagram_pages.ts → diagram/routes/history_pages.ts (import type) → diagram/routes/diagram_pages.ts`,
    `circle of 2: diagram/store/diagrams.ts → diagram/store/revisions.ts → diagram/store/diagrams.ts`,
    `circle of 4: diagram/config.ts → diagram/service/upkeep.ts → diagram/store/diagrams.ts → diagram/db/database.ts → diagram/config.ts`,
  ]);
  assert.deepEqual(circles(edges(["a.ts", "b.ts"], ["b.ts", "c.ts"], ["a.ts", "c.ts"])), []);
});

Deno.test("the graph Deno gives keeps type-only and dynamic imports, and refuses a broken tree", async () => {
  const scratch = `${await Deno.makeTempDir({ prefix: "layers_" })}/`;
  try {
    await Deno.writeTextFile(`${scratch}deno.json`, "{}\n");
    await Deno.mkdir(`${scratch}node_modules`);
    await Deno.writeTextFile(`${scratch}node_modules/ignored.ts`, 'import "../a.ts";\n');
    await Deno.mkdir(`${scratch}core`);
    await Deno.writeTextFile(
      `${scratch}a.ts`,
      'import type { B } from "./core/b.ts";\nexport const a: B = 1;\n',
    );
    await Deno.writeTextFile(
      `${scratch}core/b.ts`,
      'import { a } from "../a.ts";\nexport type B = typeof a;\n',
    );
    await Deno.writeTextFile(`${scratch}c.ts`, 'export const c = () => import("./a.ts");\n');
    const { files, imports } = await repositoryImports(scratch);
    assert.deepEqual(files, ["a.ts", "c.ts", "core/b.ts"]);
    assert.deepEqual(imports, [
      { from: "a.ts", to: "core/b.ts", typeOnly: true, dynamic: false },
      { from: "c.ts", to: "a.ts", typeOnly: false, dynamic: true },
      { from: "core/b.ts", to: "a.ts", typeOnly: false, dynamic: false },
    ]);
    assert.deepEqual(circles(imports), [
      "circle of 2: a.ts → core/b.ts (import type) → a.ts",
    ]);

    await Deno.writeTextFile(`${scratch}c.ts`, 'import "./gone.ts";\n');
    await assert.rejects(repositoryImports(scratch), /import graph is incomplete:\n.*gone\.ts/);
  } finally {
    await Deno.remove(scratch, { recursive: true });
  }
});
