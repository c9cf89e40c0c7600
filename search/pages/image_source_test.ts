import assert from "node:assert/strict";
import { imageSource } from "./image_source.ts";
import { samplePrefs, sampleSite } from "./pages_testing.ts";

const PROXY_ON = samplePrefs({ image_proxy: true });

Deno.test("images load directly unless the user wants the proxy", () => {
  assert.equal(
    imageSource(sampleSite(), samplePrefs(), "https://i.test/a.png"),
    "https://i.test/a.png",
  );
  assert.equal(
    imageSource(sampleSite(), PROXY_ON, "https://i.test/a.png"),
    "/image_proxy?url=https%3A%2F%2Fi.test%2Fa.png&h=abc",
  );
});

Deno.test("a proxy that hands back the original URL is honoured", () => {
  const site = sampleSite({ imageProxy: (url) => url });
  assert.equal(imageSource(site, PROXY_ON, "https://i.test/a.png"), "https://i.test/a.png");
});

Deno.test("non-http image URLs are never loaded, proxied or not", () => {
  for (const prefs of [samplePrefs(), PROXY_ON]) {
    assert.equal(imageSource(sampleSite(), prefs, "javascript:alert(1)"), null);
    assert.equal(imageSource(sampleSite(), prefs, "data:image/png;base64,AAAA"), null);
    assert.equal(imageSource(sampleSite(), prefs, null), null);
  }
});

Deno.test("a proxied address must be on our origin or http(s)", () => {
  const site = sampleSite({ imageProxy: () => "//evil.test/x.png" });
  assert.equal(imageSource(site, PROXY_ON, "https://i.test/a.png"), null);
});
