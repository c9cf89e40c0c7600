import assert from "node:assert/strict";
import { roomFiles } from "./room_files.ts";

async function scratch(run: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "room-files-" });
  try {
    await run(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("a room record reads back as written: revision, pending, and the state's bytes", () =>
  scratch(async (dir) => {
    const files = roomFiles(dir);
    const state = new Uint8Array(200_000).map((_, i) => i % 251);
    await files.write("room-1", { revision: 7, pending: true, state });
    assert.deepEqual(await files.read("room-1"), { revision: 7, pending: true, state });
    await files.write("room-1", { revision: 8, pending: false, state: state.subarray(0, 10) });
    assert.deepEqual(await files.read("room-1"), {
      revision: 8,
      pending: false,
      state: state.subarray(0, 10),
    });
    assert.deepEqual(await files.pending(), []);
  }));

Deno.test("a write that fails leaves no half-written file behind", () =>
  scratch(async (dir) => {
    // The record's name taken by a folder: the rename at the end fails.
    await Deno.mkdir(`${dir}/room-2.room`);
    await assert.rejects(
      roomFiles(dir).write("room-2", { revision: 1, pending: true, state: new Uint8Array(10) }),
    );
    const names = [];
    for await (const entry of Deno.readDir(dir)) names.push(entry.name);
    assert.deepEqual(names, ["room-2.room"]);
  }));
