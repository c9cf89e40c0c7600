import assert from "node:assert/strict";
import { MARK_END, MARK_START } from "../service/diagrams.ts";
import { markedText } from "./marked_text.ts";

Deno.test("matched words become <mark> and everything else is escaped", () => {
  const text = `<b>${MARK_START}Data${MARK_END}base</b> & ${MARK_START}"api"${MARK_END}`;
  assert.equal(
    markedText(text).toString(),
    "&lt;b&gt;<mark>Data</mark>base&lt;/b&gt; &amp; <mark>&quot;api&quot;</mark>",
  );
});

Deno.test("stray or unbalanced markers never leave markup open", () => {
  assert.equal(markedText(`a${MARK_END}b`).toString(), "ab");
  assert.equal(markedText(`a${MARK_START}b`).toString(), "a<mark>b</mark>");
});
