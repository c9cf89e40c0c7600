import assert from "node:assert/strict";
import { structuredResult } from "../../../runtime/mcp/results.ts";
import { imageContent, withPreview } from "./preview_image.ts";

const answer = () => structuredResult('Created "x": https://d.example/d/1', { id: "1" });

Deno.test("a preview's PNG goes after the text as an MCP image item, base64", () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
  const result = withPreview(answer(), { png, width: 600, height: 300, labelPx: 20, groups: [] });
  assert.deepEqual(result.content, [
    { type: "text", text: 'Created "x": https://d.example/d/1' },
    { type: "image", data: "iVBORwECAw==", mimeType: "image/png" },
  ]);
  assert.deepEqual(result.structuredContent, { id: "1" });
  assert.deepEqual(imageContent(png), result.content[1]);
});

Deno.test("a preview that failed adds a line saying why to the text and no image", () => {
  const result = withPreview(answer(), { error: "the PNG fonts are missing" });
  assert.deepEqual(result.content, [{
    type: "text",
    text: 'Created "x": https://d.example/d/1\nNo preview image: the PNG fonts are missing.',
  }]);
  assert.equal(result.isError, undefined);
});

Deno.test("no preview asked for leaves the answer as it was", () => {
  assert.deepEqual(withPreview(answer(), undefined), answer());
});

Deno.test("a picture whose labels come out too small to read says so and offers its groups", () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
  const small = { png, width: 1600, height: 900, labelPx: 5.4 };
  const [grouped] = withPreview(answer(), { ...small, groups: ["edge", "data"] }).content;
  assert.equal(
    (grouped as { text: string }).text,
    'Created "x": https://d.example/d/1\nIn the picture (1600 × 900 px) the smallest labels are ' +
      'about 5 px high: too small to read. Call get_diagram with preview {"group": "<id>"} to ' +
      'see one group larger (its groups: "edge", "data"), or open the link to see it at full size.',
  );
  const [flat] = withPreview(answer(), { ...small, groups: [] }).content;
  assert.match((flat as { text: string }).text, /too small to read\. Open the link/);
  const [legible] = withPreview(answer(), { ...small, labelPx: 9, groups: [] }).content;
  assert.equal((legible as { text: string }).text, 'Created "x": https://d.example/d/1');
});
