import assert from "node:assert/strict";
import { keepHandDrawn } from "./keep_hand_drawn.ts";

Deno.test("a kept hand-drawn element loses a script link stored before links were checked, and keeps a web link", () => {
  const previous = [
    { id: "old-node", type: "rectangle", link: null },
    { id: "note", type: "text", link: " JavaScript:alert(1)" },
    { id: "sketch", type: "freedraw", link: "https://example.com/notes" },
  ];
  const merged = keepHandDrawn(
    [{ id: "new-node", type: "rectangle" }],
    previous,
    new Set(["old-node"]),
  );
  assert.equal(merged.kept, 2);
  assert.deepEqual(
    merged.elements.map((element) => [element.id, element.link ?? null]),
    [["new-node", null], ["note", null], ["sketch", "https://example.com/notes"]],
  );
  assert.equal(previous[1].link, " JavaScript:alert(1)", "the previous scene is left as it was");
});
