// The address a search comes from, as SearXNG's bot detection derives it: the connection's peer,
// unless the peer is one of `botdetection.trusted_proxies` (a reverse proxy in front of us; by
// default this machine only, 127.0.0.0/8 and ::1), in which case the nearest X-Forwarded-For hop
// that is no trusted proxy itself, or X-Real-IP. Hops further left are whatever the client wrote,
// so the walk stops at the first untrusted one. The limiter counts by it and `ip` answers it.
import type { Context } from "hono";
import { getConnInfo } from "hono/deno";
import { parseIpv4, parseIpv6 } from "../../runtime/ip_address.ts";

export const DEFAULT_TRUSTED_PROXIES = ["127.0.0.0/8", "::1"];

interface Network {
  bits: 32 | 128;
  value: bigint;
  prefix: number;
}

/** An address as a number of 32 (IPv4) or 128 (IPv6) bits; an IPv4-mapped IPv6 one as IPv4. */
function addressBits(text: string): { bits: 32 | 128; value: bigint } | null {
  const v4 = parseIpv4(text);
  if (v4 !== null) return { bits: 32, value: BigInt(v4) };
  const v6 = parseIpv6(text);
  if (v6 === null) return null;
  if (v6.slice(0, 5).every((group) => group === 0) && v6[5] === 0xffff) {
    return { bits: 32, value: BigInt(((v6[6] << 16) | v6[7]) >>> 0) };
  }
  return { bits: 128, value: v6.reduce((sum, group) => (sum << 16n) | BigInt(group), 0n) };
}

/** `address` or `address/prefix`, IPv4 or IPv6; null when it is neither. */
export function parseNetwork(text: string): Network | null {
  const slash = text.indexOf("/");
  const address = addressBits(slash < 0 ? text.trim() : text.slice(0, slash).trim());
  if (address === null) return null;
  const prefixText = slash < 0 ? String(address.bits) : text.slice(slash + 1).trim();
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = Number(prefixText);
  if (prefix > address.bits) return null;
  return { ...address, prefix };
}

function contains(network: Network, address: { bits: number; value: bigint }): boolean {
  if (network.bits !== address.bits) return false;
  const shift = BigInt(network.bits - network.prefix);
  return network.value >> shift === address.value >> shift;
}

/** Whether an address is one of `networks` (each checked by the settings: parseNetwork). */
export function trustedProxies(networks: readonly string[]): (address: string) => boolean {
  const parsed = networks.map((text) => parseNetwork(text)!);
  return (address) => {
    const bits = addressBits(address);
    return bits !== null && parsed.some((network) => contains(network, bits));
  };
}

/** The request's client address, looking through trusted proxies only. */
export function clientAddressThrough(
  c: Context,
  isTrusted: (address: string) => boolean,
): string {
  let peer: string;
  try {
    peer = getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // Outside Deno.serve (in-process tests) there is no peer.
    return "unknown";
  }
  if (!isTrusted(peer)) return peer;
  const hops = (c.req.header("x-forwarded-for") ?? "").split(",").map((hop) => hop.trim())
    .filter((hop) => hop !== "");
  for (let i = hops.length - 1; i >= 0; i--) {
    if (addressBits(hops[i]) === null) return peer;
    if (!isTrusted(hops[i])) return hops[i];
  }
  const realIp = c.req.header("x-real-ip")?.trim();
  if (realIp !== undefined && addressBits(realIp) !== null) return realIp;
  return hops[0] ?? peer;
}
