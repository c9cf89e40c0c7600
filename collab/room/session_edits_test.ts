import assert from "node:assert/strict";
import * as Y from "yjs";
import { SessionEdits } from "./session_edits.ts";

/** A map whose changes are recorded as `session`'s (origin), at the time `clock()` says. */
function journal() {
  const doc = new Y.Doc();
  const map = doc.getMap<unknown>("elements");
  const edits = new SessionEdits();
  let at = 0;
  map.observe((event) => {
    const session = event.transaction.origin;
    if (typeof session === "string") edits.record(session, event, at);
  });
  const write = (session: string, when: number, key: string, value?: string) => {
    at = when;
    doc.transact(() => value === undefined ? map.delete(key) : map.set(key, value), session);
  };
  return { map, edits, write };
}

Deno.test("an ended session's changes since the end go back to what the key held before them", () => {
  const { map, edits, write } = journal();
  write("s:a", 1, "k", "v1");
  write("s:a", 5, "k", "v2");
  write("s:a", 6, "k", "v3");
  write("s:a", 7, "new", "n1");
  write("s:a", 8, "gone", "g1");
  write("s:a", 9, "gone");
  const undos = edits.undo("s:a", 5);
  assert.deepEqual(
    undos.map(({ key, before, after }) => [key, before, after]),
    [["k", "v1", "v3"], ["new", undefined, "n1"], ["gone", undefined, undefined]],
  );
  assert.ok(undos.every((undo) => undo.map === map));
  assert.deepEqual([...edits.sessions()], [], "the session's edits are forgotten");
});

Deno.test("a key someone else changed after the ended session keeps their change", () => {
  const { edits, write } = journal();
  write("s:a", 5, "overwritten", "a1");
  write("s:b", 6, "overwritten", "b1");
  write("s:a", 5, "built-on", "a1");
  write("s:b", 6, "built-on", "b1");
  write("s:a", 7, "built-on", "a2");
  assert.deepEqual(
    edits.undo("s:a", 0).map(({ key, before, after }) => [key, before, after]),
    [["built-on", "b1", "a2"]],
  );
  assert.deepEqual([...edits.sessions()], ["s:b"]);
});

Deno.test("confirmed changes are forgotten; an unknown end takes back everything unconfirmed", () => {
  const { edits, write } = journal();
  write("s:a", 1, "early", "e1");
  write("s:a", 3, "late", "l1");
  edits.confirm("s:a", 2);
  assert.deepEqual(edits.undo("s:a", null).map(({ key }) => key), ["late"]);
  write("s:a", 4, "again", "x");
  edits.confirm("s:a", 5);
  assert.deepEqual([...edits.sessions()], []);
});
