// URL handling for merged results: which upstream links we accept, when two links count as the
// same page, and the Python-style split SearXNG clients read.
import type { ParsedUrl } from "./types.ts";

/**
 * The http(s) URL an upstream link points to (trimmed, a scheme-relative one as https); null for
 * anything a result may not link to (other schemes such as `javascript:`, relative or unparsable
 * links). Tracking parameters are the tracker_url_remover plugin's business.
 */
export function cleanUrl(raw: string): string | null {
  return cleanedUrl(raw)?.href ?? null;
}

/** cleanUrl's answer as a parsed URL, for callers that read its parts (parsing is not cheap). */
export function cleanedUrl(raw: string): URL | null {
  const trimmed = raw.trim();
  return parseHttpUrl(trimmed.startsWith("//") ? `https:${trimmed}` : trimmed);
}

/**
 * The key under which two result URLs are the same page. Deliberately lazy (like searx and
 * SearXNG before 2025): the scheme, a leading `www.` and one trailing `/` of the path are ignored,
 * the path is compared percent-decoded; query and fragment must match exactly.
 */
export function dedupKey(url: string | URL): string {
  const parsed = typeof url === "string" ? URL.parse(url.trim()) : url;
  if (!parsed) return (url as string).trim();
  const host = parsed.host.toLowerCase().replace(/^www\./, "");
  const path = percentDecode(parsed.pathname).replace(/\/$/, "");
  // JSON keeps the parts apart: a decoded path may itself contain `?` or `#`.
  return JSON.stringify([host, path, parsed.search, parsed.hash]);
}

/** Python's `urlparse(url)`: `[scheme, netloc, path, params, query, fragment]`. */
export function parsedUrl(url: string | URL): ParsedUrl {
  const parsed = typeof url === "string" ? URL.parse(url) : url;
  if (!parsed) return ["", "", url as string, "", "", ""];
  const userinfo = parsed.username === ""
    ? ""
    : `${parsed.username}${parsed.password === "" ? "" : `:${parsed.password}`}@`;
  // Python splits `;params` off the last path segment only.
  const lastSlash = parsed.pathname.lastIndexOf("/");
  const semicolon = parsed.pathname.indexOf(";", Math.max(lastSlash, 0));
  const path = semicolon < 0 ? parsed.pathname : parsed.pathname.slice(0, semicolon);
  const params = semicolon < 0 ? "" : parsed.pathname.slice(semicolon + 1);
  return [
    parsed.protocol.slice(0, -1),
    `${userinfo}${parsed.host}`,
    path,
    params,
    parsed.search.slice(1),
    parsed.hash.slice(1),
  ];
}

/** Decodes every well-formed run of `%XX` escapes; malformed ones stay as they are. */
export function percentDecode(value: string): string {
  return value.replace(/(?:%[0-9a-fA-F]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/** The URL in its normalised form, or null unless `value` is an absolute http(s) URL with a host. */
export function httpUrl(value: string | null | undefined): string | null {
  return parseHttpUrl(value)?.href ?? null;
}

function parseHttpUrl(value: string | null | undefined): URL | null {
  const url = value ? URL.parse(value) : null;
  if (url === null || (url.protocol !== "http:" && url.protocol !== "https:")) return null;
  return url.hostname ? url : null;
}

/**
 * A provider's link as SearXNG joins it: an absolute one as it is (a scheme-relative one takes
 * `baseUrl`'s scheme), a relative one appended to the engine's `base_url`, whose path stays. A
 * mirror at `https://mirror.example/pypi` links `/project/x/` as
 * `https://mirror.example/pypi/project/x/`, where resolving against the answer's address would
 * drop `/pypi`. Null unless the outcome is an http(s) URL.
 */
export function linkUnderBaseUrl(link: string | null | undefined, baseUrl: string): string | null {
  const trimmed = link?.trim();
  if (!trimmed) return null;
  if (trimmed.startsWith("//") || URL.canParse(trimmed)) {
    return httpUrl(URL.parse(trimmed, baseUrl)?.href);
  }
  return httpUrl(`${baseUrl}${trimmed.startsWith("/") ? "" : "/"}${trimmed}`);
}
