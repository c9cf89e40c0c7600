// The address a search comes from, as SearXNG's bot detection derives it: the connection's peer,
// unless the peer is one of `botdetection.trusted_proxies` (a reverse proxy in front of us; by
// default this machine only, 127.0.0.0/8 and ::1), in which case the nearest X-Forwarded-For hop
// that is no trusted proxy itself, or X-Real-IP. Hops further left are whatever the client wrote,
// so the walk stops at the first untrusted one. The limiter counts by it and `ip` answers it.
import type { Context } from "hono";
import { getConnInfo } from "hono/deno";
import { addressBits } from "../core/networks.ts";

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
