// A loopback proxy that adds `Authorization: Bearer <token>` to every request, for clients that
// cannot send headers of their own (the MCP conformance suite). Everything else passes unchanged,
// Host and Origin included, so the server judges them as the client sent them.
import { listen } from "../../runtime/serve.ts";

export interface BearerProxy {
  /** The target's `/mcp` on the proxy's own address. */
  mcpUrl: URL;
  [Symbol.asyncDispose](): Promise<void>;
}

export async function startBearerProxy(target: URL, token: string): Promise<BearerProxy> {
  // Deno's fetch replaces a Host header with the URL's unless the client allows it.
  const client = Deno.createHttpClient({ allowHost: true });
  const server = await listen((request) => {
    const url = new URL(request.url);
    const headers = new Headers(request.headers);
    headers.set("authorization", `Bearer ${token}`);
    return fetch(new URL(url.pathname + url.search, target), {
      client,
      method: request.method,
      headers,
      body: request.body,
      // A client that hangs up cancels the body returned here, which ends the upstream request
      // (a GET stream would stay open otherwise).
      redirect: "manual",
    });
  }, { hostname: "127.0.0.1", port: 0 });
  return {
    mcpUrl: new URL("/mcp", server.url),
    async [Symbol.asyncDispose]() {
      await server.stop();
      client.close();
    },
  };
}
