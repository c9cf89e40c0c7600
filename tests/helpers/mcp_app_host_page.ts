// Browser entry that mcp_app_host.ts bundles: a chat client's page, as a web host of MCP Apps is
// built (ext-apps' AppBridge on the host's origin, the view in a sandbox proxy on another origin
// that loads it under the CSP its resource declares). The page is the chat client's MCP client
// too: the tool calls the view makes go to the real diagram service over MCP (the SDK's client,
// streamable HTTP) with a real access token, unless the tool's `_meta.ui.visibility` keeps it from
// the view. The host's client is the SDK's 2.x one, or the 1.x one most hosts embed (it checks a
// tool's structuredContent against the tool's outputSchema, refusals included). What the view asks
// of the host (open a link, update the model's context, change the display mode) is recorded for
// the test to read.
import {
  AppBridge,
  type McpUiHostContext,
  type McpUiResourceCsp,
  PostMessageTransport,
} from "@modelcontextprotocol/ext-apps/app-bridge";
import {
  type CallToolResult,
  Client,
  StreamableHTTPClientTransport,
} from "@modelcontextprotocol/client";
import { Client as Client1 } from "@modelcontextprotocol/sdk/client";
// @ts-types="@modelcontextprotocol/sdk/client/streamableHttp"
import { StreamableHTTPClientTransport as StreamableHTTPClientTransport1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

// The page's DOM, loosely typed: test code is type-checked without the DOM's library.
// deno-lint-ignore no-explicit-any
type Dom = any;
declare const document: Dom;
declare const innerWidth: number;
declare const innerHeight: number;

export interface HostEvent {
  method: string;
  params: unknown;
  /** Epoch milliseconds, comparable with the view's `data-shown-at`. */
  at: number;
}

export interface HostOptions {
  /** The view's document, as resources/read gave it. */
  html: string;
  csp: McpUiResourceCsp;
  /** The sandbox proxy's page on its own origin; it applies the CSP it is given. */
  sandboxUrl: string;
  theme: "light" | "dark";
  /** Whether the host offers full screen (some hosts have no such mode). */
  fullscreen: boolean;
  /** The chat column's width, which the view gets inline. */
  width: number;
  /** The diagram service's MCP endpoint, and the person's access token for it. */
  mcpUrl: string;
  token: string;
  /** The MCP SDK line of the host's client. */
  sdk: "1.x" | "2.x";
}

export interface HostPageGlobals {
  startHost(options: HostOptions): Promise<void>;
  /** Sends the tool's arguments, then its result; returns when the result was sent. */
  showToolResult(input: Record<string, unknown>, result: CallToolResult): Promise<number>;
  setTheme(theme: "light" | "dark"): void;
  events: HostEvent[];
  displayMode: string;
}

const globals = globalThis as unknown as HostPageGlobals;
globals.events = [];
globals.displayMode = "inline";
let bridge: AppBridge | null = null;
let context: McpUiHostContext = {};

const now = () => performance.timeOrigin + performance.now();
const record = (method: string, params: unknown) =>
  globals.events.push({ method, params, at: now() });

/** The host's own MCP connection, and which tools the view may call through it. */
async function connectServer(options: HostOptions) {
  const info = { name: "test chat client", version: "1.0.0" };
  const url = new URL(options.mcpUrl);
  const init = { requestInit: { headers: { authorization: `Bearer ${options.token}` } } };
  let client: Pick<Client, "listTools" | "callTool">;
  if (options.sdk === "1.x") {
    const client1 = new Client1(info);
    await client1.connect(new StreamableHTTPClientTransport1(url, init));
    client = client1 as unknown as typeof client;
  } else {
    const client2 = new Client(info);
    await client2.connect(new StreamableHTTPClientTransport(url, init));
    client = client2;
  }
  // Listing the tools is also when the 1.x client learns their outputSchemas.
  const { tools } = await client.listTools();
  const forApp = new Set(
    tools.filter((tool) => {
      const ui = (tool._meta as { ui?: { visibility?: string[] } } | undefined)?.ui;
      return (ui?.visibility ?? ["model", "app"]).includes("app");
    }).map((tool) => tool.name),
  );
  return { client, forApp };
}

globals.startHost = async (options) => {
  const server = await connectServer(options);
  const column = document.getElementById("chat")!;
  column.style.width = `${options.width}px`;
  const frame = document.createElement("iframe");
  frame.id = "view";
  frame.title = "Diagram view";
  // The proxy runs on its own origin (allow-same-origin keeps that origin, not ours).
  frame.setAttribute("sandbox", "allow-scripts allow-same-origin");
  frame.src = options.sandboxUrl;
  column.append(frame);
  const inline = (): McpUiHostContext["containerDimensions"] => ({
    width: options.width,
    maxHeight: 600,
  });
  context = {
    theme: options.theme,
    displayMode: "inline",
    availableDisplayModes: options.fullscreen ? ["inline", "fullscreen"] : ["inline"],
    containerDimensions: inline(),
    platform: "web",
    locale: "en-US",
  };
  bridge = new AppBridge(null, { name: "test chat client", version: "1.0.0" }, {
    openLinks: {},
    serverTools: {},
    updateModelContext: { text: {} },
    logging: {},
  }, { hostContext: context });
  bridge.oncalltool = async (params) => {
    record("tools/call", params);
    if (!server.forApp.has(params.name)) {
      return {
        content: [{ type: "text", text: `the view may not call ${params.name}` }],
        isError: true,
      };
    }
    return await server.client.callTool(params) as CallToolResult;
  };
  bridge.onopenlink = (params) => {
    record("ui/open-link", params);
    return Promise.resolve({});
  };
  bridge.onupdatemodelcontext = (params) => {
    record("ui/update-model-context", params);
    return Promise.resolve({});
  };
  let inlineHeight = 120;
  bridge.onrequestdisplaymode = ({ mode }) => {
    record("ui/request-display-mode", { mode });
    const granted = context.availableDisplayModes?.includes(mode) ? mode : context.displayMode!;
    const full = granted === "fullscreen";
    frame.classList.toggle("fullscreen", full);
    // Inline, the frame is as tall as the view says it is; full screen, as the window.
    frame.style.height = full ? "" : `${inlineHeight}px`;
    globals.displayMode = granted;
    context = {
      ...context,
      displayMode: granted,
      containerDimensions: full ? { width: innerWidth, height: innerHeight } : inline(),
    };
    bridge!.setHostContext(context);
    return Promise.resolve({ mode: granted });
  };
  bridge.onsizechange = ({ height }) => {
    record("ui/notifications/size-changed", { height });
    if (height === undefined) return;
    inlineHeight = height;
    if (globals.displayMode === "inline") frame.style.height = `${height}px`;
  };
  const initialized = new Promise<void>((resolve) => {
    bridge!.oninitialized = () => {
      record("ui/notifications/initialized", {});
      resolve();
    };
  });
  bridge.onsandboxready = () => {
    record("ui/notifications/sandbox-proxy-ready", {});
    void bridge!.sendSandboxResourceReady({ html: options.html, csp: options.csp });
  };
  await bridge.connect(new PostMessageTransport(frame.contentWindow!, frame.contentWindow!));
  await initialized;
};

globals.showToolResult = async (input, result) => {
  await bridge!.sendToolInput({ arguments: input });
  const at = now();
  record("ui/notifications/tool-result", {});
  await bridge!.sendToolResult(result);
  return at;
};

globals.setTheme = (theme) => {
  context = { ...context, theme };
  bridge!.setHostContext(context);
};
