import assert from "node:assert/strict";
import { clockText, formatBytes, formatDuration, imageFormat, resolution } from "./media.ts";

Deno.test("durations in seconds read as m:ss below an hour and h:mm:ss above", () => {
  assert.equal(formatDuration(5), "0:05");
  assert.equal(formatDuration(754), "12:34");
  assert.equal(formatDuration(3600), "1:00:00");
  assert.equal(formatDuration(3723.4), "1:02:03");
  assert.equal(formatDuration(36000 + 59), "10:00:59");
  for (const nothing of [0, 0.4, -3, NaN, Infinity, null, undefined]) {
    assert.equal(formatDuration(nothing), null, String(nothing));
  }
});

Deno.test("a provider's clock text is kept when it is one, else null", () => {
  assert.equal(clockText(" 12:34 "), "12:34");
  assert.equal(clockText("1:02:03"), "1:02:03");
  for (const other of ["LIVE", "12", "1:2", "", null, undefined, "12:34:56:78"]) {
    assert.equal(clockText(other), null, String(other));
  }
});

Deno.test("sizes read in units of 1024 with one decimal", () => {
  assert.equal(formatBytes(512), "512 B");
  assert.equal(formatBytes(2048), "2.0 KB");
  assert.equal(formatBytes(2.1 * 1024 * 1024), "2.1 MB");
  assert.equal(formatBytes(5 * 1024 ** 5), "5120.0 TB");
  assert.equal(formatBytes(-1), null);
  assert.equal(formatBytes(undefined), null);
});

Deno.test("an image's format is its MIME subtype; other types have none", () => {
  assert.equal(imageFormat("image/jpeg"), "jpeg");
  assert.equal(imageFormat("IMAGE/SVG+XML; charset=utf-8"), "svg+xml");
  assert.equal(imageFormat("video/webm"), null);
  assert.equal(imageFormat("image/"), null);
  assert.equal(imageFormat(null), null);
});

Deno.test("a resolution needs two positive sizes", () => {
  assert.equal(resolution(1920, 1080), "1920 x 1080");
  assert.equal(resolution(0, 1080), null);
  assert.equal(resolution("1920", 1080), null);
  assert.equal(resolution(undefined, undefined), null);
});
