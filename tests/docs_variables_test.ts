// docs/configuration.md's table of variables is the one place an operator learns what to set: every
// variable a service reads is in it, and nothing in it is a variable no service reads. Any other
// variable the documentation names is read somewhere in the repository (a benchmark's knob, the
// allocator settings of a task) or belongs to another program, said below.
import assert from "node:assert/strict";
import { collabEnv } from "../collab/config.ts";
import { diagramEnv } from "../diagram/config.ts";
import { searchEnv } from "../search/config.ts";
import { searchMcpEnv } from "../search_mcp/config.ts";
import { documentationFiles, outsideCode } from "./helpers/markdown.ts";
import { ROOT } from "./helpers/process.ts";

const CONFIGURATION = "docs/configuration.md";

/** Variables the documentation names that no code of ours reads, and whose they are. */
const OTHERS: Record<string, string> = {
  DENO_V8_FLAGS: "Deno's own, which the benchmarks' flags cannot go through",
  SEARXNG_LITE_TOOLS: "mcp-searxng's, listed as not implemented",
  SEARCH_TOKEN: "a placeholder in the MCP client examples for the token you set",
};

/** Variable names in the first column of the configuration table. */
function tableVariables(text: string): string[] {
  const start = text.indexOf("| variable");
  assert.notEqual(start, -1, `no table of variables in ${CONFIGURATION}`);
  const table = text.slice(start, text.indexOf("\n\n", start));
  return [...table.matchAll(/^\| `([A-Z][A-Z0-9_]*)`/gm)].map((match) => match[1]);
}

const serviceVariables = new Set([
  ...Object.keys(searchEnv),
  ...Object.keys(searchMcpEnv),
  ...Object.keys(diagramEnv),
  ...Object.keys(collabEnv),
]);

Deno.test("docs/configuration.md lists every variable the services read, and only those", async () => {
  const listed = tableVariables(await Deno.readTextFile(`${ROOT}${CONFIGURATION}`));
  assert.deepEqual(
    listed.filter((name) => !serviceVariables.has(name)),
    [],
    `listed in ${CONFIGURATION}, read by no service`,
  );
  assert.deepEqual(
    [...serviceVariables].filter((name) => !listed.includes(name)).sort(),
    [],
    `read by a service, missing from the table in ${CONFIGURATION}`,
  );
  assert.equal(new Set(listed).size, listed.length, "a variable listed twice");
});

/** Every `Deno.env.get("NAME")` in the repository's code, and every `NAME=` in deno.json's tasks. */
async function variablesReadElsewhere(): Promise<Set<string>> {
  const names = new Set<string>();
  const walk = async (dir: string) => {
    for await (const entry of Deno.readDir(`${ROOT}${dir}`)) {
      const path = `${dir}${entry.name}`;
      if (entry.isDirectory) {
        if (!["node_modules", "build", "dist", "data", ".git"].includes(entry.name)) {
          await walk(`${path}/`);
        }
      } else if (/\.(ts|tsx)$/.test(entry.name)) {
        const text = await Deno.readTextFile(`${ROOT}${path}`);
        for (const [, name] of text.matchAll(/Deno\.env\.get\("([A-Z][A-Z0-9_]*)"\)/g)) {
          names.add(name);
        }
      }
    }
  };
  await walk("");
  const tasks = JSON.stringify(JSON.parse(await Deno.readTextFile(`${ROOT}deno.json`)).tasks);
  for (const [, name] of tasks.matchAll(/\b([A-Z][A-Z0-9_]*)=/g)) names.add(name);
  return names;
}

Deno.test("every variable the documentation names is read by our code or said to be another's", async () => {
  const known = new Set([...serviceVariables, ...await variablesReadElsewhere()]);
  const unknown: string[] = [];
  for (const file of await documentationFiles()) {
    const prose = outsideCode(await Deno.readTextFile(`${ROOT}${file}`), { inline: false });
    for (const [name] of prose.matchAll(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g)) {
      if (!known.has(name) && !(name in OTHERS)) unknown.push(`${file}: ${name}`);
    }
  }
  assert.deepEqual([...new Set(unknown)], [], "named in the documentation, read by nothing");
  for (const name of Object.keys(OTHERS)) {
    assert.ok(!known.has(name), `${name} is read by our code now: take it out of OTHERS`);
  }
});
