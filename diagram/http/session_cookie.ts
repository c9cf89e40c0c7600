// The login cookie. Over https it takes the __Host- prefix, which browsers only accept with
// Secure, Path=/ and no Domain, so a sibling subdomain cannot plant or overwrite it.
import { SESSION_LIFETIME_MS } from "../store/sessions.ts";

export function sessionCookieName(secure: boolean): string {
  return secure ? "__Host-diagram_session" : "diagram_session";
}

export function sessionCookie(token: string, secure: boolean): string {
  return [
    `${sessionCookieName(secure)}=${token}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${Math.floor(SESSION_LIFETIME_MS / 1000)}`,
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

export function expiredSessionCookie(secure: boolean): string {
  return [
    `${sessionCookieName(secure)}=`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    "Max-Age=0",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/** The session token from a Cookie header, or null. */
export function readSessionCookie(cookieHeader: string | null, secure: boolean): string | null {
  if (!cookieHeader) return null;
  const name = sessionCookieName(secure);
  for (const part of cookieHeader.split(";")) {
    const separator = part.indexOf("=");
    if (separator !== -1 && part.slice(0, separator).trim() === name) {
      return part.slice(separator + 1).trim();
    }
  }
  return null;
}
