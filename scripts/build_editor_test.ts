import assert from "node:assert/strict";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { editorSources, sourceKey } from "./build_editor.ts";

Deno.test("the editor's sources are every module of ours it imports, outside diagram/editor/ too", async () => {
  const sources = await editorSources();
  assert.ok(sources.includes("diagram/editor/main.tsx"), sources.join("\n"));
  assert.ok(sources.includes("diagram/editor/scene_binding.ts"), sources.join("\n"));
  assert.ok(sources.includes("diagram/drawing/excalidraw/embed_links.ts"), sources.join("\n"));
  // Packages are deno.lock's part of the key, and tests are no part of the bundle.
  assert.deepEqual(sources.filter((path) => /node_modules|_test\.tsx?$/.test(path)), []);
});

Deno.test("a change to a module the editor imports from another folder makes the bundle stale", async () => {
  const root = await Deno.makeTempDir();
  try {
    const write = async (path: string, text: string) => {
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), text);
    };
    await write("deno.lock", "{}");
    await write("scripts/build_editor.ts", "// the build");
    await write(
      "diagram/editor/main.tsx",
      'import { links } from "../drawing/links.ts";\nimport React from "react";\n' +
        "console.log(links, React);\n",
    );
    await write("diagram/drawing/links.ts", "export const links = 1;\n");
    await write("diagram/drawing/unrelated.ts", "export const other = 1;\n");
    assert.deepEqual(await editorSources(root), [
      "diagram/drawing/links.ts",
      "diagram/editor/main.tsx",
    ]);

    const built = await sourceKey(root);
    await write("diagram/drawing/unrelated.ts", "export const other = 2;\n");
    assert.equal(await sourceKey(root), built, "a file the editor does not import is no input");
    await write("diagram/drawing/links.ts", "export const links = 2;\n");
    assert.notEqual(await sourceKey(root), built);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
