// Every request body is read here, before any route, within a size cap and a deadline: a client
// that sends too much gets 413 and one that trickles or stalls its body gets 408, so no route
// ever waits on a client. Routes then read the bytes already in memory (text(), formData()).
import type { MiddlewareHandler } from "hono";
import {
  BodyTimeoutError,
  readBodyCapped,
  type ReadBodyOptions,
} from "../../runtime/read_capped.ts";

export function boundedBody(maxBytes: number, options: ReadBodyOptions = {}): MiddlewareHandler {
  return async (c, next) => {
    const raw = c.req.raw;
    // A GET or HEAD body is never read by a route, so it cannot hold one (and a Request of
    // those methods cannot be rebuilt with a body).
    if (raw.body === null || raw.method === "GET" || raw.method === "HEAD") return next();
    let bytes: Uint8Array | null;
    try {
      bytes = await readBodyCapped(raw, maxBytes, options);
    } catch (error) {
      if (!(error instanceof BodyTimeoutError)) throw error;
      return c.json({ error: `Request body not received in time: ${error.message}` }, 408);
    }
    if (bytes === null) {
      return c.json({ error: `Request body larger than ${maxBytes} bytes` }, 413);
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
