// Who may read /metrics. The figures tell an outsider how busy the service is, which engines fail
// and how big the database is: without METRICS_TOKEN only a peer on this machine (loopback) is
// answered; with it, a request from anywhere that carries the token. Behind a reverse proxy on the
// same machine, the peer is the proxy: set a token there, or do not route /metrics through it.
import { bearerTokenCheck } from "../bearer_token.ts";
import { text } from "../../shared/env.ts";
import { parseIpv4, parseIpv6 } from "../ip_address.ts";

export type MetricsRefusal = { status: 401 | 403; error: string } | null;

/** True for 127.0.0.0/8, ::1 and IPv4-mapped loopback (::ffff:127.x.y.z). */
export function isLoopbackPeer(address: string): boolean {
  const v4 = parseIpv4(address);
  if (v4 !== null) return v4 >>> 24 === 127;
  const v6 = parseIpv6(address);
  if (v6 === null) return false;
  const zeros = v6.slice(0, 5).every((group) => group === 0);
  if (zeros && v6[5] === 0 && v6[6] === 0 && v6[7] === 1) return true;
  return zeros && v6[5] === 0xffff && v6[6] >>> 8 === 127;
}

/** The check for one service: null lets the scrape through, otherwise why it is refused. */
export function metricsAccess(
  token: string | undefined,
): (authorization: string | null, peer: string) => MetricsRefusal {
  if (token === undefined) {
    return (_authorization, peer) =>
      isLoopbackPeer(peer) ? null : {
        status: 403,
        error: "metrics are answered on loopback only; set METRICS_TOKEN to scrape from elsewhere",
      };
  }
  const matches = bearerTokenCheck(token);
  return (authorization) =>
    matches(authorization)
      ? null
      : { status: 401, error: "metrics need Authorization: Bearer <METRICS_TOKEN>" };
}

/** METRICS_TOKEN, read the same way by every service. */
export const metricsTokenVariable = text({ secret: true, minLength: 16 });
