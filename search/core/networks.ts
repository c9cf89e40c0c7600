// Networks of trusted proxies, as SearXNG's `botdetection.trusted_proxies` lists them: addresses
// and CIDR networks, IPv4 or IPv6, and whether an address is inside one. Pure: the settings check
// the list with it, the edge (http/trusted_proxies.ts) looks through the proxies with it.
import { parseIpv4, parseIpv6 } from "../../runtime/ip_address.ts";

/** This machine only: 127.0.0.0/8 and ::1. */
export const DEFAULT_TRUSTED_PROXIES = ["127.0.0.0/8", "::1"];

interface Network {
  bits: 32 | 128;
  value: bigint;
  prefix: number;
}

/** An address as a number of 32 (IPv4) or 128 (IPv6) bits; an IPv4-mapped IPv6 one as IPv4. */
export function addressBits(text: string): { bits: 32 | 128; value: bigint } | null {
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
