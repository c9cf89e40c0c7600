import assert from "node:assert/strict";
import { convertDocument, UnreadableContentError } from "./document.ts";

const FIXTURES = new URL("../../tests/fixtures/read_url/", import.meta.url);
const URL_ = "https://files.example/dir/file";
const text = (value: string) => new TextEncoder().encode(value);
const fixture = (name: string) => Deno.readFile(new URL(name, FIXTURES));

async function refusal(bytes: Uint8Array, contentType: string | null): Promise<string> {
  const error = await convertDocument({ bytes, contentType, url: URL_ }).then(
    () => null,
    (error: unknown) => error,
  );
  assert.ok(error instanceof UnreadableContentError, `expected UnreadableContentError: ${error}`);
  return error.message;
}

Deno.test("an HTML page converts to its article with a title", async () => {
  const result = await convertDocument({
    bytes: await fixture("corpus/news_tram_extension.html"),
    contentType: "text/html; charset=utf-8",
    url: "https://courier.example/local/tram",
  });
  assert.equal(result.kind, "html");
  assert.equal(result.title, "Council backs eastern tram extension after marathon session");
  assert.match(result.markdown, /^# Council backs eastern tram extension/);
  assert.match(result.markdown, /Councillors voted by 31 to 18/);
});

Deno.test("a latin1 page comes back without replacement characters", async () => {
  const { markdown } = await convertDocument({
    bytes: await fixture("corpus/latin1_baeckerei.html"),
    contentType: "text/html",
    url: URL_,
  });
  assert.match(markdown, /Ein großes Bauernbrot kostet 4,80 €\./);
  assert.match(markdown, /„Unser Sauerteig ist älter als ich“/);
  assert.doesNotMatch(markdown, /\ufffd/);
});

Deno.test("a PDF converts to its text as plain paragraphs, even served as octet-stream", async () => {
  const bytes = await fixture("sample.pdf");
  for (const contentType of ["application/pdf", "application/octet-stream"]) {
    const result = await convertDocument({ bytes, contentType, url: URL_ });
    assert.equal(result.kind, "pdf");
    assert.match(result.markdown, /^Tidal Gardens of the Northern Coast\n/);
    assert.match(result.markdown, /\n\nSecond page: what the survey found\n/);
  }
});

Deno.test("a damaged PDF is refused", async () => {
  assert.match(await refusal(text("%PDF-1.4 broken"), "application/pdf"), /not a valid PDF/);
});

Deno.test("JSON is pretty-printed with two spaces in a json fence", async () => {
  const result = await convertDocument({
    bytes: await fixture("data.json"),
    contentType: "application/json",
    url: URL_,
  });
  assert.equal(result.kind, "json");
  assert.match(
    result.markdown,
    /^```json\n\{\n {2}"station": "Harrow Point",\n {2}"readings": \[\n/,
  );
  assert.match(result.markdown, /\n\}\n```$/);
});

Deno.test("JSON numbers are shown exactly as written, however large", async () => {
  const { markdown } = await convertDocument({
    bytes: text('{"id":12345678901234567890,"price":1.10}'),
    contentType: "application/json",
    url: URL_,
  });
  assert.equal(markdown, '```json\n{\n  "id": 12345678901234567890,\n  "price": 1.10\n}\n```');
});

Deno.test("invalid JSON is shown as it came; a fence inside gets a longer fence", async () => {
  const { markdown } = await convertDocument({
    bytes: text('{"code": "```", broken'),
    contentType: "application/json",
    url: URL_,
  });
  assert.equal(markdown, '````json\n{"code": "```", broken\n````');
});

Deno.test("an RSS feed is fenced as xml", async () => {
  const result = await convertDocument({
    bytes: await fixture("feed.xml"),
    contentType: "application/rss+xml",
    url: URL_,
  });
  assert.equal(result.kind, "text");
  assert.match(result.markdown, /^```xml\n<\?xml version="1\.0" encoding="UTF-8"\?>\n<rss/);
  assert.match(result.markdown, /<\/rss>\n```$/);
});

Deno.test("plain text keeps its layout in a fence without a language", async () => {
  const { markdown } = await convertDocument({
    bytes: text("\n  indented\nnext line\n\n"),
    contentType: "text/plain",
    url: URL_,
  });
  assert.equal(markdown, "```\n  indented\nnext line\n```");
});

Deno.test("CSV and YAML are fenced with their language", async () => {
  const csv = await convertDocument({
    bytes: text("a,b\n1,2"),
    contentType: "text/csv",
    url: URL_,
  });
  assert.equal(csv.markdown, "```csv\na,b\n1,2\n```");
  const yaml = await convertDocument({
    bytes: text("a: 1"),
    contentType: "application/yaml",
    url: URL_,
  });
  assert.equal(yaml.markdown, "```yaml\na: 1\n```");
});

Deno.test("a Markdown document is returned as it is, so its headings stay headings", async () => {
  const { markdown } = await convertDocument({
    bytes: text("# Notes\n\nSome *text*.\n"),
    contentType: "text/markdown",
    url: URL_,
  });
  assert.equal(markdown, "# Notes\n\nSome *text*.");
});

Deno.test("an image is refused with a reason the user can act on", async () => {
  assert.equal(
    await refusal(await fixture("image.png"), "image/png"),
    "image/png is an image; web_url_read reads text, HTML, JSON, XML and PDF only",
  );
  assert.match(await refusal(await fixture("image.png"), null), /is a PNG image/);
});

Deno.test("an empty body is refused as an empty page", async () => {
  assert.equal(await refusal(new Uint8Array(), "text/html"), "the page is empty");
});

Deno.test("content that converts to nothing gives empty Markdown, not an error", async () => {
  const js = await convertDocument({
    bytes: text('<html><head><title>App</title></head><body><div id="app"></div></body></html>'),
    contentType: "text/html",
    url: URL_,
  });
  assert.deepEqual(js, { kind: "html", title: "App", markdown: "" });
  const blank = await convertDocument({
    bytes: text(" \n "),
    contentType: "text/plain",
    url: URL_,
  });
  assert.equal(blank.markdown, "");
});
