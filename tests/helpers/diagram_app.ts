// The diagram app in this process around a test core, for tests and benches that call it with
// app.fetch or read its routes: no MCP endpoint (it answers 404), no editor bundle.
import { createDiagramApp } from "../../diagram/app.ts";
import type { DiagramService } from "../../diagram/service/diagram_service.ts";
import type { McpEndpoint } from "../../runtime/mcp/endpoint.ts";

const NO_MCP: McpEndpoint = {
  handle: () => Promise.resolve(new Response(null, { status: 404 })),
  sessionCount: 0,
  close: () => Promise.resolve(),
};

/** createDiagramApp over `core`, served as `baseUrl`, with a fixed collab secret. */
export function inProcessDiagramApp(core: DiagramService, baseUrl: string) {
  return createDiagramApp({
    core,
    baseUrl,
    mcp: NO_MCP,
    trustProxy: false,
    collabSecret: "c".repeat(40),
    editor: { bundle: null, collabOrigin: "ws://localhost:8001" },
  });
}
