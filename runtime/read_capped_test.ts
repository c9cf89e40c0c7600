import assert from "node:assert/strict";
import { readBodyCapped, readCapped } from "./read_capped.ts";

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

Deno.test("a body is refused by its declared length before it is read", async () => {
  const body = streamOf("0123456789");
  const response = new Response(body.stream, { headers: { "Content-Length": "10" } });
  assert.equal(await readBodyCapped(response, 5), null);
  assert.equal(body.cancelled(), true);
});

Deno.test("a body within its declared or undeclared length is read whole", async () => {
  const declared = new Response("abcde", { headers: { "Content-Length": "5" } });
  assert.equal(new TextDecoder().decode((await readBodyCapped(declared, 5))!), "abcde");
  const undeclared = new Response(streamOf("abc", "def").stream);
  assert.equal(await readBodyCapped(undeclared, 5), null);
  const encoded = new Response(streamOf("abc", "def").stream, {
    headers: { "Content-Length": "3", "Content-Encoding": "gzip" },
  });
  assert.equal(await readBodyCapped(encoded, 5), null, "an encoded body is counted as it comes");
});
