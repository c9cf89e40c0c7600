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

// ── The layers ───────────────────────────────────────────────────────────────────────────────
// Paths are relative to the repository root; `*` is one folder or file name, `**` any depth.
// Every product file belongs to one part (the first whose `files` it matches); a part may import
// itself and the parts it names, nothing else. So the rules say who may import the store, not who
// may not: a new folder is in no part until it is given one, and until then imports nothing.

/** Not product code: these may import anything (but still form no circle). */
const FREE = ["scripts/**", "tests/**", "bench/**", "**/*_test.ts", "**/*_testing.ts"];

const SERVICES = ["search", "search_mcp", "diagram", "collab"];

/** What every service's parts may use: the code the services share. */
const COMMON = ["shared", "runtime"];

const PARTS: readonly Part[] = [
  // What the services share imports no service.
  { name: "shared", files: ["shared/**"], mayImport: [] },
  { name: "runtime", files: ["runtime/**"], mayImport: ["shared", "project"] },
  { name: "project", files: ["deno.json"], mayImport: [] },

  // diagram: the edge → the service layer → the store; drawing stands alone, the pool only draws.
  ...layered("diagram", [
    {
      part: "wiring",
      files: ["main.ts", "app.ts", "admin.ts", "backup_command.ts", "config.ts", "metrics.ts"],
      mayImport: [
        ...["edge", "service", "backup", "drawing pool", "store", "auth", "archives", "drawing"],
        "files",
      ],
    },
    {
      part: "edge",
      files: ["routes/**", "pages/**", "mcp/**", "http/**", "editor/**", "view/**", "*_bundle.ts"],
      mayImport: ["service", "drawing pool", "drawing", "files"],
    },
    {
      part: "service",
      files: ["service/**"],
      mayImport: ["drawing pool", "store", "auth", "archives", "drawing", "files"],
    },
    { part: "backup", files: ["backup/**"], mayImport: ["store", "archives"] },
    { part: "drawing pool", files: ["drawing_pool/**"], mayImport: ["drawing"], common: [] },
    { part: "store", files: ["store/**", "db/**"], mayImport: ["auth", "files"] },
    { part: "auth", files: ["auth/**"], mayImport: ["files"] },
    { part: "archives", files: ["archives/**"], mayImport: ["drawing"] },
    { part: "drawing", files: ["drawing/**"], mayImport: [], common: ["shared"] },
    { part: "files", files: ["digest.ts", "file_name.ts"], mayImport: [] },
  ]),

  // search: the edge → the service → core and engines; an engine uses core and its toolkit only.
  ...layered("search", [
    {
      part: "wiring",
      files: ["main.ts", "instance.ts", "app.ts", "config.ts"],
      mayImport: ["edge", "service", "settings", "engines", "core"],
    },
    {
      part: "edge",
      files: ["routes/**", "pages/**", "render/**", "http/**"],
      mayImport: ["service", "settings", "core"],
    },
    { part: "service", files: ["service/**"], mayImport: ["engines", "core"] },
    { part: "settings", files: ["settings/**"], mayImport: ["core"] },
    { part: "engines", files: ["engines/**"], mayImport: ["core"] },
    { part: "core", files: ["core/**", "plugins/**", "answers/**"], mayImport: [] },
  ]),

  // search_mcp: the edge → the MCP server → its tools → the engine client and the page reader.
  ...layered("search_mcp", [
    {
      part: "wiring",
      files: ["main.ts", "instance.ts", "config.ts"],
      mayImport: ["edge", "server", "tools", "client"],
    },
    { part: "edge", files: ["app.ts", "http/**"], mayImport: [] },
    { part: "server", files: ["server.ts", "metrics.ts"], mayImport: ["tools", "client"] },
    { part: "tools", files: ["tools/**"], mayImport: ["client"] },
    {
      part: "client",
      files: ["engine_client.ts", "engine_result.ts", "reader/**"],
      mayImport: [],
    },
  ]),

  // collab: the edge → the rooms → one room → the wire protocol.
  ...layered("collab", [
    { part: "edge", files: ["*.ts"], mayImport: ["rooms", "room", "protocol"] },
    { part: "rooms", files: ["rooms/**"], mayImport: ["room", "protocol"] },
    { part: "room", files: ["room/**"], mayImport: ["protocol"] },
    { part: "protocol", files: ["protocol/**"], mayImport: [] },
  ]),
];

/** Among the repository's own files (packages aside), including FREE ones and `import type`. */
const NO_CIRCLES = "no module imports itself through a circle";

// ── Checking it ──────────────────────────────────────────────────────────────────────────────

interface Part {
  /** "diagram service", "search engines", "shared"… */
  name: string;
  files: string[];
  /** The parts it may import besides itself. */
  mayImport: string[];
}

interface Layer {
  part: string;
  /** Relative to the service's folder. */
  files: string[];
  /** Parts of the same service. */
  mayImport: string[];
  /** Of COMMON, what it may use; all of it when unsaid. */
  common?: string[];
}

/** A service's layers as parts named "<service> <layer>", each also allowed `common`. */
function layered(service: string, layers: Layer[]): Part[] {
  return layers.map(({ part, files, mayImport, common = COMMON }) => ({
    name: `${service} ${part}`,
    files: files.map((glob) => `${service}/${glob}`),
    mayImport: [...mayImport.map((other) => `${service} ${other}`), ...common],
  }));
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

function matches(path: string, globs: readonly string[]): boolean {
  return globs.some((glob) => globPattern(glob).test(path));
}

/** The part `path` belongs to; undefined for a file no part holds (a new folder, say). */
function partOf(path: string, parts: readonly Part[]): Part | undefined {
  return parts.find((part) => matches(path, part.files));
}

/** One line per import a part may not make; empty when every import keeps to the layers. */
function crossings(parts: readonly Part[], imports: readonly Import[]): string[] {
  const found: string[] = [];
  for (const edge of imports) {
    if (matches(edge.from, FREE)) continue;
    const importer = partOf(edge.from, parts);
    const imported = partOf(edge.to, parts);
    if (importer !== undefined && importer === imported) continue;
    if (importer === undefined) {
      found.push(`${describeImport(edge)}: ${edge.from} belongs to no layer; give its folder one`);
    } else if (imported === undefined || !importer.mayImport.includes(imported.name)) {
      const what = imported?.name ?? "a file of no layer";
      found.push(`${describeImport(edge)}: ${importer.name} may not import ${what}`);
    }
  }
  return found;
}

/**
 * One line per file of shared/ that fewer than two services reach (directly, or through other
 * files of shared/ and runtime/): such a file belongs with the service that uses it.
 */
function sharedByOne(files: readonly string[], imports: readonly Import[]): string[] {
  const importers = (file: string) =>
    imports.filter((edge) => edge.to === file && !matches(edge.from, FREE)).map((edge) =>
      edge.from
    );
  const servicesReaching = (file: string, seen: Set<string>): Set<string> => {
    const found = new Set<string>();
    for (const from of importers(file)) {
      if (seen.has(from)) continue;
      seen.add(from);
      const top = from.split("/")[0];
      if (SERVICES.includes(top)) found.add(top);
      else for (const service of servicesReaching(from, seen)) found.add(service);
    }
    return found;
  };
  return files.filter((file) => file.startsWith("shared/") && !matches(file, FREE)).flatMap(
    (file) => {
      const services = [...servicesReaching(file, new Set())];
      return services.length >= 2 ? [] : [`${file}: used by ${services.join(", ") || "nobody"}`];
    },
  );
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

let graph: ReturnType<typeof repositoryImports> | undefined;
/** Read once for all three tests: one `deno info` over the whole tree takes about a second. */
function repository(): ReturnType<typeof repositoryImports> {
  graph ??= repositoryImports(ROOT);
  return graph;
}

const LAYERED = "every import keeps to the layers: a part imports itself and what it names only";

const PLACED = "every product file belongs to a layer";

Deno.test(PLACED, async () => {
  const { files } = await repository();
  const unplaced = files.filter((file) => !matches(file, FREE) && !partOf(file, PARTS));
  holds(PLACED, unplaced);
});

const SHARED = "shared/ holds only what two services use";

Deno.test(SHARED, async () => {
  const { files, imports } = await repository();
  holds(SHARED, sharedByOne(files, imports));
});

Deno.test(LAYERED, async () => {
  holds(LAYERED, crossings(PARTS, (await repository()).imports));
});

Deno.test(NO_CIRCLES, async () => {
  holds(NO_CIRCLES, circles((await repository()).imports));
});

// ── Each check can fail ──────────────────────────────────────────────────────────────────────

const edges = (...pairs: [string, string][]): Import[] => pairs.map(([from, to]) => ({ from, to }));

Deno.test("the shared check names a file of shared/ that one service or none uses", () => {
  const found = sharedByOne(
    ["shared/zip.ts", "shared/env.ts", "shared/crc32.ts", "shared/spare.ts", "shared/zip_test.ts"],
    edges(
      ["diagram/service/export.ts", "shared/zip.ts"],
      ["shared/zip.ts", "shared/crc32.ts"],
      ["runtime/config.ts", "shared/env.ts"],
      ["search/main.ts", "runtime/config.ts"],
      ["collab/main.ts", "runtime/config.ts"],
      ["tests/zip_test.ts", "shared/spare.ts"],
      ["search/main.ts", "shared/crc32.ts"],
    ),
  );
  assert.deepEqual(found, ["shared/zip.ts: used by diagram", "shared/spare.ts: used by nobody"]);
});

Deno.test("every part a layer may import exists, and no two parts share a name", () => {
  const names = new Set(PARTS.map((part) => part.name));
  for (const part of PARTS) {
    for (const other of part.mayImport) assert.ok(names.has(other), `${part.name}: ${other}`);
  }
  assert.equal(names.size, PARTS.length, "two parts with one name");
});

Deno.test("the imports a review added to a copy of main are each refused, by name", () => {
  const found = crossings(PARTS, [
    ...edges(
      // The five the rules of the time missed.
      ["diagram/store/diagrams.ts", "diagram/service/diagrams.ts"],
      ["diagram/service/history.ts", "diagram/routes/history.ts"],
      ["search/routes/search.ts", "search/engines/bing.ts"],
      ["search/engines/bing.ts", "search/pages/results_page.ts"],
      ["diagram/api/diagrams.ts", "diagram/store/diagrams.ts"],
      // And three of the four they caught (the fourth, a type-only circle: the circle test).
      ["diagram/routes/diagrams.ts", "diagram/store/diagrams.ts"],
      ["shared/spec.ts", "diagram/drawing/spec.ts"],
    ),
    { from: "diagram/mcp/tools/get_diagram.ts", to: "diagram/db/database.ts", dynamic: true },
  ]);
  assert.deepEqual(found, [
    "diagram/store/diagrams.ts → diagram/service/diagrams.ts: diagram store may not import diagram service",
    "diagram/service/history.ts → diagram/routes/history.ts: diagram service may not import diagram edge",
    "search/routes/search.ts → search/engines/bing.ts: search edge may not import search engines",
    "search/engines/bing.ts → search/pages/results_page.ts: search engines may not import search edge",
    "diagram/api/diagrams.ts → diagram/store/diagrams.ts: diagram/api/diagrams.ts belongs to no layer; give its folder one",
    "diagram/routes/diagrams.ts → diagram/store/diagrams.ts: diagram edge may not import diagram store",
    "shared/spec.ts → diagram/drawing/spec.ts: shared may not import diagram drawing",
    "diagram/mcp/tools/get_diagram.ts → diagram/db/database.ts (dynamic import): diagram edge may not import diagram store",
  ]);
});

Deno.test("the layer check keeps drawing, the pool, engines and services to themselves", () => {
  const found = crossings(PARTS, [
    ...edges(
      ["diagram/drawing/svg/render_svg.ts", "diagram/service/errors.ts"],
      ["diagram/drawing/generate.ts", "diagram/drawing_pool/drawing_pool.ts"],
      ["diagram/drawing/generate.ts", "runtime/http.ts"],
      ["diagram/drawing_pool/drawing_worker.ts", "diagram/service/errors.ts"],
      ["search/engines/bing.ts", "search/service/searcher.ts"],
      ["collab/room/room.ts", "collab/rooms/rooms.ts"],
      ["search_mcp/tools/web_search.ts", "search_mcp/server.ts"],
      ["runtime/mcp/endpoint.ts", "search_mcp/server.ts"],
      ["shared/collab_token.ts", "runtime/secrets.ts"],
    ),
    { from: "collab/room/room.ts", to: "diagram/service/diagrams.ts", typeOnly: true },
  ]);
  assert.deepEqual(found, [
    "diagram/drawing/svg/render_svg.ts → diagram/service/errors.ts: diagram drawing may not import diagram service",
    "diagram/drawing/generate.ts → diagram/drawing_pool/drawing_pool.ts: diagram drawing may not import diagram drawing pool",
    "diagram/drawing/generate.ts → runtime/http.ts: diagram drawing may not import runtime",
    "diagram/drawing_pool/drawing_worker.ts → diagram/service/errors.ts: diagram drawing pool may not import diagram service",
    "search/engines/bing.ts → search/service/searcher.ts: search engines may not import search service",
    "collab/room/room.ts → collab/rooms/rooms.ts: collab room may not import collab rooms",
    "search_mcp/tools/web_search.ts → search_mcp/server.ts: search_mcp tools may not import search_mcp server",
    "runtime/mcp/endpoint.ts → search_mcp/server.ts: runtime may not import search_mcp server",
    "shared/collab_token.ts → runtime/secrets.ts: shared may not import runtime",
    "collab/room/room.ts → diagram/service/diagrams.ts (import type): collab room may not import diagram service",
  ]);
});

Deno.test("the layer check lets each layer import the ones below it, and leaves tests, benches and scripts free", () => {
  const found = crossings(
    PARTS,
    edges(
      ["diagram/routes/diagrams.ts", "diagram/service/diagrams.ts"],
      ["diagram/service/diagrams.ts", "diagram/store/diagrams.ts"],
      ["diagram/service/draw_jobs.ts", "diagram/drawing/draw.ts"],
      ["diagram/drawing_pool/drawing_worker.ts", "diagram/drawing/draw.ts"],
      ["diagram/drawing/generate.ts", "shared/xml.ts"],
      ["diagram/main.ts", "diagram/db/database.ts"],
      ["search/routes/search.ts", "search/service/searcher.ts"],
      ["search/service/searcher.ts", "search/engines/mod.ts"],
      ["search/engines/bing.ts", "search/engines/toolkit/html.ts"],
      ["search/engines/bing.ts", "search/core/engine.ts"],
      ["collab/app.ts", "collab/protocol/protocol.ts"],
      ["search_mcp/server.ts", "search_mcp/tools/web_search.ts"],
      ["runtime/http.ts", "shared/describe_error.ts"],
      ["tests/helpers/diagram_instance.ts", "diagram/db/database.ts"],
      ["diagram/routes/diagrams_test.ts", "diagram/store/diagrams.ts"],
      ["search/pages/pages_testing.ts", "search/engines/toolkit/html.ts"],
      ["scripts/start.ts", "collab/main.ts"],
    ),
  );
  assert.deepEqual(found, []);
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
