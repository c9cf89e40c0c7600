// Which URLs may be fetched and which addresses a request may connect to. The addresses returned
// here are the only ones the connection may use: connecting to the checked address instead of the
// name is what keeps a second DNS answer (rebinding) from steering the request elsewhere.
import { isIpLiteral } from "../ip_address.ts";
import { PublicFetchError, timedOut } from "./error.ts";

/** Resolves a host name to IP addresses (text). */
export type ResolveHost = (host: string) => Promise<string[]>;

/** Whether a request may connect to this IP address (canonical text, no brackets). */
export type AddressPolicy = (address: string) => boolean;

export interface TargetPolicy {
  /** Skip every address check and let the system resolver pick the address. */
  allowPrivate: boolean;
  /** Defaults to DNS A and AAAA lookups. */
  resolve?: ResolveHost;
  isAllowedAddress: AddressPolicy;
}

/** Parses `input` (relative to `base`, for redirects) and refuses what is not plain http(s). */
export function parseTargetUrl(input: string | URL, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(input, base);
  } catch {
    throw new PublicFetchError("invalid_url", String(input), "not a valid URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new PublicFetchError("invalid_url", url, "only http and https URLs can be fetched");
  }
  // Credentials would be sent to whatever host the URL names; refusing is simpler than
  // deciding when that is intended.
  if (url.username !== "" || url.password !== "") {
    throw new PublicFetchError("invalid_url", url, "URLs with credentials are refused");
  }
  return url;
}

/** The host as Deno.connect and TLS want it: IPv6 literals without brackets. */
export function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

/**
 * The addresses a request to `url` may connect to, every one of them allowed, in the resolver's
 * order; null when `allowPrivate` lets the connection use the name itself.
 */
export async function checkedAddresses(
  url: URL,
  policy: TargetPolicy,
  signal?: AbortSignal,
): Promise<string[] | null> {
  if (policy.allowPrivate) return null;
  const host = bareHostname(url);
  if (isIpLiteral(host)) {
    if (!policy.isAllowedAddress(host)) throw blocked(url);
    return [host];
  }
  // RFC 6761: these names always mean the local machine, whatever a resolver says.
  const name = host.replace(/\.$/, "");
  if (name === "localhost" || name.endsWith(".localhost")) throw blocked(url);

  let answers: string[];
  try {
    answers = await untilAborted(
      policy.resolve ? policy.resolve(name) : resolveWithDns(name, signal),
      signal,
    );
  } catch (error) {
    if (signal?.aborted) throw timedOut(url, error);
    throw new PublicFetchError("dns", url, "name lookup failed", { cause: error });
  }
  const addresses = [...new Set(answers.map((answer) => answer.replace(/^\[(.*)\]$/, "$1")))];
  if (addresses.length === 0) throw new PublicFetchError("dns", url, "name does not resolve");
  // One bad answer blocks the name: an attacker controls the order the answers come in.
  const allowed = (address: string) => isIpLiteral(address) && policy.isAllowedAddress(address);
  if (!addresses.every(allowed)) throw blocked(url);
  return addresses;
}

function blocked(url: URL): PublicFetchError {
  return new PublicFetchError("blocked", url, "not a public address");
}

async function resolveWithDns(host: string, signal?: AbortSignal): Promise<string[]> {
  const [v4, v6] = await Promise.allSettled([
    Deno.resolveDns(host, "A", { signal }),
    Deno.resolveDns(host, "AAAA", { signal }),
  ]);
  if (v4.status === "rejected" && v6.status === "rejected") throw v4.reason;
  return [v4, v6].flatMap((lookup) => lookup.status === "fulfilled" ? lookup.value : []);
}

/** `promise`, or a rejection as soon as `signal` aborts (an injected resolver may ignore it). */
function untilAborted<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    if (signal.aborted) onAbort();
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
