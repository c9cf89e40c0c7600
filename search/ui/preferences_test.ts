import assert from "node:assert/strict";
import {
  preferenceCookies,
  type Preferences,
  preferencesFromForm,
  readPreferences,
} from "./preferences.ts";
import { ENGINE_NAMES, samplePrefs } from "./testing.ts";

const DEFAULTS = samplePrefs();

/** What a browser sends back: the name=value part of each Set-Cookie. */
function cookieHeader(setCookies: string[]): string {
  return setCookies.map((cookie) => cookie.split(";")[0]).join("; ");
}

Deno.test("preferences saved from the form read back from their cookies unchanged", () => {
  const form = new URLSearchParams({
    language: "zh-TW",
    safesearch: "2",
    theme: "dark",
    method: "POST",
    image_proxy: "on",
    engine_duckduckgo: "on",
    "engine_google news": "on",
  });
  const prefs = preferencesFromForm(form, DEFAULTS, ENGINE_NAMES);
  const expected: Preferences = {
    language: "zh-TW",
    safesearch: 2,
    theme: "dark",
    method: "POST",
    disabled_engines: ["brave", "wikipedia"],
    image_proxy: true,
  };
  assert.deepEqual(prefs, expected);
  const cookies = preferenceCookies(prefs, { secure: false });
  assert.deepEqual(readPreferences(cookieHeader(cookies), DEFAULTS, ENGINE_NAMES), expected);
});

Deno.test("switching every engine back on and the image proxy off survives the round trip", () => {
  const before = samplePrefs({ disabled_engines: ["brave"], image_proxy: true });
  const form = new URLSearchParams(ENGINE_NAMES.map((name) => [`engine_${name}`, "on"]));
  const prefs = preferencesFromForm(form, before, ENGINE_NAMES);
  assert.deepEqual(prefs.disabled_engines, []);
  assert.equal(prefs.image_proxy, false);
  const header = cookieHeader(preferenceCookies(prefs, { secure: false }));
  assert.deepEqual(readPreferences(header, before, ENGINE_NAMES), prefs);
});

Deno.test("each preference gets its own long-lived, HttpOnly, SameSite=Lax cookie on /", () => {
  const cookies = preferenceCookies(samplePrefs(), { secure: false });
  assert.deepEqual(
    cookies.map((cookie) => cookie.split("=")[0]),
    ["language", "safesearch", "theme", "method", "disabled_engines", "image_proxy"],
  );
  for (const cookie of cookies) {
    const attributes = cookie.split("; ").slice(1);
    assert.deepEqual(attributes, ["Path=/", "Max-Age=157680000", "SameSite=Lax", "HttpOnly"]);
  }
});

Deno.test("cookies are marked Secure only when asked", () => {
  const secure = preferenceCookies(samplePrefs(), { secure: true });
  for (const cookie of secure) assert.ok(cookie.endsWith("; HttpOnly; Secure"), cookie);
  const plain = preferenceCookies(samplePrefs(), { secure: false });
  for (const cookie of plain) assert.ok(!cookie.includes("Secure"), cookie);
});

Deno.test("cookie values are URL-encoded", () => {
  const cookies = preferenceCookies(
    samplePrefs({ disabled_engines: ["google news", "brave"] }),
    { secure: false },
  );
  assert.ok(cookies.includes(
    "disabled_engines=google%20news%2Cbrave; Path=/; Max-Age=157680000; SameSite=Lax; HttpOnly",
  ));
});

Deno.test("bad or unknown cookie values fall back to the defaults", () => {
  const defaults = samplePrefs({ language: "en", safesearch: 1, disabled_engines: ["brave"] });
  const header = [
    "language=english!",
    "safesearch=7",
    "theme=solarized",
    "method=PUT",
    "image_proxy=maybe",
    "unrelated=1",
  ].join("; ");
  assert.deepEqual(readPreferences(header, defaults, ENGINE_NAMES), defaults);
  assert.deepEqual(readPreferences(null, defaults, ENGINE_NAMES), defaults);
  assert.deepEqual(readPreferences("garbage;;=;language", defaults, ENGINE_NAMES), defaults);
});

Deno.test("a cookie with a malformed escape is ignored instead of failing the request", () => {
  const prefs = readPreferences("language=%E0%A4%A; theme=dark", DEFAULTS, ENGINE_NAMES);
  assert.equal(prefs.language, DEFAULTS.language);
  assert.equal(prefs.theme, "dark");
});

Deno.test("unknown engine names in the cookie are dropped", () => {
  const prefs = readPreferences(
    "disabled_engines=brave%2Cnot-an-engine%2C%2Cgoogle%20news",
    DEFAULTS,
    ENGINE_NAMES,
  );
  assert.deepEqual(prefs.disabled_engines, ["brave", "google news"]);
});

Deno.test("the first of two cookies with the same name wins", () => {
  const prefs = readPreferences("theme=light; theme=dark", DEFAULTS, ENGINE_NAMES);
  assert.equal(prefs.theme, "light");
});

Deno.test("invalid form values fall back to the defaults", () => {
  const defaults = samplePrefs({ language: "de", safesearch: 1, theme: "light", method: "POST" });
  const form = new URLSearchParams({
    language: "<script>",
    safesearch: "3",
    theme: "neon",
    method: "DELETE",
  });
  const prefs = preferencesFromForm(form, defaults, ENGINE_NAMES);
  assert.deepEqual(
    [prefs.language, prefs.safesearch, prefs.theme, prefs.method],
    ["de", 1, "light", "POST"],
  );
});
