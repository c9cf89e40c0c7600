// The least an MCP search call can cost on this machine, for bench/search_mcp_bench.ts's floor
// round: a bare Deno.serve that reads the JSON-RPC request, asks the engine stub as search_mcp
// does, and answers the engine's results as a JSON-RPC result of about the same size (gzip'd at
// level 1 when the client takes gzip), with no MCP SDK, Hono, guards, schemas or text rendering.
// What search_mcp's calls cost above this is the protocol and what it asks for; this much is the
// HTTP client and server, the engine call and the processes waking for each other.
// Run as `deno run -A bench/search_mcp_floor_server.ts <engine origin>`; prints its address.
import { gzipSync } from "node:zlib";

const engine = Deno.args[0];

Deno.serve({
  hostname: "127.0.0.1",
  port: 0,
  onListen: ({ port }) => console.log(`listening on http://127.0.0.1:${port}/`),
}, async (request) => {
  const call = await request.json();
  const query = encodeURIComponent(call.params.arguments.query);
  const answer = await (await fetch(`${engine}/search?format=json&q=${query}`)).json();
  const text = answer.results.map((result: Record<string, string>) =>
    `Title: ${result.title}\nDescription: ${result.content}\nURL: ${result.url}`
  ).join("\n\n");
  const body = new TextEncoder().encode(JSON.stringify({
    jsonrpc: "2.0",
    id: call.id,
    result: { content: [{ type: "text", text }], structuredContent: answer },
  }));
  const gzip = request.headers.get("accept-encoding")?.includes("gzip") ?? false;
  return new Response(gzip ? gzipSync(body, { level: 1 }) : body, {
    headers: {
      "Content-Type": "application/json",
      ...(gzip ? { "Content-Encoding": "gzip" } : {}),
    },
  });
});
