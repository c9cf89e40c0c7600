// Every request body is read here, before any route, within a size cap and a deadline: a client
// that sends too much gets 413 and one that trickles or stalls its body gets 408, so no route
// ever waits on a client. Routes then read the bytes already in memory (text(), formData()).
// The reading and its refusals are runtime/request_body.ts's, as in diagram and the MCP endpoint;
// the wording of the `{"error"}` answers is this service's own.
import type { MiddlewareHandler } from "hono";
import { readRequestBytes, RequestBodyError } from "../../runtime/request_body.ts";
import type { ReadBodyOptions } from "../../runtime/read_capped.ts";

export function boundedBody(maxBytes: number, options: ReadBodyOptions = {}): MiddlewareHandler {
  const tooLarge = `Request body larger than ${maxBytes} bytes`;
  return async (c, next) => {
    const raw = c.req.raw;
    // A GET or HEAD body is never read by a route, so it cannot hold one (and a Request of
    // those methods cannot be rebuilt with a body).
    if (raw.body === null || raw.method === "GET" || raw.method === "HEAD") return next();
    let bytes: Uint8Array;
    try {
      bytes = await readRequestBytes(raw, maxBytes, { ...options, tooLarge });
    } catch (error) {
      if (!(error instanceof RequestBodyError)) throw error;
      const reason = error.status === 408
        ? `Request body not received in time: ${error.message}`
        : error.message;
      return c.json({ error: reason }, error.status);
    }
    // Rebuilt from its parts: copying the whole request would touch its signal, which makes Deno
    // warn about the signal's legacy abort-on-success behaviour; no route uses it. Bytes read
    // from a request are never backed by shared memory.
    c.req.raw = new Request(raw.url, {
      method: raw.method,
      headers: raw.headers,
      body: bytes as Uint8Array<ArrayBuffer>,
    });
    return next();
  };
}
