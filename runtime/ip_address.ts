// Is an IP address one that a server may fetch on someone else's behalf? Loopback, private,
// link-local (cloud metadata at 169.254.169.254), CGNAT, multicast and reserved ranges are not.
// Input is canonical text: what `new URL()` gives as a hostname (it already rewrites decimal, hex,
// octal and short IPv4 forms) or what a DNS lookup returns.

type Range = [network: number, prefix: number];

const IPV4_NON_PUBLIC: Range[] = [
  [ipv4("0.0.0.0"), 8], // "this network"
  [ipv4("10.0.0.0"), 8],
  [ipv4("100.64.0.0"), 10], // carrier-grade NAT
  [ipv4("127.0.0.0"), 8],
  [ipv4("169.254.0.0"), 16], // link-local, cloud metadata
  [ipv4("172.16.0.0"), 12],
  [ipv4("192.0.0.0"), 24], // IETF protocol assignments
  [ipv4("192.0.2.0"), 24], // documentation
  [ipv4("192.88.99.0"), 24], // 6to4 relay anycast
  [ipv4("192.168.0.0"), 16],
  [ipv4("198.18.0.0"), 15], // benchmarking
  [ipv4("198.51.100.0"), 24],
  [ipv4("203.0.113.0"), 24],
  [ipv4("224.0.0.0"), 4], // multicast
  [ipv4("240.0.0.0"), 4], // reserved, broadcast
];

function ipv4(text: string): number {
  const parts = text.split(".").map(Number);
  return ((parts[0] << 24) | (parts[1] << 16) | (parts[2] << 8) | parts[3]) >>> 0;
}

const IPV4_TEXT = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

export function parseIpv4(text: string): number | null {
  return IPV4_TEXT.test(text) ? ipv4(text) : null;
}

function inRange(address: number, [network, prefix]: Range): boolean {
  const mask = prefix === 0 ? 0 : (~0 << (32 - prefix)) >>> 0;
  return ((address & mask) >>> 0) === network;
}

function isPublicIpv4(address: number): boolean {
  return !IPV4_NON_PUBLIC.some((range) => inRange(address, range));
}

/** The eight 16-bit groups of an IPv6 address (brackets and a zone allowed), or null. */
export function parseIpv6(text: string): number[] | null {
  // Cut by hand: `/%.*$/` tried every `%` against the rest of the text, time in its square.
  // No line break belongs to an address, in brackets or in a zone.
  if (/[\n\r\u2028\u2029]/.test(text)) return null;
  const unbracketed = text.length >= 2 && text.startsWith("[") && text.endsWith("]")
    ? text.slice(1, -1)
    : text;
  const zone = unbracketed.indexOf("%");
  let body = (zone < 0 ? unbracketed : unbracketed.slice(0, zone)).toLowerCase();
  if (!/^[0-9a-f:.]+$/.test(body) || !body.includes(":")) return null;
  // A dotted IPv4 tail (::ffff:1.2.3.4) stands for the last two groups.
  if (body.includes(".")) {
    const cut = body.lastIndexOf(":");
    const v4 = parseIpv4(body.slice(cut + 1));
    if (v4 === null) return null;
    body = `${body.slice(0, cut + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = body.split("::");
  if (halves.length > 2) return null;
  const split = (half: string) => half === "" ? [] : half.split(":");
  const head = split(halves[0]);
  const tail = halves.length === 2 ? split(halves[1]) : [];
  if (![...head, ...tail].every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const hex = (group: string) => parseInt(group, 16);
  return [
    ...head.map(hex),
    ...new Array(halves.length === 2 ? missing : 0).fill(0),
    ...tail.map(hex),
  ];
}

function isPublicIpv6(groups: number[]): boolean {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups;
  const embeddedV4 = ((g6 << 16) | g7) >>> 0;
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0) {
    // ::, ::1, IPv4-compatible ::a.b.c.d and IPv4-mapped ::ffff:a.b.c.d
    if (g5 === 0xffff) return isPublicIpv4(embeddedV4);
    return false;
  }
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return isPublicIpv4(embeddedV4); // NAT64
  }
  if (g0 === 0x2002) return isPublicIpv4(((g1 << 16) | g2) >>> 0); // 6to4
  if ((g0 & 0xe000) !== 0x2000) return false; // only 2000::/3 is global unicast
  if (g0 === 0x2001 && g1 < 0x200) return false; // IETF protocol assignments incl. Teredo
  if (g0 === 0x2001 && g1 === 0x0db8) return false; // documentation
  return true;
}

/** True when `address` is an IP literal in a publicly routable range; false for anything else. */
export function isPublicAddress(address: string): boolean {
  const v4 = parseIpv4(address);
  if (v4 !== null) return isPublicIpv4(v4);
  const v6 = parseIpv6(address);
  return v6 !== null && isPublicIpv6(v6);
}

/** True for IPv4 and IPv6 literals (brackets allowed), false for host names. */
export function isIpLiteral(host: string): boolean {
  return parseIpv4(host) !== null || parseIpv6(host) !== null;
}
