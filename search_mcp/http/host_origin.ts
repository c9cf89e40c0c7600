// Allowlists against DNS rebinding (Host) and against web pages calling the server from a
// visitor's browser (Origin). Pure: the app applies them.

const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];

/** Hosts accepted when hardened and MCP_HTTP_ALLOWED_HOSTS is unset: loopback and compose's name. */
export const DEFAULT_ALLOWED_HOSTS = [...LOOPBACK_NAMES, "search_mcp"];

/**
 * An entry without a port accepts its name on any port ("localhost" matches "localhost:3000");
 * an entry with a port accepts that port only. Names compare case-insensitively.
 */
export function isAllowedHost(host: string | null, allowed: readonly string[]): boolean {
  if (!host) return false;
  const given = host.toLowerCase();
  const name = given.replace(/:\d+$/, "");
  return allowed.some((entry) => {
    const wanted = entry.toLowerCase();
    return wanted === given || wanted === name;
  });
}

/**
 * An absent Origin passes: it comes from a non-browser client, which a page cannot make the
 * visitor's browser into. Without a configured list only loopback pages may call; the literal
 * "null" origin (sandboxed frames, file: pages) never passes.
 */
export function isAllowedOrigin(origin: string | null, allowed: readonly string[] | undefined) {
  if (origin === null) return true;
  if (allowed) return allowed.includes(origin);
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return (url.protocol === "http:" || url.protocol === "https:") &&
    LOOPBACK_NAMES.includes(url.hostname);
}
