// Where to send a person after signing in: only a path on this site. Anything else (another
// host, `//evil.example`, `/\evil.example`, a scheme, control characters) becomes the gallery,
// so the login page cannot be used as an open redirect.

const FALLBACK = "/";

export function safeNext(next: string | undefined | null): string {
  if (!next || next.length > 2000 || !next.startsWith("/")) return FALLBACK;
  // Browsers read a backslash as a slash and drop tabs and line breaks inside URLs.
  if (/[\\\p{Cc}]/u.test(next) || next.startsWith("//")) return FALLBACK;
  const base = "http://same.invalid";
  const resolved = new URL(next, base);
  if (resolved.origin !== base) return FALLBACK;
  // The login page itself is no destination.
  if (resolved.pathname === "/login") return FALLBACK;
  return resolved.pathname + resolved.search + resolved.hash;
}
