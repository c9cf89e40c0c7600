import assert from "node:assert/strict";
import { all, attr, first, parseHtml, text } from "../engines/toolkit/html.ts";
import { prettyUrl, resultItem } from "./result_item.ts";
import { sampleResult } from "./pages_testing.ts";

Deno.test("a pretty URL is the host followed by the decoded path segments", () => {
  assert.equal(
    prettyUrl("https://en.wikipedia.org/wiki/Caf%C3%A9_(film)?x=1#top"),
    "en.wikipedia.org › wiki › Café_(film)",
  );
  assert.equal(prettyUrl("http://example.org:8080/"), "example.org:8080");
  assert.equal(prettyUrl("https://example.org/%E0%A4%A/x"), "example.org › %E0%A4%A › x");
});

Deno.test("a URL that is not http(s) is shown as it is", () => {
  assert.equal(prettyUrl("javascript:alert(1)"), "javascript:alert(1)");
  assert.equal(prettyUrl("not a url"), "not a url");
});

Deno.test("long snippets are cut at 1024 characters", () => {
  const item = resultItem(sampleResult({ content: "é".repeat(2000) }), null).toString();
  assert.equal(text(first(parseHtml(item), ".content")), `${"é".repeat(1024)}…`);
});

Deno.test("a result without a title is linked by its URL, and an unreadable date is left out", () => {
  const item = resultItem(sampleResult({ title: "", publishedDate: "yesterday" }), null);
  const document = parseHtml(item.toString());
  assert.equal(text(first(document, "h3 a")), "https://www.rust-lang.org/learn/get-started");
  assert.equal(first(document, "time"), null);
  assert.deepEqual(all(document, "img").map((img) => attr(img, "src")), []);
});
