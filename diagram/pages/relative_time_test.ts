import assert from "node:assert/strict";
import { relativeTime, timeAgo } from "./relative_time.ts";

Deno.test("times read as the largest whole unit ago", () => {
  const now = Date.parse("2026-11-24T12:00:00Z");
  const ago = (seconds: number) => relativeTime(new Date(now - seconds * 1000).toISOString(), now);
  assert.equal(ago(3), "just now");
  assert.equal(ago(45), "45 s ago");
  assert.equal(ago(180), "3 min ago");
  assert.equal(ago(2 * 3600 + 59), "2 h ago");
  assert.equal(ago(3 * 86_400), "3 d ago");
  assert.equal(ago(65 * 86_400), "2 mo ago");
  assert.equal(ago(800 * 86_400), "2 y ago");
  assert.equal(ago(-60), "just now");
});

Deno.test("a time element says how long ago, with the exact time in its datetime and tooltip", () => {
  const now = Date.parse("2026-11-24T12:00:00Z");
  assert.equal(
    String(timeAgo("2026-11-24T11:57:00.000Z", now, "updated ")),
    '<time datetime="2026-11-24T11:57:00.000Z" title="Tue, 24 Nov 2026 11:57:00 GMT">updated 3 min ago</time>',
  );
});
