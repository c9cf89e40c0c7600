import assert from "node:assert/strict";
import { decodeText } from "./charset.ts";

const utf8 = (text: string) => new TextEncoder().encode(text);
/** "Café Straße 5 €" in windows-1252: é = E9, ß = DF, € = 80. */
const LATIN1_CAFE = Uint8Array.from([
  0x43,
  0x61,
  0x66,
  0xe9,
  0x20,
  0x53,
  0x74,
  0x72,
  0x61,
  0xdf,
  0x65,
  0x20,
  0x35,
  0x20,
  0x80,
]);
const withPrefix = (prefix: string, bytes: Uint8Array) =>
  Uint8Array.from([...utf8(prefix), ...bytes]);

Deno.test("a UTF-8 byte order mark wins over a charset in the header, and is dropped", () => {
  const bytes = Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8("Привет")]);
  assert.equal(decodeText(bytes, "text/html; charset=windows-1252"), "Привет");
});

Deno.test("UTF-16 byte order marks select little- and big-endian decoding", () => {
  assert.equal(decodeText(Uint8Array.from([0xff, 0xfe, 0x48, 0x00, 0x69, 0x00]), null), "Hi");
  assert.equal(decodeText(Uint8Array.from([0xfe, 0xff, 0x00, 0x48, 0x00, 0x69]), null), "Hi");
});

Deno.test("the Content-Type charset decides when there is no byte order mark", () => {
  assert.equal(decodeText(LATIN1_CAFE, 'text/plain; charset="ISO-8859-1"'), "Café Straße 5 €");
  const polish = Uint8Array.from([0xb3, 0xb1, 0xea]); // ł ą ę in ISO-8859-2
  assert.equal(decodeText(polish, "text/html; charset=iso-8859-2"), "łąę");
});

Deno.test("the header charset wins over a <meta> charset", () => {
  const bytes = withPrefix('<meta charset="utf-8"><p>', LATIN1_CAFE);
  assert.match(decodeText(bytes, "text/html; charset=windows-1252"), /Café Straße 5 €/);
});

Deno.test("latin1 bytes declared by <meta charset> decode to é, ß and € without U+FFFD", () => {
  const text = decodeText(withPrefix('<meta charset="iso-8859-1"><p>', LATIN1_CAFE), "text/html");
  assert.match(text, /Café Straße 5 €/);
  assert.doesNotMatch(text, /\ufffd/);
});

Deno.test("a <meta http-equiv> content type declares the charset too", () => {
  const page = '<meta http-equiv="Content-Type" content="text/html; charset=windows-1252"><p>';
  assert.match(decodeText(withPrefix(page, LATIN1_CAFE), null), /Café/);
});

Deno.test("a <meta> charset inside a comment declares nothing", () => {
  const page = withPrefix('<!-- <meta charset="koi8-r"> --><p>', LATIN1_CAFE);
  assert.match(decodeText(page, "text/html"), /<p>Café Straße 5 €$/);
});

Deno.test("a <meta> charset inside an attribute value declares nothing", () => {
  const page = withPrefix(`<div title='<meta charset="koi8-r">'><p>`, LATIN1_CAFE);
  assert.match(decodeText(page, "text/html"), /<p>Café Straße 5 €$/);
});

Deno.test("a declaration after a commented-out one still counts", () => {
  const page = '<!-- <meta charset="koi8-r"> --><meta charset="utf-8"><p>Grüße';
  assert.match(decodeText(utf8(page), "text/html"), /Grüße$/);
});

Deno.test("a <meta> charset after the first 4 KiB is not seen", () => {
  const page = `${" ".repeat(5000)}<meta charset="windows-1252"><p>Café`;
  assert.match(decodeText(utf8(page), "text/html"), /Café$/);
});

Deno.test("a <meta> declaring UTF-16 is read as UTF-8, as browsers do", () => {
  assert.match(decodeText(utf8('<meta charset="utf-16"><p>Grüße'), "text/html"), /Grüße$/);
});

Deno.test("<meta> is only consulted for HTML, not for other text types", () => {
  const bytes = withPrefix('<meta charset="shift_jis">', utf8("日本"));
  assert.match(decodeText(bytes, "text/plain"), /日本$/);
});

Deno.test("an XML declaration names the encoding of an XML document", () => {
  const bytes = withPrefix('<?xml version="1.0" encoding="ISO-8859-1"?><a>', LATIN1_CAFE);
  assert.match(decodeText(bytes, "application/xml"), /<a>Café Straße 5 €$/);
});

Deno.test("undeclared valid UTF-8 is read as UTF-8", () => {
  assert.equal(decodeText(utf8("naïve café ✓"), null), "naïve café ✓");
});

Deno.test("undeclared bytes that are not UTF-8 fall back to windows-1252", () => {
  assert.equal(decodeText(LATIN1_CAFE, "text/plain"), "Café Straße 5 €");
});

Deno.test("an unknown label falls through to the next rule", () => {
  const bytes = withPrefix('<meta charset="latin1">', LATIN1_CAFE);
  assert.match(decodeText(bytes, "text/html; charset=no-such-charset"), /Café Straße 5 €$/);
  assert.equal(decodeText(utf8("Grüße"), "text/plain; charset=bogus"), "Grüße");
});

Deno.test("WHATWG labels resolve legacy Asian encodings", () => {
  const shiftJis = Uint8Array.from([0x93, 0xfa, 0x96, 0x7b]); // 日本
  assert.equal(decodeText(shiftJis, "text/plain; charset=Shift_JIS"), "日本");
  const eucKr = Uint8Array.from([0xc7, 0xd1]); // 한
  assert.equal(decodeText(eucKr, "text/plain; charset=euc-kr"), "한");
});
