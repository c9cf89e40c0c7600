// The collaboration server with the real y-websocket client against a real diagram service:
// syncing, presence, saving to the diagram service, and what happens when things go wrong.
import assert from "node:assert/strict";
import {
  eventually,
  joinRoom,
  startCollab,
  startDiagramWithAccount,
} from "./helpers/collab_instance.ts";
import { ELEMENT_DEFAULTS } from "./helpers/scene_fixture.ts";

const FAST = { COLLAB_FLUSH_MS: "300", COLLAB_UNLOAD_MS: "500" };

function rectangle(id: string, index: string, version = 1) {
  return {
    ...ELEMENT_DEFAULTS,
    id,
    type: "rectangle",
    x: 0,
    y: 0,
    width: 100,
    height: 50,
    index,
    version,
    updated: Date.now(),
  };
}

Deno.test("two clients sync through a room seeded once from the stored diagram, and edits are saved", async () => {
  await using setup = await startDiagramWithAccount().then(async (s) => ({
    ...s,
    async [Symbol.asyncDispose]() {
      await s.diagram[Symbol.asyncDispose]();
    },
  }));
  await using collab = await startCollab(setup.diagram, FAST);
  const id = await setup.newDiagram([rectangle("seeded", "a0")]);
  // Both join at once: the room is seeded once, not twice.
  const [alice, bob] = [
    joinRoom(collab, id, await setup.token(id)),
    joinRoom(collab, id, await setup.token(id)),
  ];
  try {
    await Promise.all([alice.synced(), bob.synced()]);
    assert.deepEqual([...alice.elements.keys()], ["seeded"]);
    assert.equal(bob.doc.getMap("meta").get("revision"), 1);

    alice.elements.set("drawn", rectangle("drawn", "a1"));
    await eventually(() => bob.elements.get("drawn"), 5000, "bob sees alice's edit");

    const stored = await eventually(async () => {
      const now = await setup.storedElements(id);
      return now.elements.some((element) => element.id === "drawn") ? now : undefined;
    }, 10_000, "the edit saved by the flush");
    assert.equal(stored.revision, 2);
    assert.deepEqual(stored.elements.map((element) => element.id), ["seeded", "drawn"]);
    await eventually(() => alice.doc.getMap("meta").get("revision") === 2 || undefined);
  } finally {
    alice.destroy();
    bob.destroy();
  }
});
