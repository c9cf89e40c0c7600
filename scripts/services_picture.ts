// Draws the README's picture of the four services and their clients with the diagram service's
// own drawing engine (spec → layout → scene → SVG), and writes it to docs/services.svg.
// Run `deno task services-picture` after changing the spec below; a test checks that the committed
// file is what this draws.
import { generateDiagram } from "../diagram/drawing/generate.ts";
import { parseSpec } from "../diagram/drawing/spec.ts";
import { renderFullSize } from "../diagram/drawing/svg/render_svg.ts";

/** Where the picture is written, relative to the repository's root. */
export const PICTURE_PATH = "docs/services.svg";

/** The four services, what reaches them and what they reach, as a spec the MCP tools take. */
export const SERVICES_SPEC = {
  layout: "TB",
  nodes: [
    { id: "searx_clients", label: "SearXNG clients (Open WebUI, LangChain…)", color: "gray" },
    { id: "agents", label: "MCP hosts and agents (Claude, Cursor, VS Code…)", color: "gray" },
    { id: "browser", label: "Browser", shape: "stadium", color: "gray" },
    { id: "ywebsocket", label: "y-websocket clients", color: "gray" },
    { id: "nginx", label: "nginx (optional: rooms sharded over several collab)", shape: "rounded" },
    { id: "search", label: "search :8080", color: "blue" },
    { id: "search_mcp", label: "search_mcp :3000", color: "blue" },
    { id: "diagram", label: "diagram :8000", color: "green" },
    { id: "collab", label: "collab :1234", color: "green" },
    { id: "providers", label: "web search providers, Wikipedia", shape: "cylinder" },
    {
      id: "data",
      label: "data folder (libSQL diagram.db, secrets.json, backups/, collab/)",
      shape: "cylinder",
      color: "yellow",
    },
  ],
  edges: [
    { from: "browser", to: "search", label: "HTTP: pages" },
    { from: "searx_clients", to: "search", label: "SearXNG JSON API" },
    { from: "agents", to: "search_mcp", label: "MCP /mcp" },
    { from: "agents", to: "diagram", label: "MCP /mcp" },
    { from: "browser", to: "diagram", label: "HTTP: pages, REST API" },
    { from: "browser", to: "nginx", label: "WebSocket: the editor's room" },
    { from: "ywebsocket", to: "nginx", label: "WebSocket" },
    { from: "nginx", to: "collab", label: "hash of /<diagram id>" },
    { from: "search_mcp", to: "search", label: "JSON API (SEARXNG_URL)" },
    { from: "collab", to: "diagram", label: "signed HTTP: load, save" },
    { from: "search", to: "providers", label: "HTTPS" },
    { from: "diagram", to: "data", label: "libSQL" },
    { from: "collab", to: "data", label: "room files", line: "dashed" },
  ],
};

/** The picture as SVG: the same spec always gives the same bytes. */
export async function servicesPicture(): Promise<string> {
  const parsed = parseSpec(SERVICES_SPEC);
  if (!parsed.ok) throw new Error(parsed.errors.join("\n"));
  const file = await generateDiagram(parsed.spec, {
    diagramId: "services-picture",
    source: "scripts/services_picture.ts",
    updated: 0,
  });
  return renderFullSize(file.elements as unknown as Record<string, unknown>[], {
    background: "#ffffff",
  });
}

if (import.meta.main) {
  const root = new URL("../", import.meta.url);
  await Deno.writeTextFile(new URL(PICTURE_PATH, root), await servicesPicture());
  console.log(`wrote ${PICTURE_PATH}`);
}
