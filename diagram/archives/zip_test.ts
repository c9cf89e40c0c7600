// The zip writer and reader together: what one writes the other reads back byte for byte, and the
// reader refuses damaged, hostile and oversized archives with a message naming the problem.
import assert from "node:assert/strict";
import { crc32 } from "../drawing/png/crc32.ts";
import { CENTRAL_HEADER } from "./zip_format.ts";
import { nameProblem, readZip, ZipError } from "./zip_reader.ts";
import { writeZip } from "./zip_writer.ts";

const LIMITS = { maxEntries: 100, maxTotalBytes: 64 * 1024 * 1024 };
const text = (value: string) => new TextEncoder().encode(value);

Deno.test("crc32 gives the standard check value", () => {
  assert.equal(crc32(text("123456789")), 0xcbf43926);
});

Deno.test("a written archive reads back byte for byte, deflated and stored entries alike", async () => {
  const random = crypto.getRandomValues(new Uint8Array(5000));
  const entries = [
    { name: "manifest.json", bytes: text(JSON.stringify({ a: "x".repeat(10_000) })) },
    { name: "diagrams/Café/Plan--abc.excalidraw", bytes: text("{}") },
    { name: "images/random.bin", bytes: random },
    { name: "empty.txt", bytes: new Uint8Array() },
  ];
  const archive = await writeZip(entries);
  const read = await readZip(archive, LIMITS);
  assert.deepEqual([...read.keys()], entries.map((entry) => entry.name));
  for (const entry of entries) assert.deepEqual(read.get(entry.name), entry.bytes);
  // The repetitive entry is deflated, the random one stored as it is.
  assert.ok(archive.byteLength < 5000 + 10_000);
});

Deno.test("an archive whose entry does not match its CRC-32 is refused", async () => {
  const archive = await writeZip([{ name: "a.txt", bytes: text("hello hello") }]);
  // Flip the stored CRC in the central directory.
  const central = indexOfSignature(archive, CENTRAL_HEADER);
  archive[central + 16] ^= 0xff;
  await assert.rejects(readZip(archive, LIMITS), /"a\.txt" is damaged \(its CRC-32/);
});

Deno.test("entries named outside the archive's folder are refused", async () => {
  for (
    const [name, problem] of [
      ["../evil.txt", /plain relative path/],
      ["a/../../evil.txt", /plain relative path/],
      ["/etc/passwd", /absolute path/],
      ["a\\..\\evil.txt", /backslash/],
      ["C:/evil.txt", /drive letter/],
    ] as const
  ) {
    const safe = "x".repeat(text(name).byteLength);
    const archive = replaceBytes(await writeZip([{ name: safe, bytes: text("x") }]), safe, name);
    await assert.rejects(readZip(archive, LIMITS), problem, name);
  }
  assert.equal(nameProblem("diagrams/a/b--id.excalidraw"), null);
});

Deno.test("the same name listed twice is refused", async () => {
  const archive = replaceBytes(
    await writeZip([{ name: "a.txt", bytes: text("1") }, { name: "b.txt", bytes: text("2") }]),
    "b.txt",
    "a.txt",
  );
  await assert.rejects(readZip(archive, LIMITS), /"a\.txt" is listed twice/);
});

Deno.test("a zip bomb is refused: by its declared total, and when it inflates past its declared size", async () => {
  const zeros = new Uint8Array(20 * 1024 * 1024);
  const archive = await writeZip([{ name: "zeros.bin", bytes: zeros }]);
  assert.ok(archive.byteLength < 100_000, "twenty megabytes of zeros deflate to little");
  await assert.rejects(
    readZip(archive, { maxEntries: 10, maxTotalBytes: 1024 * 1024 }),
    /more than 1048576 bytes together once unpacked/,
  );
  // An archive that lies about the size: the inflater stops at the declared one.
  const central = indexOfSignature(archive, CENTRAL_HEADER);
  new DataView(archive.buffer).setUint32(central + 24, 1000, true);
  await assert.rejects(readZip(archive, LIMITS), /unpacks to more than the 1000 bytes/);
});

Deno.test("too many entries, or bytes that are no zip, are refused", async () => {
  const entries = Array.from({ length: 5 }, (_, i) => ({ name: `${i}.txt`, bytes: text("x") }));
  await assert.rejects(
    readZip(await writeZip(entries), { maxEntries: 4, maxTotalBytes: 1000 }),
    /lists 5 entries; at most 4/,
  );
  await assert.rejects(readZip(text('{"not":"a zip"}'), LIMITS), ZipError);
  await assert.rejects(readZip(new Uint8Array(), LIMITS), /not a zip archive/);
});

function indexOfSignature(bytes: Uint8Array, signature: number): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 0; at + 4 <= bytes.byteLength; at++) {
    if (view.getUint32(at, true) === signature) return at;
  }
  throw new Error("signature not found");
}

/** Every occurrence of `from` (in the local and the central headers) replaced by `to`, same length. */
function replaceBytes(bytes: Uint8Array<ArrayBuffer>, from: string, to: string) {
  const a = text(from);
  const b = text(to);
  assert.equal(a.byteLength, b.byteLength);
  for (let at = 0; at + a.byteLength <= bytes.byteLength; at++) {
    if (a.every((byte, i) => bytes[at + i] === byte)) bytes.set(b, at);
  }
  return bytes;
}
