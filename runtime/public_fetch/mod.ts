// Fetching URLs on someone else's behalf without letting them reach internal addresses: the
// literal host and every resolved address must be public, and the connection goes to the
// address that was checked, so DNS rebinding cannot swap it. GET only, HTTP/1.1 over Deno.connect
// (and Deno.startTls for https, verified against the URL's host name).
import { isPublicAddress } from "../ip_address.ts";
import { readCapped } from "../read_capped.ts";
import { PublicFetchError } from "./error.ts";
import { fetchWithPolicy, type PublicFetchOptions, type PublicResponse } from "./fetch.ts";

export { PublicFetchError, type PublicFetchErrorKind } from "./error.ts";
export type { PublicFetchOptions, PublicResponse } from "./fetch.ts";
export type { ResolveHost } from "./target.ts";

/** GETs `url`, following redirects; rejects with PublicFetchError. 4xx and 5xx are responses. */
export function fetchPublic(
  url: string | URL,
  options: PublicFetchOptions = {},
): Promise<PublicResponse> {
  return fetchWithPolicy(url, options, isPublicAddress);
}

/** The whole (decoded, capped) body; rejects with PublicFetchError. */
export async function readAll(response: PublicResponse): Promise<Uint8Array> {
  try {
    // The body stream enforces maxBytes itself.
    return (await readCapped(response.body, Infinity))!;
  } catch (error) {
    if (error instanceof PublicFetchError) throw error;
    throw new PublicFetchError("protocol", response.url, "body could not be read", {
      cause: error,
    });
  }
}
