// Where to send a person after signing in or after a form: only a page of this site. The
// candidate is resolved against BASE_URL with the WHATWG URL parser, as the browser will resolve
// the Location we send (backslashes read as slashes, tabs and line breaks dropped, `%2e` taken as
// a dot segment), and kept only when it stays on BASE_URL's origin. The path we hand back must
// also resolve to that same address: `/.//evil.example/` resolves to the path `//evil.example/`
// on our own origin, but sent as a Location that path is a link to another host.

const FALLBACK = "/";
const MAX_LENGTH = 2000;

export function safeNext(next: string | undefined | null, baseUrl: string): string {
  if (!next || next.length > MAX_LENGTH || !next.startsWith("/")) return FALLBACK;
  const base = new URL(baseUrl);
  const resolved = URL.parse(next, base);
  if (resolved === null || resolved.origin !== base.origin) return FALLBACK;
  // The login page itself is no destination.
  if (resolved.pathname === "/login") return FALLBACK;
  const path = resolved.pathname + resolved.search + resolved.hash;
  return URL.parse(path, base)?.href === resolved.href ? path : FALLBACK;
}

/**
 * safeNext, then `params` set in its query: the notice the page it leads to shows (such as the
 * diagram just moved to the trash). Set through the URL parser on the path already kept, so a
 * value cannot change where the address leads.
 */
export function safeNextWith(
  next: string | undefined | null,
  baseUrl: string,
  params: Record<string, string>,
): string {
  const url = new URL(safeNext(next, baseUrl), baseUrl);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.pathname + url.search + url.hash;
}
