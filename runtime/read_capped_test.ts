import assert from "node:assert/strict";
import { readCapped } from "./read_capped.ts";

function streamOf(...chunks: string[]) {
  let cancelled = false;
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(encoder.encode(next));
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, cancelled: () => cancelled };
}

Deno.test("a body within the cap is returned whole, across chunks", async () => {
  const { stream } = streamOf("ab", "cd", "e");
  assert.equal(new TextDecoder().decode((await readCapped(stream, 5))!), "abcde");
  assert.deepEqual(await readCapped(null, 5), new Uint8Array(0));
});

Deno.test("a body over the cap gives null and its stream is cancelled", async () => {
  const body = streamOf("abc", "def", "never read");
  assert.equal(await readCapped(body.stream, 5), null);
  assert.equal(body.cancelled(), true);
});
