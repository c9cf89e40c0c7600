import assert from "node:assert/strict";
import { classifyContent, type ContentKind } from "./content_kind.ts";

const text = (value: string) => new TextEncoder().encode(value);
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const GZIP = Uint8Array.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0]);

function reasonOf(kind: ContentKind): string {
  assert.equal(kind.kind, "unsupported");
  return kind.kind === "unsupported" ? kind.reason : "";
}

Deno.test("HTML types are html, whatever their parameters and case", () => {
  assert.deepEqual(classifyContent(text("<p>hi"), "Text/HTML; charset=utf-8"), { kind: "html" });
  assert.deepEqual(classifyContent(text("<p>hi"), "application/xhtml+xml"), { kind: "html" });
});

Deno.test("a missing type is sniffed: a doctype or <html> start makes html", () => {
  assert.deepEqual(classifyContent(text("\n  <!DOCTYPE html><title>x"), null), { kind: "html" });
  assert.deepEqual(classifyContent(text("<html lang=en>"), "application/octet-stream"), {
    kind: "html",
  });
  assert.deepEqual(classifyContent(text("just words"), null), { kind: "text", language: "" });
});

Deno.test("PDF is recognised by type or by its magic, even under a wrong type", () => {
  assert.deepEqual(classifyContent(text("anything"), "application/pdf"), { kind: "pdf" });
  assert.deepEqual(classifyContent(text("%PDF-1.7\n..."), "text/html"), { kind: "pdf" });
  assert.deepEqual(classifyContent(text("junk\n%PDF-1.4\n"), null), { kind: "pdf" });
});

Deno.test("JSON types, including +json suffixes, are json", () => {
  for (const type of ["application/json", "application/ld+json", "application/geo+json"]) {
    assert.deepEqual(classifyContent(text("{}"), type), { kind: "json" }, type);
  }
});

Deno.test("text types carry the language of their fence", () => {
  const cases: [string, string][] = [
    ["application/xml", "xml"],
    ["text/xml", "xml"],
    ["application/rss+xml", "xml"],
    ["application/atom+xml", "xml"],
    ["application/yaml", "yaml"],
    ["application/toml", "toml"],
    ["text/csv", "csv"],
    ["text/markdown", "markdown"],
    ["text/javascript", "javascript"],
    ["text/css", "css"],
    ["text/plain", ""],
    ["text/calendar", ""],
  ];
  for (const [type, language] of cases) {
    assert.deepEqual(classifyContent(text("a"), type), { kind: "text", language }, type);
  }
});

Deno.test("an untyped XML document is sniffed as xml", () => {
  assert.deepEqual(classifyContent(text('<?xml version="1.0"?><rss>'), null), {
    kind: "text",
    language: "xml",
  });
});

Deno.test("media types are refused with a reason naming the type", () => {
  assert.equal(
    reasonOf(classifyContent(PNG, "image/png")),
    "image/png is an image; web_url_read reads text, HTML, JSON, XML and PDF only",
  );
  assert.match(reasonOf(classifyContent(text("x"), "audio/mpeg")), /^audio\/mpeg is audio;/);
  assert.match(reasonOf(classifyContent(text("x"), "video/mp4")), /^video\/mp4 is a video;/);
  assert.match(reasonOf(classifyContent(text("x"), "font/woff2")), /^font\/woff2 is a font;/);
});

Deno.test("archive types are refused", () => {
  for (const type of ["application/zip", "application/gzip", "application/x-7z-compressed"]) {
    assert.match(reasonOf(classifyContent(GZIP, type)), /is an archive;/, type);
  }
});

Deno.test("octet-stream with a known magic number is refused, naming what it is", () => {
  assert.match(
    reasonOf(classifyContent(PNG, "application/octet-stream")),
    /^application\/octet-stream is a PNG image;/,
  );
  assert.match(reasonOf(classifyContent(GZIP, null)), /^the content is a gzip archive;/);
  const elf = Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]);
  assert.match(reasonOf(classifyContent(elf, null)), /an executable \(ELF\)/);
});

Deno.test("octet-stream with a NUL byte in the first kilobyte is binary data", () => {
  const bytes = Uint8Array.from([0x41, 0x42, 0x00, 0x43]);
  assert.match(reasonOf(classifyContent(bytes, "application/octet-stream")), /is binary data;/);
});

Deno.test("a text type whose bytes are binary is refused rather than garbled", () => {
  assert.match(reasonOf(classifyContent(PNG, "text/html")), /^text\/html is a PNG image;/);
});

Deno.test("text that merely starts like a magic number stays text under a text type", () => {
  assert.deepEqual(classifyContent(text("MZ-series manual"), "text/plain"), {
    kind: "text",
    language: "",
  });
});

Deno.test("UTF-16 text with a byte order mark is not mistaken for binary", () => {
  const utf16 = Uint8Array.from([0xff, 0xfe, 0x3c, 0x00, 0x68, 0x00]);
  assert.deepEqual(classifyContent(utf16, "text/plain"), { kind: "text", language: "" });
});
