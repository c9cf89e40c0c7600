import assert from "node:assert/strict";
import { proxiedImageUrl } from "./image_proxy.ts";
import { embedPageUrl, playerOrigin, readEmbedLink } from "./video_embed.ts";

const SECRET = "a-test-secret-of-sufficient-length";
const VIDEO = {
  src: "https://www.youtube-nocookie.com/embed/abc123",
  url: "https://www.youtube.com/watch?v=abc123",
  title: "Rust in 100 seconds",
};

function linkParams(link: string) {
  const params = new URL(link, "http://search.test").searchParams;
  return (name: string) => params.get(name) ?? undefined;
}

Deno.test("a player link of ours reads back as the video it was made for", () => {
  const link = embedPageUrl(SECRET, VIDEO)!;
  assert.match(link, /^\/embed\?src=.*&h=[0-9a-f]{64}$/);
  assert.deepEqual(readEmbedLink(SECRET, linkParams(link)), VIDEO);
});

Deno.test("a player link with its player, page or title changed, or signed with another secret, is refused", () => {
  const link = embedPageUrl(SECRET, VIDEO)!;
  for (
    const [name, value] of [
      ["src", "https://evil.example/embed/abc123"],
      ["url", "https://evil.example/watch"],
      ["title", "Call this number now"],
      ["h", "0".repeat(64)],
      ["h", "not hex"],
    ]
  ) {
    const url = new URL(link, "http://search.test");
    url.searchParams.set(name, value);
    assert.equal(readEmbedLink(SECRET, linkParams(url.href)), null, `${name}=${value}`);
  }
  assert.equal(readEmbedLink("another-secret-of-enough-length", linkParams(link)), null);
});

Deno.test("an image proxy signature does not sign a player", () => {
  const image = new URL(proxiedImageUrl(SECRET, VIDEO.src), "http://search.test");
  const params = (name: string) =>
    name === "src" ? VIDEO.src : name === "h" ? image.searchParams.get("h")! : "";
  assert.equal(readEmbedLink(SECRET, params), null);
});

Deno.test("only an https player without credentials gets a link and a frame origin", () => {
  assert.equal(embedPageUrl(SECRET, { ...VIDEO, src: "http://player.example/1" }), null);
  assert.equal(embedPageUrl(SECRET, { ...VIDEO, src: "javascript:alert(1)" }), null);
  assert.equal(embedPageUrl(SECRET, { ...VIDEO, url: "javascript:alert(1)" }), null);
  assert.equal(playerOrigin("https://user:pw@player.example/1"), null);
  assert.equal(
    playerOrigin("https://player.example:8443/embed/1?x=y"),
    "https://player.example:8443",
  );
});
