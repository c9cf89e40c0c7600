import assert from "node:assert/strict";
import { Hono } from "hono";
import { type Preferences, preferencesFromForm } from "../core/preferences.ts";
import { SAMPLE_ENGINES, samplePrefs } from "../pages/pages_testing.ts";
import type { AvailablePlugin } from "../plugins/switches.ts";
import { readPreferences, setPreferenceCookies } from "./preference_cookies.ts";

const DEFAULTS = samplePrefs();

// Three plugins of the catalog at their defaults: two on, one off.
const SAMPLE_PLUGINS: AvailablePlugin[] = [
  { id: "calculator", active: true },
  { id: "tracker_url_remover", active: true },
  { id: "oa_doi_rewrite", active: false },
];

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
  const app = new Hono().get("/", (c) => c.json(readPreferences(c, defaults, SAMPLE_ENGINES)));
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
    engine_duckduckgo__general: "on",
    engine_brave__news: "on",
    "engine_google news__news": "on",
    "engine_qwant images__images": "on",
    plugin_calculator: "on",
    plugin_oa_doi_rewrite: "on",
    doi_resolver: "doi.org",
  });
  const prefs = preferencesFromForm(form, DEFAULTS, SAMPLE_ENGINES, SAMPLE_PLUGINS);
  const expected: Preferences = {
    language: "zh-TW",
    safesearch: 2,
    theme: "dark",
    method: "POST",
    disabled_engines: ["brave__general", "wikipedia__general"],
    enabled_engines: ["qwant images__images"],
    disabled_plugins: ["tracker_url_remover"],
    enabled_plugins: ["oa_doi_rewrite"],
    doi_resolver: "doi.org",
    image_proxy: true,
  };
  assert.deepEqual(prefs, expected);
  const cookies = await preferenceCookies(prefs, { secure: false });
  assert.deepEqual(await preferencesFrom(cookieHeader(cookies)), expected);
});

Deno.test("switching every engine back to its default and the image proxy off survives the round trip", async () => {
  const before = samplePrefs({
    disabled_engines: ["brave__general"],
    enabled_engines: ["qwant images__images"],
    image_proxy: true,
  });
  const form = new URLSearchParams(
    SAMPLE_ENGINES.filter((engine) => !engine.disabled).flatMap((engine) =>
      engine.categories.map((category) => [`engine_${engine.name}__${category}`, "on"])
    ),
  );
  const prefs = preferencesFromForm(form, before, SAMPLE_ENGINES, []);
  assert.deepEqual(prefs.disabled_engines, []);
  assert.deepEqual(prefs.enabled_engines, []);
  assert.equal(prefs.image_proxy, false);
  const header = cookieHeader(await preferenceCookies(prefs, { secure: false }));
  assert.deepEqual(await preferencesFrom(header, before), prefs);
});

Deno.test("each preference gets its own HttpOnly, SameSite=Lax cookie on / for 400 days", async () => {
  const cookies = await preferenceCookies(samplePrefs(), { secure: false });
  assert.deepEqual(
    cookies.map((cookie) => cookie.split("=")[0]),
    [
      "language",
      "safesearch",
      "theme",
      "method",
      "disabled_engines",
      "enabled_engines",
      "disabled_plugins",
      "enabled_plugins",
      "doi_resolver",
      "image_proxy",
    ],
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
    samplePrefs({ disabled_engines: ["google news__news", "brave__general"] }),
    { secure: false },
  );
  assert.ok(cookies.includes(
    "disabled_engines=google%20news__news%2Cbrave__general; Max-Age=34560000; Path=/; HttpOnly; SameSite=Lax",
  ));
});

Deno.test("bad or unknown cookie values fall back to the defaults", async () => {
  const defaults = samplePrefs({
    language: "en",
    safesearch: 1,
    disabled_engines: ["brave__general"],
  });
  const header = [
    "language=english!",
    "safesearch=7",
    "theme=solarized",
    "method=PUT",
    "doi_resolver=no%20such%3Cresolver%3E",
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

Deno.test("unknown engines and categories in the cookie are dropped", async () => {
  const prefs = await preferencesFrom(
    "disabled_engines=brave__general%2Cnot-an-engine__general%2C%2Cgoogle%20news__news%2Cbrave__images",
  );
  assert.deepEqual(prefs.disabled_engines, ["brave__general", "google news__news"]);
});

Deno.test("an engine named without a category in the cookie is off in each of its categories", async () => {
  // What this instance's cookies held before engines were switched per category.
  const prefs = await preferencesFrom("disabled_engines=brave%2Cwikipedia");
  assert.deepEqual(prefs.disabled_engines, ["brave__general", "brave__news", "wikipedia__general"]);
});

Deno.test("engines switched on count only beside a disabled_engines cookie, as in SearXNG", async () => {
  const alone = await preferencesFrom("enabled_engines=qwant%20images__images");
  assert.deepEqual(alone.enabled_engines, []);
  const both = await preferencesFrom("disabled_engines=; enabled_engines=qwant%20images__images");
  assert.deepEqual(both.enabled_engines, ["qwant images__images"]);
  assert.deepEqual(both.disabled_engines, []);
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
  const prefs = preferencesFromForm(form, defaults, SAMPLE_ENGINES, []);
  assert.deepEqual(
    [prefs.language, prefs.safesearch, prefs.theme, prefs.method],
    ["de", 1, "light", "POST"],
  );
});

Deno.test("plugin switches read back from their cookies, unknown ids dropped, as in SearXNG", async () => {
  const prefs = await preferencesFrom(
    "disabled_plugins=calculator%2Cno_such_plugin%2Ccalculator; enabled_plugins=oa_doi_rewrite",
  );
  assert.deepEqual(prefs.disabled_plugins, ["calculator"]);
  assert.deepEqual(prefs.enabled_plugins, ["oa_doi_rewrite"]);
  const alone = await preferencesFrom("enabled_plugins=oa_doi_rewrite");
  assert.deepEqual(alone.enabled_plugins, []);
});
