// Deno builds a request's URL from its Host header as sent: a malformed one (a port out of range,
// a stray bracket, a space) would make every later `new URL(request.url)` throw. Every service
// (the Hono ones through runtime/http.ts, collab on its own) refuses it with 400 before any route
// reads the URL. No imports: collab's handler stays free of Hono.

/** Why `request`'s Host header cannot be served; null when it is fine. */
export function hostProblem(request: Request): string | null {
  return URL.canParse(request.url) ? null : "the Host header is not a valid host or host:port";
}
