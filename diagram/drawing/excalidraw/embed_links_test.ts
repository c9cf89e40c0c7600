import assert from "node:assert/strict";
import { isAllowedEmbedLink } from "./embed_links.ts";

Deno.test("links on the sites the editor embeds are allowed, with or without www and on one wildcard label", () => {
  for (
    const link of [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://youtu.be/dQw4w9WgXcQ",
      "https://player.vimeo.com/video/1",
      "https://www.figma.com/file/x",
      "https://gist.github.com/someone/abc",
      "https://x.com/someone/status/1",
      "https://docs.simplepdf.eu/x",
      "http://reddit.com/r/a/comments/b/c",
    ]
  ) {
    assert.equal(isAllowedEmbedLink(link), true, link);
  }
});

Deno.test("other sites, look-alike names, other schemes and non-URLs are refused", () => {
  for (
    const link of [
      "https://evil.example/",
      "https://youtube.com.evil.example/",
      "https://evilyoutube.com/",
      "https://a.b.simplepdf.eu/",
      "https://simplepdf.eu/",
      "https://github.com/x",
      "javascript:alert(1)",
      "data:text/html,<b>x</b>",
      "//youtube.com/watch",
      "youtube.com/watch",
      "",
    ]
  ) {
    assert.equal(isAllowedEmbedLink(link), false, link);
  }
});
