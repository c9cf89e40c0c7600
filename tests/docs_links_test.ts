// Every relative link of the documentation (README.md and docs/*.md) reaches a file that exists,
// and every `#anchor` a heading of its file, as GitHub makes headings' anchors.
import assert from "node:assert/strict";
import { dirname, join, normalize } from "node:path";
import { documentationFiles, headingAnchors, links } from "./helpers/markdown.ts";
import { ROOT } from "./helpers/process.ts";

/** Whether `path` (relative to the root) exists. */
async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(`${ROOT}${path}`);
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}

Deno.test("every relative link of the documentation reaches a file and a heading", async () => {
  const anchorsOf = new Map<string, Set<string>>();
  const anchors = async (file: string) => {
    if (!anchorsOf.has(file)) {
      anchorsOf.set(file, headingAnchors(await Deno.readTextFile(`${ROOT}${file}`)));
    }
    return anchorsOf.get(file)!;
  };
  const broken: string[] = [];
  let checked = 0;
  for (const file of await documentationFiles()) {
    for (const { line, target } of links(await Deno.readTextFile(`${ROOT}${file}`))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: …
      checked++;
      const [path, anchor] = target.split("#", 2);
      const linked = path === "" ? file : normalize(join(dirname(file), decodeURI(path)));
      const where = `${file}:${line}: ${target}`;
      if (linked.startsWith("..") || !await exists(linked)) {
        broken.push(`${where} (no file ${linked})`);
      } else if (anchor !== undefined) {
        if (!linked.endsWith(".md")) {
          broken.push(`${where} (an anchor on a file that is not Markdown)`);
        } else if (!(await anchors(linked)).has(anchor)) broken.push(`${where} (no such heading)`);
      }
    }
  }
  assert.deepEqual(broken, [], "links that reach nothing");
  assert.ok(checked > 50, `only ${checked} relative links found: is the link reader broken?`);
});

Deno.test("anchors are made as GitHub makes them, named ones included, none from code", () => {
  const text = [
    "# The `search` engine: [settings](x.md)",
    "## Backups and restore",
    "## Backups and restore",
    '<a id="schema-error"></a>',
    "```md",
    "## Not a heading",
    '<a id="not-an-anchor"></a>',
    "```",
  ].join("\n");
  assert.deepEqual(
    [...headingAnchors(text)].sort(),
    ["backups-and-restore", "backups-and-restore-1", "schema-error", "the-search-engine-settings"],
  );
});
