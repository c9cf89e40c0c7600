import assert from "node:assert/strict";
import {
  childElements,
  childPath,
  descendants,
  localName,
  parseXml,
  xmlAttribute,
  xmlText,
} from "./xml.ts";

const FEED = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE set PUBLIC "-//X//DTD Set//EN" "https://example.org/set.dtd">
<set xmlns:x="urn:x">
  <item id="1"><x:title>A &amp; B &lt;3 &#233;</x:title><Journal><Title>J</Title></Journal></item>
  <item id="2"><title>Inline <i>markup</i> and
    <![CDATA[<raw> text]]></title></item>
  <other><item id="3"/></other>
</set>`;

Deno.test("xml: the root element, children and paths by local name", () => {
  const root = parseXml(FEED);
  assert.ok(root);
  assert.equal(localName(root), "set");
  const items = childElements(root, "item");
  assert.deepEqual(items.map((item) => xmlAttribute(item, "id")), ["1", "2"]);
  assert.equal(xmlText(childPath(items[0], "Journal", "Title")), "J");
  assert.equal(childPath(items[0], "Journal", "Volume"), null);
  assert.deepEqual(descendants(root, "item").map((item) => xmlAttribute(item, "id")), [
    "1",
    "2",
    "3",
  ]);
});

Deno.test("xml: text decodes entities, reads through markup and CDATA, on one line", () => {
  const root = parseXml(FEED);
  const [first, second] = childElements(root, "item");
  assert.equal(xmlText(childElements(first, "title")[0]), "A & B <3 é");
  assert.equal(xmlText(childElements(second, "title")[0]), "Inline markup and <raw> text");
  assert.equal(xmlText(null), "");
  assert.equal(xmlAttribute(null, "id"), undefined);
});

Deno.test("xml: a body without an element has no root", () => {
  assert.equal(parseXml(""), null);
  assert.equal(parseXml("just text"), null);
  assert.equal(parseXml('<?xml version="1.0"?>'), null);
});
