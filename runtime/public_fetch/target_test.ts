// Which URLs and addresses are refused, and that refusals happen before any lookup or connection.
import assert from "node:assert/strict";
import { isPublicAddress } from "../ip_address.ts";
import { PublicFetchError, type PublicFetchErrorKind } from "./error.ts";
import { fetchPublic } from "./mod.ts";
import { checkedAddresses, parseTargetUrl, type ResolveHost } from "./target.ts";

function failsWith(kind: PublicFetchErrorKind) {
  return (error: unknown) => {
    assert.ok(error instanceof PublicFetchError, `not a PublicFetchError: ${error}`);
    assert.equal(error.kind, kind, error.message);
    return true;
  };
}

/** A resolver that answers `addresses` and records what it was asked. */
function answering(addresses: string[]): ResolveHost & { asked: string[] } {
  const asked: string[] = [];
  return Object.assign((host: string) => {
    asked.push(host);
    return Promise.resolve(addresses);
  }, { asked });
}

Deno.test("new URL() rewrites every IPv4 and IPv6 spelling to the canonical form we check", () => {
  const spellings: [string, string][] = [
    ["http://2130706433/", "127.0.0.1"],
    ["http://0x7f000001/", "127.0.0.1"],
    ["http://0177.0.0.1/", "127.0.0.1"],
    ["http://127.1/", "127.0.0.1"],
    ["http://0x7f.1/", "127.0.0.1"],
    ["http://0/", "0.0.0.0"],
    ["http://127.0.0.1./", "127.0.0.1"],
    ["http://%31%32%37.0.0.1/", "127.0.0.1"],
    ["http://[::ffff:127.0.0.1]/", "[::ffff:7f00:1]"],
    ["http://[0:0:0:0:0:0:0:1]/", "[::1]"],
  ];
  for (const [spelling, canonical] of spellings) {
    assert.equal(new URL(spelling).hostname, canonical, spelling);
  }
});

Deno.test("internal addresses in every spelling are blocked without a lookup or a connection", async () => {
  const hosts = [
    "127.0.0.1",
    "2130706433",
    "0x7f000001",
    "0177.0.0.1",
    "127.1",
    "0x7f.1",
    "0",
    "0.0.0.0",
    "10.1.2.3",
    "172.16.0.1",
    "192.168.1.1",
    "100.64.0.1",
    "169.254.169.254",
    "224.0.0.1",
    "240.0.0.1",
    "255.255.255.255",
    "[::1]",
    "[::]",
    "[::ffff:127.0.0.1]",
    "[::ffff:7f00:1]",
    "[fd00::1]",
    "[fe80::1]",
    "[fc00::1]",
    "[ff02::1]",
    // Names for the local machine, refused whatever the resolver would say.
    "localhost",
    "localhost.",
    "api.localhost",
  ];
  const resolve = answering(["127.0.0.1"]);
  for (const host of hosts) {
    await assert.rejects(
      fetchPublic(`http://${host}:8080/x`, { resolve }),
      failsWith("blocked"),
      host,
    );
  }
  assert.deepEqual(resolve.asked, []);
});

Deno.test("a name is blocked when any address it resolves to is not public", async () => {
  for (
    const answers of [
      ["169.254.169.254"],
      ["10.0.0.1"],
      ["93.184.215.14", "127.0.0.1"],
      ["2606:4700::1", "[::1]"],
      ["not-an-address.test"],
    ]
  ) {
    const resolve = answering(answers);
    await assert.rejects(
      fetchPublic("https://metadata.test/latest", { resolve }),
      failsWith("blocked"),
      answers.join(),
    );
    assert.deepEqual(resolve.asked, ["metadata.test"]);
  }
});

Deno.test("public targets yield their checked addresses, without brackets or repeats", async () => {
  const resolve = answering(["93.184.215.14", "[2606:4700::1]", "93.184.215.14"]);
  const policy = { allowPrivate: false, resolve, isAllowedAddress: isPublicAddress };
  assert.deepEqual(await checkedAddresses(new URL("https://example.test/"), policy), [
    "93.184.215.14",
    "2606:4700::1",
  ]);
  assert.deepEqual(await checkedAddresses(new URL("http://[2606:4700::1]:8080/"), policy), [
    "2606:4700::1",
  ]);
  assert.equal(
    await checkedAddresses(new URL("http://10.0.0.1/"), { ...policy, allowPrivate: true }),
    null,
  );
});

Deno.test("a name that does not resolve is a dns error, a lookup past the deadline a timeout", async () => {
  await assert.rejects(
    fetchPublic("http://nowhere.test/", { resolve: answering([]) }),
    failsWith("dns"),
  );
  const failing = () => Promise.reject(new Error("SERVFAIL"));
  await assert.rejects(fetchPublic("http://nowhere.test/", { resolve: failing }), failsWith("dns"));
  const never = () => new Promise<string[]>(() => {});
  await assert.rejects(
    fetchPublic("http://slow.test/", { resolve: never, signal: AbortSignal.timeout(30) }),
    failsWith("timeout"),
  );
});

Deno.test("only plain http and https URLs are accepted", () => {
  for (
    const input of [
      "not a url",
      "/relative/path",
      "ftp://example.test/file",
      "file:///etc/passwd",
      "javascript:alert(1)",
      "http://user:secret@example.test/",
      "https://token@example.test/",
    ]
  ) {
    assert.throws(() => parseTargetUrl(input), failsWith("invalid_url"), input);
  }
  assert.equal(parseTargetUrl("/next", new URL("https://a.test/b/c")).href, "https://a.test/next");
});
