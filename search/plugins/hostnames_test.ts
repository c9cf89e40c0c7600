import assert from "node:assert/strict";
import { compileHostPattern, HostnameRules, NO_HOSTNAME_RULES } from "./hostnames.ts";
import { MAX_HOST_LENGTH } from "./safe_pattern.ts";

const rules = (settings: Partial<typeof NO_HOSTNAME_RULES>) =>
  new HostnameRules({ ...NO_HOSTNAME_RULES, ...settings });

const replaced = (r: HostnameRules, url: string) => r.replaced(new URL(url)).href;

Deno.test("patterns are searched in the host, not matched whole (SearXNG's pattern.search)", () => {
  const r = rules({ remove: ["pinterest"] });
  assert.equal(r.removes(new URL("https://www.pinterest.co.uk/pin/1")), true);
  assert.equal(r.removes(new URL("https://example.com/pinterest")), false);
});

Deno.test("replace substitutes what matched, as Python's sub, keeping path, query, fragment and port", () => {
  const anchored = rules({ replace: [["(.*\\.)?youtube\\.com$", "yt.example.org"]] });
  assert.equal(
    replaced(anchored, "https://m.youtube.com/watch?v=1&t=2#c"),
    "https://yt.example.org/watch?v=1&t=2#c",
  );
  const bare = rules({ replace: [["youtube\\.com", "yt.example.org"]] });
  assert.equal(
    replaced(bare, "https://www.youtube.com:8443/x"),
    "https://www.yt.example.org:8443/x",
  );
});

Deno.test("the first matching replace rule wins, and a non-matching link is the same object", () => {
  const r = rules({
    replace: [["reddit\\.com$", "first.example.org"], ["(.*\\.)?reddit\\.com$", "second.example"]],
  });
  assert.equal(replaced(r, "https://www.reddit.com/r/x"), "https://www.first.example.org/r/x");
  const url = new URL("https://example.com/");
  assert.equal(r.replaced(url), url);
});

Deno.test("high priority wins over low, and no rule runs on hosts longer than DNS allows", () => {
  const r = rules({ low_priority: ["example"], high_priority: ["example\\.org$"] });
  assert.equal(r.priority(new URL("https://example.org/")), "high");
  assert.equal(r.priority(new URL("https://example.com/")), "low");
  assert.equal(r.priority(new URL("https://other.net/")), "");
  const long = `https://${"a".repeat(MAX_HOST_LENGTH - 11)}.example.com/`;
  assert.equal(new URL(long).host.length > MAX_HOST_LENGTH, true);
  assert.equal(r.priority(new URL(long)), "");
});

Deno.test("Python's named groups compile; refused patterns say why", () => {
  assert.equal(compileHostPattern("(?P<sub>[a-z]+)\\.example\\.org").test("www.example.org"), true);
  assert.throws(() => compileHostPattern("(a+)+"), /^Error: refused: a repeated group holds/);
  assert.throws(() => compileHostPattern("[z-a]"), /^Error: not a valid regular expression/);
});

Deno.test("an empty rule set says so", () => {
  assert.equal(rules({}).empty, true);
  assert.equal(rules({ high_priority: ["x"] }).empty, false);
});

Deno.test("the literal filter never changes what a pattern matches", () => {
  const patterns = [
    "(.*\\.)?youtube\\.com$",
    "(.*\\.)?google(\\..*)?$",
    "^www\\.[a-z]+\\.example\\.org",
    "ab?c+d",
    "youtube|youtu\\.be",
    "a\\dbc",
    "x-?y",
  ];
  const hosts = [
    "www.youtube.com",
    "youtube.com.evil.org",
    "google",
    "www.google.co.uk",
    "www.shop.example.org",
    "acccd.net",
    "ad.net",
    "youtu.be",
    "a1bc.org",
    "xy.org",
    "x-y.org",
    "example.com",
  ];
  for (const pattern of patterns) {
    const r = rules({ remove: [pattern] });
    for (const host of hosts) {
      assert.equal(
        r.removes(new URL(`https://${host}/`)),
        new RegExp(pattern).test(host),
        `${pattern} on ${host}`,
      );
    }
  }
});
