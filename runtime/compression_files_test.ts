import assert from "node:assert/strict";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { allPrecompressed, precompress } from "./compression_files.ts";

Deno.test("every text file gets its .br and .gz, fonts none; one missing makes the build stale", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const script = "export const words = 'again and again';\n".repeat(100);
    await writeFile(join(dir, "entry.js"), script);
    await writeFile(join(dir, "style.css"), "a { color: red }\n");
    await writeFile(join(dir, "font.woff2"), new Uint8Array([1, 2, 3]));
    const files = ["entry.js", "style.css", "font.woff2"];
    assert.equal(await allPrecompressed(dir, files), false);

    await precompress(dir, files);
    const br = await readFile(join(dir, "entry.js.br"));
    assert.ok(br.byteLength < script.length / 10);
    assert.equal(new TextDecoder().decode(brotliDecompressSync(br)), script);
    const gz = await readFile(join(dir, "entry.js.gz"));
    assert.equal(new TextDecoder().decode(gunzipSync(gz)), script);
    assert.ok(await readFile(join(dir, "style.css.br")));
    await assert.rejects(readFile(join(dir, "font.woff2.br")));
    assert.equal(await allPrecompressed(dir, files), true);

    await rm(join(dir, "style.css.gz"));
    assert.equal(await allPrecompressed(dir, files), false);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
