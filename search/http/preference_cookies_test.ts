import assert from "node:assert/strict";
import { Hono } from "hono";
import { type Preferences, preferencesFromForm } from "../core/preferences.ts";
import { ENGINE_NAMES, samplePrefs } from "../pages/testing.ts";
import { readPreferences, setPreferenceCookies } from "./preference_cookies.ts";

const DEFAULTS = samplePrefs();

/** The Set-Cookie headers of an answer that saved `prefs`. */
async function preferenceCookies(prefs: Preferences, options: { secure: boolean }) {
  const app = new Hono().get("/", (c) => {
    setPreferenceCookies(c, prefs, options);
    return c.body(null);
  });
  return (await app.request("/")).headers.getSetCookie();
}

/** The preferences read from a request that sends `header` as its Cookie header. */
async function preferencesFrom(
  header: string | null,
  defaults: Preferences = DEFAULTS,
): Promise<Preferences> {
  const app = new Hono().get("/", (c) => c.json(readPreferences(c, defaults, ENGINE_NAMES)));
  return await (await app.request("/", { headers: header === null ? {} : { cookie: header } }))
    .json();
}

/** What a browser sends back: the name=value part of each Set-Cookie. */
function cookieHeader(setCookies: string[]): string {
  return setCookies.map((cookie) => cookie.split(";")[0]).join("; ");
}

Deno.test("preferences saved from the form read back from their cookies unchanged", async () => {
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
  const cookies = await preferenceCookies(prefs, { secure: false });
  assert.deepEqual(await preferencesFrom(cookieHeader(cookies)), expected);
});

Deno.test("switching every engine back on and the image proxy off survives the round trip", async () => {
  const before = samplePrefs({ disabled_engines: ["brave"], image_proxy: true });
  const form = new URLSearchParams(ENGINE_NAMES.map((name) => [`engine_${name}`, "on"]));
  const prefs = preferencesFromForm(form, before, ENGINE_NAMES);
  assert.deepEqual(prefs.disabled_engines, []);
  assert.equal(prefs.image_proxy, false);
  const header = cookieHeader(await preferenceCookies(prefs, { secure: false }));
  assert.deepEqual(await preferencesFrom(header, before), prefs);
});

Deno.test("each preference gets its own HttpOnly, SameSite=Lax cookie on / for 400 days", async () => {
  const cookies = await preferenceCookies(samplePrefs(), { secure: false });
  assert.deepEqual(
    cookies.map((cookie) => cookie.split("=")[0]),
    ["language", "safesearch", "theme", "method", "disabled_engines", "image_proxy"],
  );
  for (const cookie of cookies) {
    const attributes = cookie.split("; ").slice(1);
    assert.deepEqual(attributes, ["Max-Age=34560000", "Path=/", "HttpOnly", "SameSite=Lax"]);
  }
});

Deno.test("cookies are marked Secure only when asked", async () => {
  const secure = await preferenceCookies(samplePrefs(), { secure: true });
  for (const cookie of secure) assert.match(cookie, /; Secure(;|$)/);
  const plain = await preferenceCookies(samplePrefs(), { secure: false });
  for (const cookie of plain) assert.ok(!cookie.includes("Secure"), cookie);
});

Deno.test("cookie values are URL-encoded", async () => {
  const cookies = await preferenceCookies(
    samplePrefs({ disabled_engines: ["google news", "brave"] }),
    { secure: false },
  );
  assert.ok(cookies.includes(
    "disabled_engines=google%20news%2Cbrave; Max-Age=34560000; Path=/; HttpOnly; SameSite=Lax",
  ));
});

Deno.test("bad or unknown cookie values fall back to the defaults", async () => {
  const defaults = samplePrefs({ language: "en", safesearch: 1, disabled_engines: ["brave"] });
  const header = [
    "language=english!",
    "safesearch=7",
    "theme=solarized",
    "method=PUT",
    "image_proxy=maybe",
    "unrelated=1",
  ].join("; ");
  assert.deepEqual(await preferencesFrom(header, defaults), defaults);
  assert.deepEqual(await preferencesFrom(null, defaults), defaults);
  assert.deepEqual(await preferencesFrom("garbage;;=;language", defaults), defaults);
});

Deno.test("a cookie with a malformed escape is ignored instead of failing the request", async () => {
  const prefs = await preferencesFrom("language=%E0%A4%A; theme=dark");
  assert.equal(prefs.language, DEFAULTS.language);
  assert.equal(prefs.theme, "dark");
});

Deno.test("unknown engine names in the cookie are dropped", async () => {
  const prefs = await preferencesFrom("disabled_engines=brave%2Cnot-an-engine%2C%2Cgoogle%20news");
  assert.deepEqual(prefs.disabled_engines, ["brave", "google news"]);
});

Deno.test("the first of two cookies with the same name wins", async () => {
  const prefs = await preferencesFrom("theme=light; theme=dark");
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
