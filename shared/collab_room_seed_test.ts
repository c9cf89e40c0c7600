import assert from "node:assert/strict";
import { readRoomSeed, roomSeedText } from "./collab_room_seed.ts";

/** `text`'s bytes as a stream of chunks of `size` bytes (lines and characters cut anywhere). */
function chunked(text: string, size: number): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.byteLength) return controller.close();
      controller.enqueue(bytes.slice(at, at += size));
    },
  });
}

Deno.test("a room seed reads back, line by line, whatever the chunks: the header parsed, each element's text as sent", async () => {
  const elements = [
    '{"id":"a","text":"héllo ✓"}',
    '{ "id": "b" }',
    JSON.stringify({ id: "c", text: "x\ny" }),
  ];
  const text = roomSeedText({ id: "d", name: "Plan", revision: 3, files: {}, elements });
  assert.equal(text.split("\n").length, 5, "one line per element, after the header");
  for (const size of [1, 2, 3, 7, 64, 1 << 16]) {
    const seed = await readRoomSeed(chunked(text, size));
    assert.deepEqual(seed.header, { id: "d", name: "Plan", revision: 3, files: {} }, `${size}`);
    assert.deepEqual(seed.elements, elements, `${size}`);
  }
});

Deno.test("a body that is no room seed is refused", async () => {
  await assert.rejects(readRoomSeed(chunked("", 4)), /empty/);
  await assert.rejects(readRoomSeed(chunked("{not json\n", 4)));
  const broken = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new Uint8Array([0x7b, 0x7d, 0x0a, 0xff, 0x0a]));
      controller.close();
    },
  });
  await assert.rejects(readRoomSeed(broken), TypeError, "not UTF-8");
});
