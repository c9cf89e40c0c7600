// The README's table of variables is the one place an operator learns what to set: every variable
// a service reads is in it, and nothing in it is a variable no service reads.
import assert from "node:assert/strict";
import { collabEnv } from "../collab/config.ts";
import { diagramEnv } from "../diagram/config.ts";
import { searchEnv } from "../search/config.ts";
import { searchMcpEnv } from "../search_mcp/config.ts";
import { ROOT } from "./helpers/process.ts";

/** Variable names in the first column of the README's configuration table. */
function readmeVariables(readme: string): string[] {
  const section = readme.slice(readme.indexOf("## Configuration"));
  const start = section.indexOf("| variable");
  const table = section.slice(start, section.indexOf("\n\n", start));
  return [...table.matchAll(/^\| `([A-Z][A-Z0-9_]*)`/gm)].map((match) => match[1]);
}

Deno.test("the README lists every variable the services read, and only those", async () => {
  const readme = await Deno.readTextFile(`${ROOT}README.md`);
  const listed = readmeVariables(readme);
  const read = new Set([
    ...Object.keys(searchEnv),
    ...Object.keys(searchMcpEnv),
    ...Object.keys(diagramEnv),
    ...Object.keys(collabEnv),
  ]);
  assert.deepEqual(
    listed.filter((name) => !read.has(name)),
    [],
    "listed in the README, read by no service",
  );
  assert.deepEqual(
    [...read].filter((name) => !listed.includes(name)).sort(),
    [],
    "read by a service, missing from the README's table",
  );
  assert.equal(new Set(listed).size, listed.length, "a variable listed twice");
});
