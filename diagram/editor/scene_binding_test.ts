import assert from "node:assert/strict";
import * as Y from "yjs";
import {
  type BindingOptions,
  bindScene,
  mergeRemote,
  parseElement,
  type SceneElement,
  wins,
} from "./scene_binding.ts";

function box(id: string, index: string, version = 1, versionNonce = 1, extra = {}): SceneElement {
  return { id, type: "rectangle", index, version, versionNonce, isDeleted: false, ...extra };
}

/** An editor: its scene, what the room showed it, and its binding to its own Y.Doc. */
function editor(doc = new Y.Doc(), options?: BindingOptions) {
  let scene: SceneElement[] = [];
  const shown: SceneElement[][] = [];
  const binding = bindScene(doc, {
    elements: () => scene,
    showRemote: (elements) => {
      scene = elements;
      shown.push(elements);
    },
  }, options);
  return {
    doc,
    binding,
    shown,
    get scene() {
      return scene;
    },
    /** A user's change: the scene becomes `elements`, which the editor then pushes. */
    draw(elements: SceneElement[]) {
      scene = elements;
      return binding.pushLocal(scene);
    },
  };
}

/** Two docs that deliver each other's updates at once, as a room would. */
function connected() {
  const a = editor();
  const b = editor();
  a.doc.on("update", (update: Uint8Array, origin: unknown) => {
    if (origin !== "peer") Y.applyUpdate(b.doc, update, "peer");
  });
  b.doc.on("update", (update: Uint8Array, origin: unknown) => {
    if (origin !== "peer") Y.applyUpdate(a.doc, update, "peer");
  });
  return [a, b] as const;
}

Deno.test("the reconcile rule: a higher version wins, a tie goes to the lower nonce", () => {
  assert.equal(wins(box("a", "a0", 2, 9), box("a", "a0", 1, 1)), true);
  assert.equal(wins(box("a", "a0", 1, 1), box("a", "a0", 2, 9)), false);
  assert.equal(wins(box("a", "a0", 3, 4), box("a", "a0", 3, 5)), true);
  assert.equal(wins(box("a", "a0", 3, 5), box("a", "a0", 3, 4)), false);
  assert.equal(wins(box("a", "a0", 3, 5), box("a", "a0", 3, 5)), false);
});

Deno.test("a remote merge keeps newer local elements and orders the scene by fractional index", () => {
  const local = [box("x", "a1", 5), box("y", "a2", 1)];
  const remote = [box("x", "a1", 4), box("y", "a2", 2), box("z", "a0V", 1)];
  const merged = mergeRemote(local, remote)!;
  assert.deepEqual(merged.map((e) => `${e.id}@${e.version}`), ["z@1", "x@5", "y@2"]);
  assert.equal(mergeRemote(local, [box("x", "a1", 5)]), null, "nothing newer: no scene update");
});

Deno.test("an element drawn in one editor appears in the other, in index order", () => {
  const [alice, bob] = connected();
  alice.draw([box("b", "a1"), box("a", "a0")]);
  assert.deepEqual(bob.scene.map((e) => e.id), ["a", "b"]);
});

Deno.test("a change shown from the room is not written back (no echo)", () => {
  const [alice, bob] = connected();
  alice.draw([box("a", "a0")]);
  let updates = 0;
  bob.doc.on("update", () => updates++);
  // Excalidraw calls onChange after updateScene with the same elements: the editor pushes them.
  assert.equal(bob.binding.pushLocal(bob.scene), 0);
  assert.equal(updates, 0);
});

Deno.test("a read-only binding (a view link's visitor) shows the room and never writes to it, even an element that beats the room's", () => {
  const owner = editor();
  const viewer = editor(new Y.Doc(), { readOnly: true });
  owner.draw([box("a", "a0")]);
  let updates = 0;
  viewer.doc.on("update", (_update: Uint8Array, origin: unknown) => {
    if (origin !== "peer") updates++;
  });
  Y.applyUpdate(viewer.doc, Y.encodeStateAsUpdate(owner.doc), "peer");
  assert.deepEqual(viewer.scene.map((e) => e.id), ["a"]);
  // Excalidraw bumped the element itself (a text measured again), and the visitor drew one.
  assert.equal(viewer.draw([box("a", "a0", 2), box("mine", "a1")]), 0);
  // A later change from the room merges; where the viewer's copy wins, it is not written back.
  owner.draw([box("a", "a0", 2, 5), box("b", "a2")]);
  Y.applyUpdate(viewer.doc, Y.encodeStateAsUpdate(owner.doc), "peer");
  assert.deepEqual(viewer.scene.map((e) => e.id), ["a", "mine", "b"]);
  assert.equal(updates, 0, "the viewer's doc changed only by what the room sent");
});

Deno.test("concurrent edits to different elements both survive in both editors", () => {
  const a = editor();
  const b = editor();
  a.draw([box("shared", "a0")]);
  Y.applyUpdate(b.doc, Y.encodeStateAsUpdate(a.doc));
  // Offline from each other: each changes its own element.
  a.draw([box("shared", "a0", 2, 7), box("from-a", "a1")]);
  b.draw([...b.scene, box("from-b", "a2")]);
  Y.applyUpdate(b.doc, Y.encodeStateAsUpdate(a.doc));
  Y.applyUpdate(a.doc, Y.encodeStateAsUpdate(b.doc));
  for (const peer of [a, b]) {
    assert.deepEqual(peer.scene.map((e) => `${e.id}@${e.version}`), [
      "shared@2",
      "from-a@1",
      "from-b@1",
    ]);
  }
});

for (const [aliceId, bobId] of [[1, 2], [2, 1]]) {
  Deno.test(`the same element edited in both: both editors hold the reconcile winner (client ids ${aliceId}, ${bobId})`, () => {
    const a = editor(Object.assign(new Y.Doc(), { clientID: aliceId }));
    const b = editor(Object.assign(new Y.Doc(), { clientID: bobId }));
    a.draw([box("e", "a0", 1, 1)]);
    Y.applyUpdate(b.doc, Y.encodeStateAsUpdate(a.doc));
    a.draw([box("e", "a0", 2, 50, { x: 10 })]);
    b.draw([box("e", "a0", 2, 20, { x: 99 })]);
    // Each side's update, delivered to the other until nothing more is written.
    for (let round = 0; round < 3; round++) {
      Y.applyUpdate(b.doc, Y.encodeStateAsUpdate(a.doc));
      Y.applyUpdate(a.doc, Y.encodeStateAsUpdate(b.doc));
    }
    // Yjs alone keeps the value of the higher client id; the editors agree on the lower nonce.
    assert.equal(a.scene[0].x, 99);
    assert.equal(b.scene[0].x, 99);
    assert.equal(parseElement(a.doc.getMap("elements").get("e"))?.x, 99);
    assert.equal(parseElement(b.doc.getMap("elements").get("e"))?.x, 99);
  });
}

Deno.test("a deletion travels as isDeleted and the key stays", () => {
  const [alice, bob] = connected();
  alice.draw([box("a", "a0")]);
  alice.draw([box("a", "a0", 2, 3, { isDeleted: true })]);
  assert.equal(bob.scene[0].isDeleted, true);
  assert.equal(bob.doc.getMap("elements").has("a"), true);
});

Deno.test("values in the room that are not elements are ignored", () => {
  const bob = editor();
  const map = bob.doc.getMap<unknown>("elements");
  map.set("junk", "{not json");
  map.set("number", 7);
  map.set("wrong-id", JSON.stringify(box("other", "a0")));
  map.set("good", JSON.stringify(box("good", "a1")));
  assert.deepEqual(bob.scene.map((e) => e.id), ["good"]);
});

Deno.test("a peer's iframe element or foreign embed is never shown; an allowed embed is", () => {
  const [a, b] = connected();
  const page = { customData: { generationData: { status: "done", html: "<form>sign in</form>" } } };
  a.draw([
    box("ok", "a0"),
    box("phish", "a1", 1, 1, { type: "iframe", ...page }),
    box("foreign", "a2", 1, 1, { type: "embeddable", link: "https://evil.example/" }),
    box("video", "a3", 1, 1, { type: "embeddable", link: "https://youtu.be/dQw4w9WgXcQ" }),
  ]);
  assert.deepEqual(b.scene.map((element) => element.id), ["ok", "video"]);
  assert.equal(parseElement(JSON.stringify(box("phish", "a1", 1, 1, { type: "iframe" }))), null);
});
