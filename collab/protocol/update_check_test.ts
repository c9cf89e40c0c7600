import assert from "node:assert/strict";
import * as awarenessProtocol from "y-protocols/awareness.js";
import * as Y from "yjs";
import { craftedUpdateFrame } from "../../tests/helpers/bad_update.ts";
import { handleMessage, ProtocolError } from "./protocol.ts";
import { updateProblem } from "./update_check.ts";

/** A document with every kind of content Yjs encodes, edited by two clients, some of it deleted. */
function everyKind(): Y.Doc {
  const doc = new Y.Doc();
  const map = doc.getMap("elements");
  map.set("text", JSON.stringify({ id: "text", x: 1 }));
  map.set("object", { id: "o", n: -123456789, f: 1.5, big: 2 ** 60, deep: { a: [1, null, true] } });
  map.set("bytes", new Uint8Array([1, 2, 3]));
  map.set("bigint", BigInt(-5) as unknown as number);
  map.set("nothing", null);
  map.set("sub", new Y.Map([["k", "v"]]));
  map.set("doc", new Y.Doc({ guid: "sub-guid" }));
  const array = doc.getArray("list");
  array.insert(0, [1, "two", { three: 3 }, [4], null]);
  array.delete(1, 2);
  const text = doc.getText("text");
  text.insert(0, "hello wörld 🎉", { bold: true });
  text.insertEmbed(3, { image: "x" });
  text.format(0, 2, { italic: true });
  text.delete(1, 3);
  const xml = doc.getXmlFragment("xml");
  const element = new Y.XmlElement("p");
  element.setAttribute("class", "c");
  element.insert(0, [new Y.XmlText("inside")]);
  xml.insert(0, [new Y.XmlHook("hook") as unknown as Y.XmlElement]);
  xml.insert(0, [element]);
  const other = new Y.Doc();
  Y.applyUpdate(other, Y.encodeStateAsUpdate(doc));
  other.getMap("elements").set("text", "replaced");
  other.getMap("elements").delete("nothing");
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(other));
  return doc;
}

Deno.test("whole updates of every kind pass the check, their parts too", () => {
  const doc = everyKind();
  assert.equal(updateProblem(Y.encodeStateAsUpdate(doc)), null);
  assert.equal(updateProblem(Y.encodeStateAsUpdate(new Y.Doc())), null);
  const updates: Uint8Array[] = [];
  const live = new Y.Doc();
  live.on("update", (update: Uint8Array) => updates.push(update));
  Y.applyUpdate(live, Y.encodeStateAsUpdate(doc));
  live.getMap("elements").set("more", "x");
  live.getText("text").delete(0, 1);
  for (const update of updates) assert.equal(updateProblem(update), null);
});

Deno.test("every truncation of a real update is refused by the check or by Yjs, never both accepted", () => {
  const update = Y.encodeStateAsUpdate(everyKind());
  for (let end = 0; end < update.length; end++) {
    const part = update.subarray(0, end);
    if (updateProblem(part) !== null) continue;
    // What passes must be something Yjs reads without running off the end.
    Y.applyUpdate(new Y.Doc(), part);
  }
});

Deno.test("a crafted 65-byte update claiming 2^25 structs is refused before Yjs starts a transaction", () => {
  const frame = craftedUpdateFrame();
  assert.equal(frame.length, 65);
  const doc = new Y.Doc();
  const awareness = new awarenessProtocol.Awareness(doc);
  let transactions = 0;
  doc.on("beforeTransaction", () => transactions++);
  const started = performance.now();
  assert.throws(() => handleMessage(frame, doc, awareness, "client"), ProtocolError);
  const ms = performance.now() - started;
  assert.equal(transactions, 0, "Y.applyUpdate never ran");
  assert.ok(ms < 50, `refused in ${ms.toFixed(1)} ms`);
  // The same frame, applied as before the check, cost Yjs a transaction and a long allocation.
  assert.throws(() => Y.applyUpdate(doc, frame.subarray(3)));
  assert.equal(transactions, 1);
});

Deno.test("random bytes as updates: the check refuses what Yjs cannot read", () => {
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  for (let i = 0; i < 2000; i++) {
    const bytes = new Uint8Array(Array.from({ length: 62 }, () => Math.floor(random() * 256)));
    if (updateProblem(bytes) !== null) continue;
    try {
      Y.applyUpdate(new Y.Doc(), bytes);
    } catch {
      // Yjs may still refuse what is well-formed but meaningless; it is just cheap now.
    }
  }
});
