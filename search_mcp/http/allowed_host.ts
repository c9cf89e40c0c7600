// The Host allowlist against DNS rebinding, when hardened: a page served from a name that
// resolves to this machine names that host. Browser pages are judged by their Origin in every
// mode (runtime/mcp/browser_origin.ts). Pure: the app applies it.

/** Hosts accepted when hardened and MCP_HTTP_ALLOWED_HOSTS is unset: loopback and compose's name. */
export const DEFAULT_ALLOWED_HOSTS = ["localhost", "127.0.0.1", "[::1]", "search_mcp"];

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
