import assert from "node:assert/strict";
import { withoutTrackers } from "./tracker_url_remover.ts";

const clean = (url: string) => withoutTrackers(new URL(url)).href;

Deno.test("tracking parameters are removed while the others keep their order, spelling and fragment", () => {
  assert.equal(
    clean("https://example.com/p?b=2&utm_source=feed&q=caf%C3%A9+au%20lait&fbclid=x1&a=1#top"),
    "https://example.com/p?b=2&q=caf%C3%A9+au%20lait&a=1#top",
  );
});

Deno.test("SearXNG's usual trackers go: utm_*, fbclid, gclid, dclid, msclkid, mc_eid, _ga, yclid …", () => {
  const trackers = [
    "utm_source",
    "utm_medium",
    "utm_campaign",
    "utm_term",
    "utm_content",
    "utm_whatever",
    "fbclid",
    "gclid",
    "gclsrc",
    "dclid",
    "msclkid",
    "mc_eid",
    "mc_cid",
    "_ga",
    "_gl",
    "yclid",
    "twclid",
    "srsltid",
    "mkt_tok",
    "ga_source",
    "_hsenc",
    "__hssc",
    "oly_anon_id",
    "vero_id",
    "wickedid",
    "mc",
    "wt_mc",
  ];
  const query = trackers.map((name) => `${name}=1`).join("&");
  assert.equal(clean(`https://example.com/?keep=1&${query}`), "https://example.com/?keep=1");
});

Deno.test("tracking parameter names are matched whole, case-sensitively, after percent-decoding", () => {
  assert.equal(
    clean("https://example.com/p?utm%5Fsource=x&FBCLID=y&gclid_like=z&ref=a&amc_x=1"),
    "https://example.com/p?FBCLID=y&gclid_like=z&ref=a&amc_x=1",
  );
});

Deno.test("a query left empty loses its question mark, and dangling separators go", () => {
  assert.equal(clean("https://example.com/p?utm_source=a&&gclid=b#x"), "https://example.com/p#x");
  assert.equal(clean("https://example.com/p?&a=1&&utm_id=2&b=&"), "https://example.com/p?a=1&b=");
});

Deno.test("a link without trackers is the same object, untouched", () => {
  const url = new URL("https://example.com/p?a=1&&b");
  assert.equal(withoutTrackers(url), url);
  assert.equal(url.href, "https://example.com/p?a=1&&b");
});

Deno.test("provider rules apply on their own hosts only: YouTube's si, Twitter's ref_src, Instagram's igshid", () => {
  assert.equal(
    clean("https://www.youtube.com/watch?v=abc&si=share1&feature=shared"),
    "https://www.youtube.com/watch?v=abc",
  );
  assert.equal(clean("https://youtu.be/abc?si=x"), "https://youtu.be/abc");
  assert.equal(
    clean("https://twitter.com/u/status/1?ref_src=twsrc&s=20"),
    "https://twitter.com/u/status/1",
  );
  assert.equal(clean("https://x.com/u?t=abc"), "https://x.com/u");
  assert.equal(
    clean("https://www.instagram.com/p/1/?igshid=abc"),
    "https://www.instagram.com/p/1/",
  );
  assert.equal(clean("https://example.com/?si=1&s=2&t=3"), "https://example.com/?si=1&s=2&t=3");
});

Deno.test("ClearURLs' exception hosts keep their parameters", () => {
  const github = "https://github.com/o/r/compare?utm_source=x&ref=main";
  assert.equal(clean(github), github);
  assert.equal(
    clean("https://docs.gitlab.com/x?utm_source=y"),
    "https://docs.gitlab.com/x?utm_source=y",
  );
  assert.equal(clean("https://notgithub.com/x?utm_source=y"), "https://notgithub.com/x");
});
