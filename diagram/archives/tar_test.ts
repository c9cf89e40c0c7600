import assert from "node:assert/strict";
import { readTar, TarError, tarStream } from "./tar.ts";

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function streamOf(...chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

async function entriesOf(archive: Uint8Array): Promise<[string, string][]> {
  const out: [string, string][] = [];
  // One byte at a time: entries and headers must be read across chunk boundaries.
  const chunks = [...archive].map((byte) => Uint8Array.of(byte));
  for await (const entry of readTar(streamOf(...chunks))) {
    const parts: Uint8Array[] = [];
    for await (const chunk of entry.chunks()) parts.push(chunk);
    out.push([entry.name, new TextDecoder().decode(await bytesOf(streamOf(...parts)))]);
  }
  return out;
}

const encode = (text: string) => new TextEncoder().encode(text);

Deno.test("tar: files written as a stream read back with their names and bytes", async () => {
  const big = "x".repeat(1500);
  const archive = await bytesOf(tarStream([
    { name: "manifest.json", size: 2, modified: 1, body: encode("{}") },
    { name: "data.bin", size: big.length, modified: 1, body: streamOf(encode(big)) },
    { name: "empty", size: 0, modified: 1, body: new Uint8Array(0) },
  ]));
  assert.equal(archive.length % 512, 0);
  assert.deepEqual(await entriesOf(archive), [["manifest.json", "{}"], ["data.bin", big], [
    "empty",
    "",
  ]]);
});

Deno.test("tar: GNU tar lists what we write", async () => {
  const archive = await bytesOf(tarStream([
    { name: "a.txt", size: 5, modified: 1_700_000_000, body: encode("hello") },
  ]));
  const tar = new Deno.Command("tar", { args: ["-tvf", "-"], stdin: "piped", stdout: "piped" })
    .spawn();
  const writer = tar.stdin.getWriter();
  await writer.write(archive);
  await writer.close();
  const { code, stdout } = await tar.output();
  assert.equal(code, 0);
  assert.match(new TextDecoder().decode(stdout), /-rw------- .* 5 2023-11-1\d .*a\.txt/);
});

Deno.test("tar: an entry left unread is skipped to the next one", async () => {
  const archive = await bytesOf(tarStream([
    { name: "skip", size: 700, modified: 0, body: new Uint8Array(700) },
    { name: "read", size: 2, modified: 0, body: encode("ok") },
  ]));
  const names: string[] = [];
  for await (const entry of readTar(streamOf(archive))) names.push(entry.name);
  assert.deepEqual(names, ["skip", "read"]);
});

Deno.test("tar: a truncated archive is refused as truncated", async () => {
  const archive = await bytesOf(tarStream([
    { name: "a", size: 2000, modified: 0, body: new Uint8Array(2000) },
  ]));
  await assert.rejects(entriesOf(archive.subarray(0, 1200)), /truncated/);
});

Deno.test("tar: bytes that are not an archive are refused", async () => {
  const noise = new Uint8Array(1024).map((_, index) => (index * 7 + 3) % 256);
  await assert.rejects(entriesOf(noise), TarError);
});

Deno.test("tar: a body that differs from its declared size fails the stream", async () => {
  await assert.rejects(
    bytesOf(tarStream([{ name: "a", size: 10, modified: 0, body: encode("short") }])),
    /has 5 bytes, its header says 10/,
  );
});

Deno.test("tar: a name that is not short printable ASCII is refused", async () => {
  await assert.rejects(
    bytesOf(tarStream([{ name: "a\nb", size: 0, modified: 0, body: new Uint8Array(0) }])),
    TarError,
  );
});
