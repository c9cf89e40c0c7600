import assert from "node:assert/strict";
import { all, attr, first, text } from "../engines/toolkit/html.ts";
import { renderEmbedPage } from "./embed_page.ts";
import { checkPage, samplePrefs, sampleSite, SCRIPT_PAYLOAD } from "./pages_testing.ts";

const VIDEO = {
  src: "https://www.youtube-nocookie.com/embed/abc123",
  url: "https://www.youtube.com/watch?v=abc123",
  title: "Rust in 100 seconds",
};

Deno.test("the player page frames the one player, sandboxed, says whose it is and links the video's page", () => {
  const document = checkPage(renderEmbedPage(sampleSite(), samplePrefs(), VIDEO));
  const frames = all(document, "iframe");
  assert.equal(frames.length, 1);
  const frame = frames[0];
  assert.equal(attr(frame, "src"), VIDEO.src);
  assert.equal(attr(frame, "title"), "Rust in 100 seconds (player from www.youtube-nocookie.com)");
  assert.equal(attr(frame, "referrerpolicy"), "strict-origin");
  const sandbox = attr(frame, "sandbox")!.split(" ");
  assert.ok(sandbox.includes("allow-scripts"));
  assert.ok(!sandbox.includes("allow-top-navigation"), "the player may not move this page");
  assert.doesNotMatch(attr(frame, "allow")!, /autoplay/);
  assert.equal(text(first(document, "h1")), "Rust in 100 seconds");
  assert.match(text(first(document, "main")), /loaded from www\.youtube-nocookie\.com/);
  const watch = all(document, "main a").find((a) => text(a) === "Watch on www.youtube.com");
  assert.equal(attr(watch, "href"), VIDEO.url);
  assert.equal(attr(watch, "rel"), "noreferrer noopener");
  // The page title never names the video (history, tab titles).
  assert.equal(text(first(document, "title")), "Video · Test Search");
});

Deno.test("a video title with markup is shown as text on the player page", () => {
  const page = renderEmbedPage(sampleSite(), samplePrefs(), { ...VIDEO, title: SCRIPT_PAYLOAD });
  const document = checkPage(page);
  assert.equal(text(first(document, "h1")), SCRIPT_PAYLOAD);
});
