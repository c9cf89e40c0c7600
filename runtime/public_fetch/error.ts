// The one error type callers of fetchPublic see. Messages name the host, never a resolved address
// or anything from a response body, so they can be shown to whoever asked for the URL.

export type PublicFetchErrorKind =
  /** Not parseable, not http or https, or carries credentials. */
  | "invalid_url"
  /** The literal or a resolved address is not public. */
  | "blocked"
  /** The name does not resolve. */
  | "dns"
  /** Refused, unreachable, or closed or reset before a response head. */
  | "connect"
  /** Handshake or certificate failure. */
  | "tls"
  /** The caller's signal aborted (the overall deadline passed). */
  | "timeout"
  | "too_many_redirects"
  /** The body is larger than allowed, as declared or as counted while streaming. */
  | "too_large"
  /** A malformed response. */
  | "protocol";

export class PublicFetchError extends Error {
  override readonly name = "PublicFetchError";
  /** The URL of the request that failed (after redirects, the hop that failed). */
  readonly url: string;

  constructor(
    readonly kind: PublicFetchErrorKind,
    url: URL | string,
    detail: string,
    options?: ErrorOptions,
  ) {
    const host = url instanceof URL ? url.host : "";
    super(host === "" ? detail : `${host}: ${detail}`, options);
    this.url = String(url);
  }
}

/** The error for a request whose signal aborted, whatever it was doing then. */
export function timedOut(url: URL, cause?: unknown): PublicFetchError {
  return new PublicFetchError("timeout", url, "deadline passed", { cause });
}
