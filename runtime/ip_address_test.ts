import assert from "node:assert/strict";
import { isIpLiteral, isPublicAddress, parseIpv6 } from "./ip_address.ts";

const NOT_PUBLIC = [
  "0.0.0.0",
  "10.1.2.3",
  "100.64.0.1",
  "100.127.255.255",
  "127.0.0.1",
  "127.255.255.254",
  "169.254.169.254",
  "172.16.0.1",
  "172.31.255.255",
  "192.0.0.8",
  "192.0.2.1",
  "192.168.1.1",
  "198.18.0.1",
  "198.51.100.7",
  "203.0.113.9",
  "224.0.0.251",
  "239.255.255.250",
  "240.0.0.1",
  "255.255.255.255",
  "::",
  "::1",
  "[::1]",
  "::ffff:127.0.0.1",
  "::ffff:7f00:1",
  "[::ffff:169.254.169.254]",
  "::127.0.0.1",
  "64:ff9b::10.0.0.1",
  "2002:c0a8:101::1",
  "fc00::1",
  "fd12:3456:789a::1",
  "fe80::1",
  "fe80::1%eth0",
  "ff02::1",
  "2001:db8::1",
  "2001:0:4136:e378::1",
  "100::1",
];

const PUBLIC = [
  "1.1.1.1",
  "8.8.8.8",
  "100.63.255.255",
  "100.128.0.0",
  "172.15.255.255",
  "172.32.0.0",
  "192.169.0.1",
  "2606:4700:4700::1111",
  "[2a00:1450:4001:82b::200e]",
  "::ffff:8.8.8.8",
  "64:ff9b::808:808",
  "2002:808:808::1",
];

for (const address of NOT_PUBLIC) {
  Deno.test(`${address} is not a public address`, () => {
    assert.equal(isPublicAddress(address), false);
  });
}

for (const address of PUBLIC) {
  Deno.test(`${address} is a public address`, () => {
    assert.equal(isPublicAddress(address), true);
  });
}

Deno.test("IPv6 text is expanded to eight groups, with a dotted IPv4 tail", () => {
  assert.deepEqual(parseIpv6("::ffff:1.2.3.4"), [0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]);
  assert.deepEqual(parseIpv6("1::"), [1, 0, 0, 0, 0, 0, 0, 0]);
  assert.deepEqual(parseIpv6("1:2:3:4:5:6:7:8"), [1, 2, 3, 4, 5, 6, 7, 8]);
});

Deno.test("malformed addresses and host names are neither public nor literals", () => {
  for (const text of ["1::2::3", "1:2:3:4:5:6:7:8:9", "12345::", "256.1.1.1", "example.com", ""]) {
    assert.equal(isPublicAddress(text), false, text);
    assert.equal(isIpLiteral(text), false, text);
  }
  assert.equal(isIpLiteral("[::1]"), true);
  assert.equal(isIpLiteral("10.0.0.1"), true);
});

Deno.test("brackets and a zone are cut off; a line break anywhere is no address", () => {
  assert.deepEqual(parseIpv6("[fe80::1%eth0]"), [0xfe80, 0, 0, 0, 0, 0, 0, 1]);
  assert.deepEqual(parseIpv6("fe80::1%a%b"), [0xfe80, 0, 0, 0, 0, 0, 0, 1]);
  for (const text of ["[::1\n]", "::1%eth\n0", "::1\n", "[::1]\n"]) {
    assert.equal(parseIpv6(text), null, JSON.stringify(text));
  }
});

Deno.test("text crafted to make a pattern backtrack is read in one pass", () => {
  for (const text of [`${"%".repeat(100_000)}\n`, `[${"%".repeat(100_000)}`]) {
    const started = performance.now();
    assert.equal(parseIpv6(text), null);
    const elapsed = performance.now() - started;
    assert.ok(elapsed < 1000, `${Math.round(elapsed)} ms`);
  }
});
