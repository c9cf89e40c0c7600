// How fast the MCP App view shows a diagram, run by hand:
// `npx -y deno@2.9.6 run -A bench/mcp_view_bench.ts` (the view and the editor bundle must be
// built: `npx -y deno@2.9.6 task build`).
// A real diagram service on loopback; the chat client of the browser tests (ext-apps' AppBridge,
// a sandbox proxy on its own origin under the view's CSP, the page's own MCP client calling the
// service with an access token) in Debian's Chromium through playwright-core. For diagrams of
// 30, 100 and 300 nodes, ten views each, every one in a fresh browser context with the view
// already initialised (hosts load it while the tool runs): the time from the host sending the
// tool's result to the view having painted the drawing (its `data-shown-at`, after two
// animation frames). That path holds the view's app_read_diagram call through the host, the
// service's render of the SVG, and the view's parsing and layout. Target: 100 nodes within 1 s.
import { launchChromium } from "../tests/helpers/browser.ts";
import { startDiagram } from "../tests/helpers/diagram_instance.ts";
import { connectClient, type Json } from "../tests/helpers/mcp_client.ts";
import { openAppHost, startHostServers } from "../tests/helpers/mcp_app_host.ts";
import { freePorts } from "../tests/helpers/process.ts";

const VIEWS = 10;
const SIZES = [30, 100, 300];

const [port] = freePorts(1);
const base = `http://127.0.0.1:${port}`;
await using instance = await startDiagram({ DIAGRAM_PORT: String(port), BASE_URL: base });
await instance.admin("reset-password", "bench@example.com", "correct horse battery");
const token = (await instance.admin("create-token", "bench@example.com", "bench")).stdout.trim()
  .split("\n").at(-1)!;
const access = { mcpUrl: new URL("/mcp", base), token };
await using mcp = await connectClient(access.mcpUrl, { authorization: `Bearer ${token}` });
await using servers = await startHostServers();
const read = await mcp.client.readResource({ uri: "ui://diagram/view.html" });
const content = read.contents[0] as Json;
const resource = { html: content.text, csp: content._meta.ui.csp };
console.log(`the view's document: ${(content.text.length / 1024).toFixed(0)} KB`);

const browser = await launchChromium();
try {
  for (const size of SIZES) {
    const nodes = Array.from({ length: size }, (_, i) => ({ id: `n${i}`, label: `Service ${i}` }));
    const edges = nodes.slice(1).map((node, i) => ({ from: `n${Math.floor(i / 3)}`, to: node.id }));
    const input = { name: `${size} services`, spec: { layout: "TB", nodes, edges } };
    const result = await mcp.client.callTool({ name: "create_diagram", arguments: input });
    const { id } = result.structuredContent as Json;
    const svg = (await mcp.client.callTool({
      name: "app_read_diagram",
      arguments: { id, include: ["svg"] },
    })).structuredContent as Json;
    const times: number[] = [];
    for (let view = 0; view < VIEWS; view++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const host = await openAppHost(page, servers, access, resource);
      const sent = await host.showToolResult(input, result as Json);
      await host.view.locator("html[data-shown-at]").waitFor({ timeout: 30_000 });
      times.push(Number(await host.view.locator("html").getAttribute("data-shown-at")) - sent);
      await context.close();
    }
    times.sort((a, b) => a - b);
    const at = (share: number) =>
      times[Math.min(times.length - 1, Math.floor(share * times.length))];
    console.log(
      `${String(size).padStart(4)} nodes (SVG ${(svg.svg.length / 1024).toFixed(0)} KB): ` +
        `shown after ${at(0.5).toFixed(0)} ms (p50), ${at(0.9).toFixed(0)} ms (p90), ` +
        `${times.at(-1)!.toFixed(0)} ms (max) of ${VIEWS} views`,
    );
  }
} finally {
  await browser.close();
}
