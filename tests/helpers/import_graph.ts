// The repository's own import graph, as Deno itself resolves it (`deno info --json`), and the
// circles in it. Packages (node_modules, npm:, node:) are left out: only the repository's files
// are nodes.
import { fileURLToPath, pathToFileURL } from "node:url";
import { runToExit } from "./process.ts";

/** One import between two of the repository's files, paths relative to its root. */
export interface Import {
  from: string;
  to: string;
  /** Only `import type` (or `export type`) names the file: erased before it runs. */
  typeOnly?: boolean;
  /** An `await import(...)`: loaded when first needed. */
  dynamic?: boolean;
}

/** Folders that hold no module of the repository's own: packages, build output, data. */
const NOT_SOURCE = new Set(["node_modules", "build", "data", "dist", "cov", "tests/fixtures"]);

/** Every .ts and .tsx file under `root` (a path ending in "/"), relative to it, sorted. */
export async function sourceFiles(root: string, folder = ""): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of Deno.readDir(`${root}${folder}`)) {
    const path = `${folder}${entry.name}`;
    if (entry.name.startsWith(".") || NOT_SOURCE.has(path)) continue;
    if (entry.isDirectory) found.push(...await sourceFiles(root, `${path}/`));
    else if (entry.isFile && /\.tsx?$/.test(entry.name)) found.push(path);
  }
  return found.sort();
}

interface Resolved {
  specifier?: string;
  error?: string;
}

interface DenoInfo {
  modules: {
    specifier: string;
    kind?: string;
    error?: string;
    dependencies?: {
      specifier: string;
      code?: Resolved;
      type?: Resolved;
      isDynamic?: boolean;
    }[];
  }[];
}

/**
 * The imports among the repository's files, read from one `deno info --json` of a scratch module
 * that imports every file `sourceFiles` lists (deno info takes one entry point). Reads only local
 * files: npm packages come from the manual node_modules, and remote modules are refused. Throws
 * when a file is missing from the graph or Deno could not resolve one of its imports, since the
 * rules would then be checked on part of the tree.
 */
export async function repositoryImports(
  root: string,
  config = "deno.json",
): Promise<{ files: string[]; imports: Import[] }> {
  const files = await sourceFiles(root);
  const rootUrl = pathToFileURL(root).href;
  const entry = await Deno.makeTempFile({ prefix: "import_graph_", suffix: ".ts" });
  let info: DenoInfo;
  try {
    const lines = files.map((file) => `import ${JSON.stringify(new URL(file, rootUrl).href)};`);
    await Deno.writeTextFile(entry, lines.join("\n") + "\n");
    const args = ["info", "-q", "--json", "--no-remote", "--config", `${root}${config}`, entry];
    const { code, stdout, stderr } = await runToExit(args, {}, 60_000);
    if (code !== 0) throw new Error(`deno ${args.join(" ")} exited with ${code}:\n${stderr}`);
    info = JSON.parse(stdout);
  } finally {
    await Deno.remove(entry);
  }

  /** The repository-relative path of a module Deno resolved, or undefined for a package's. */
  const own = (specifier: string): string | undefined => {
    if (!specifier.startsWith(rootUrl)) return undefined;
    const path = fileURLToPath(specifier).slice(root.length);
    return path.split("/").includes("node_modules") ? undefined : path;
  };

  const problems: string[] = [];
  const seen = new Set<string>();
  const byKey = new Map<string, Import>();
  for (const module of info.modules) {
    const from = own(module.specifier);
    if (from === undefined) continue;
    seen.add(from);
    if (module.error) problems.push(`${from}: ${module.error}`);
    for (const dependency of module.dependencies ?? []) {
      for (
        const [resolved, typeOnly] of [[dependency.code, false], [dependency.type, true]] as const
      ) {
        // A package's own subpaths (a stylesheet the editor's bundler resolves) are not ours.
        const local = /^(\.{1,2}\/|\/|file:)/.test(dependency.specifier);
        if (resolved?.error && local) {
          problems.push(`${from} → ${dependency.specifier}: ${resolved.error}`);
        }
        const to = resolved?.specifier === undefined ? undefined : own(resolved.specifier);
        if (to === undefined) continue;
        const key = `${from}\n${to}`;
        const known = byKey.get(key);
        const dynamic = dependency.isDynamic === true;
        if (!known) byKey.set(key, { from, to, typeOnly, dynamic });
        else {
          // A file named by code and by type, or statically and dynamically: the stronger wins.
          known.typeOnly &&= typeOnly;
          known.dynamic &&= dynamic;
        }
      }
    }
  }
  for (const file of files) if (!seen.has(file)) problems.push(`${file}: not in deno info's graph`);
  if (problems.length > 0) {
    throw new Error(`the import graph is incomplete:\n  ${problems.join("\n  ")}`);
  }
  const imports = [...byKey.values()].sort((a, b) =>
    a.from.localeCompare(b.from) || a.to.localeCompare(b.to)
  );
  return { files, imports };
}

/** `from → to`, saying when the import is only of types or only dynamic. */
export function describeImport(edge: Import): string {
  const how = [edge.typeOnly ? "import type" : "", edge.dynamic ? "dynamic import" : ""]
    .filter(Boolean).join(", ");
  return `${edge.from} → ${edge.to}${how ? ` (${how})` : ""}`;
}

/** Groups of files that all reach each other (Tarjan's strongly connected components). */
function tangles(imports: readonly Import[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of imports) {
    next.set(from, [...next.get(from) ?? [], to]);
    if (!next.has(to)) next.set(to, []);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const to of next.get(file)!) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    groups.push(group);
  };
  for (const file of [...next.keys()].sort()) if (!index.has(file)) visit(file);
  return groups;
}

/**
 * The import circles: for every import that lies on one, the shortest circle through it, each
 * listed once as the files in import order starting from its alphabetically first file; shortest
 * circles first. Every import that takes part in a circle is in at least one of them, so breaking
 * each circle listed leaves none.
 */
export function importCircles(imports: readonly Import[]): string[][] {
  const circles = new Map<string, string[]>();
  for (const group of tangles(imports)) {
    const members = new Set(group);
    const inside = imports.filter(({ from, to }) => members.has(from) && members.has(to));
    if (inside.length === 0) continue; // a file alone, not importing itself
    const next = new Map<string, string[]>();
    for (const { from, to } of inside) next.set(from, [...next.get(from) ?? [], to].sort());
    for (const { from, to } of inside) {
      // Breadth first from `to` back to `from`: the shortest way around through this import.
      const cameFrom = new Map<string, string>([[to, to]]);
      const queue = [to];
      while (queue.length > 0 && !cameFrom.has(from)) {
        const file = queue.shift()!;
        for (const onward of next.get(file) ?? []) {
          if (cameFrom.has(onward)) continue;
          cameFrom.set(onward, file);
          queue.push(onward);
        }
      }
      const back: string[] = []; // from the file before `from`, back to `to`
      for (let file = from; file !== to;) {
        file = cameFrom.get(file)!;
        back.push(file);
      }
      const circle = [from, ...back.reverse()];
      const first = circle.indexOf([...circle].sort()[0]);
      const turned = [...circle.slice(first), ...circle.slice(0, first)];
      circles.set(turned.join("\n"), turned);
    }
  }
  return [...circles.values()].sort((a, b) =>
    a.length - b.length || a.join("\n").localeCompare(b.join("\n"))
  );
}
