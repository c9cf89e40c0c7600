// A stand-in for the internet in tests and benchmarks: one loopback HTTP server whose routes play
// the search providers (each under its own path prefix, which `base_url` keeps) and web hosts.
import { listen } from "../../runtime/serve.ts";

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
  /** Aborts when the client goes away. */
  signal: AbortSignal;
}

export type UpstreamHandler = (request: RecordedRequest) => Response | Promise<Response>;

export interface FakeUpstream {
  /** `http://127.0.0.1:<port>` (no trailing slash). */
  origin: string;
  /** Every request received, oldest first. */
  requests: RecordedRequest[];
  /** Replaces the handlers of a path prefix ("/brave/") and of every longer prefix under it. */
  route(prefix: string, handler: UpstreamHandler): void;
  stop(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

export async function startFakeUpstream(
  routes: Record<string, UpstreamHandler> = {},
  { record = true }: { record?: boolean } = {},
): Promise<FakeUpstream> {
  const table = new Map(Object.entries(routes));
  const requests: RecordedRequest[] = [];
  const server = await listen(async (request) => {
    const recorded: RecordedRequest = {
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: request.body ? await request.text() : "",
      // Read lazily: touching it makes Deno warn about its legacy abort-on-success behaviour.
      get signal() {
        return request.signal;
      },
    };
    if (record) requests.push(recorded);
    const path = recorded.url.pathname;
    let best: string | undefined;
    for (const prefix of table.keys()) {
      if (path.startsWith(prefix) && (best === undefined || prefix.length > best.length)) {
        best = prefix;
      }
    }
    if (best === undefined) return new Response("no such fake route", { status: 404 });
    return await table.get(best)!(recorded);
  }, { hostname: "127.0.0.1", port: 0 });
  return {
    origin: server.url.origin,
    requests,
    route(prefix, handler) {
      for (const key of [...table.keys()]) if (key.startsWith(prefix)) table.delete(key);
      table.set(prefix, handler);
    },
    stop: () => server.stop(),
    [Symbol.asyncDispose]: () => server.stop(),
  };
}

export function html(body: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", ...headers },
  });
}

export function json(value: unknown, status = 200): Response {
  return new Response(JSON.stringify(value), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

/** Answers after `ms`, or at once (with 499) when the client gives up first. */
export function delayed(
  ms: number,
  request: RecordedRequest,
  respond: () => Response,
): Promise<Response> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(respond()), ms);
    request.signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve(new Response(null, { status: 499 }));
    });
  });
}

/** Sends `prefix`, then breaks the connection before the body is complete. */
export function resetMidBody(prefix: string): Response {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(prefix));
    },
    pull(controller) {
      controller.error(new Error("connection reset by the fake upstream"));
    },
  });
  return new Response(stream, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}

/** An endless body of `chunk` repeated, produced lazily (the reader has to give up). */
export function endlessBody(
  chunk = "<div>xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx</div>\n",
): Response {
  const bytes = new TextEncoder().encode(chunk.repeat(1024));
  return new Response(
    new ReadableStream<Uint8Array>({ pull: (controller) => controller.enqueue(bytes) }),
    { headers: { "Content-Type": "text/html; charset=utf-8" } },
  );
}
