// A chat client that speaks MCP Apps, for browser tests of the diagram view: the host page
// (ext-apps' AppBridge) on one loopback origin, the sandbox proxy on another, under the CSP the
// spec prescribes for the view's declared domains, and every tool call the view makes forwarded
// by the host page to the real diagram service over MCP with a real access token (a tool the view
// may not call, by its `_meta.ui.visibility`, is refused there as a host must).
import { join, relative } from "node:path";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import type { CallToolResult } from "@modelcontextprotocol/client";
import type { Frame, Page } from "playwright-core";
import { listen, type RunningServer } from "../../runtime/serve.ts";
import type { HostEvent, HostOptions, HostPageGlobals } from "./mcp_app_host_page.ts";

export type { HostEvent };

export interface ViewResource {
  html: string;
  csp: { resourceDomains?: string[]; connectDomains?: string[]; frameDomains?: string[] };
}

const ENTRIES = {
  host: fileURLToPath(new URL("./mcp_app_host_page.ts", import.meta.url)),
  sandbox: fileURLToPath(new URL("./mcp_app_sandbox_page.ts", import.meta.url)),
};

const HOST_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Chat</title><link rel="icon" href="data:,"><style>
body { margin: 0; font: 14px system-ui, sans-serif; background: #f4f4f5; }
#chat { margin: 16px auto; max-width: 100%; }
#chat p { margin: 0 0 8px; }
#view { display: block; width: 100%; height: 120px; border: 1px solid #d4d4d8; border-radius: 10px;
  background: #fff; }
#view.fullscreen { position: fixed; inset: 0; width: 100vw; height: 100vh; border: 0;
  border-radius: 0; z-index: 10; }
</style></head><body><main id="chat"><p>Here is the diagram:</p></main>
<script type="module" src="/host.js"></script></body></html>`;

const SANDBOX_HTML = `<!doctype html><html><head><meta charset="utf-8">
<link rel="icon" href="data:,"><style>
html, body { margin: 0; height: 100%; overflow: hidden; }
iframe { display: block; width: 100%; height: 100%; border: 0; }
</style></head><body><script src="/sandbox.js"></script></body></html>`;

/** Only what could end a CSP directive or add a keyword is refused in a declared domain. */
function domains(list: string[] | undefined): string {
  return (list ?? []).filter((domain) => !/[\s;,'"]/.test(domain)).join(" ");
}

/**
 * The view's CSP as MCP Apps prescribes it: the restrictive default with the resource's declared
 * domains added where each belongs, no nested frames unless declared, never plugins.
 */
export function viewPolicy(csp: ViewResource["csp"]): string {
  const resources = domains(csp.resourceDomains);
  const connect = domains(csp.connectDomains);
  const frames = domains(csp.frameDomains);
  return [
    "default-src 'none'",
    `script-src 'self' 'unsafe-inline' ${resources}`,
    `style-src 'self' 'unsafe-inline' ${resources}`,
    `img-src 'self' data: ${resources}`,
    `font-src 'self' ${resources}`,
    `media-src 'self' data: ${resources}`,
    `connect-src ${connect || "'none'"}`,
    `frame-src ${frames || "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
  ].map((directive) => directive.trim()).join("; ");
}

let bundle: Promise<Map<string, string>> | undefined;

/** Both pages' scripts, bundled once per process and kept in memory. */
function pageScripts(): Promise<Map<string, string>> {
  bundle ??= (async () => {
    const outdir = join(tmpdir(), "mcp-app-host");
    try {
      const result = await esbuild.build({
        entryPoints: ENTRIES,
        bundle: true,
        format: "esm",
        platform: "browser",
        target: "es2022",
        outdir,
        write: false,
        logLevel: "silent",
      });
      return new Map(
        result.outputFiles.map((file) => [`/${relative(outdir, file.path)}`, file.text]),
      );
    } finally {
      await esbuild.stop();
    }
  })();
  return bundle;
}

const script = (text: string | undefined) =>
  text === undefined
    ? new Response("not found", { status: 404 })
    : new Response(text, { headers: { "Content-Type": "text/javascript; charset=utf-8" } });

/** The host's and the sandbox's servers, on two loopback origins. */
export interface HostServers extends AsyncDisposable {
  host: URL;
  sandbox: URL;
}

export async function startHostServers(): Promise<HostServers> {
  const scripts = await pageScripts();
  const servers: RunningServer[] = [];
  const host = await listen((request) => {
    const path = new URL(request.url).pathname;
    if (path === "/") {
      return new Response(HOST_HTML, { headers: { "Content-Type": "text/html; charset=utf-8" } });
    }
    return script(path === "/host.js" ? scripts.get("/host.js") : undefined);
  }, { hostname: "127.0.0.1", port: 0 });
  servers.push(host);
  const sandbox = await listen((request) => {
    const url = new URL(request.url);
    if (url.pathname === "/sandbox.html") {
      const csp = JSON.parse(url.searchParams.get("csp") ?? "{}");
      return new Response(SANDBOX_HTML, {
        headers: {
          "Content-Type": "text/html; charset=utf-8",
          "Content-Security-Policy": viewPolicy(csp),
          "Cache-Control": "no-store",
        },
      });
    }
    return script(url.pathname === "/sandbox.js" ? scripts.get("/sandbox.js") : undefined);
  }, { hostname: "127.0.0.1", port: 0 });
  servers.push(sandbox);
  return {
    host: host.url,
    sandbox: sandbox.url,
    async [Symbol.asyncDispose]() {
      for (const server of servers) await server.stop();
    },
  };
}

export interface AppHost {
  page: Page;
  /** The view's own frame (the proxy's inner frame). */
  view: Frame;
  /** Sends the tool's input and result as the host does; the epoch ms the result was sent. */
  showToolResult(input: Record<string, unknown>, result: CallToolResult): Promise<number>;
  setTheme(theme: "light" | "dark"): Promise<void>;
  events(method?: string): Promise<HostEvent[]>;
  /** Resolves with the first event of `method` (after `since`) once it reached the host. */
  waitForEvent(method: string, since?: number): Promise<HostEvent>;
  displayMode(): Promise<string>;
}

/** The proxy's inner frame, once Playwright has seen it navigate to the view's document. */
async function viewFrame(page: Page): Promise<Frame> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    const view = page.frames().find((frame) => frame.url() === "about:srcdoc");
    if (view !== undefined) return view;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("the view's frame is not there");
}

/**
 * The console error a browser MCP client leaves on a stateless endpoint: after initialize it asks
 * for the optional GET stream, which the diagram service answers 405, as the protocol allows.
 */
export const STATELESS_GET_REFUSED =
  /status of 405 \(Method Not Allowed\) \(http:\/\/127\.0\.0\.1:\d+\/mcp\)/;

/** The diagram service's MCP endpoint and the access token the chat client calls it with. */
export interface ServerAccess {
  mcpUrl: URL;
  token: string;
}

/**
 * Opens the chat page on `page` with the view of `resource` loaded and initialised; the view's
 * tool calls go to the service at `access`.
 */
export async function openAppHost(
  page: Page,
  servers: HostServers,
  access: ServerAccess,
  resource: ViewResource,
  options: {
    theme?: "light" | "dark";
    width?: number;
    fullscreen?: boolean;
    /** The MCP SDK line of the host's client (2.x unless asked). */
    sdk?: "1.x" | "2.x";
  } = {},
): Promise<AppHost> {
  await page.goto(servers.host.href);
  const sandboxUrl = new URL("/sandbox.html", servers.sandbox);
  sandboxUrl.searchParams.set("csp", JSON.stringify(resource.csp));
  sandboxUrl.searchParams.set("host", servers.host.origin);
  const hostOptions: HostOptions = {
    html: resource.html,
    csp: resource.csp,
    sandboxUrl: sandboxUrl.href,
    theme: options.theme ?? "light",
    fullscreen: options.fullscreen ?? true,
    width: options.width ?? 720,
    mcpUrl: access.mcpUrl.href,
    token: access.token,
    sdk: options.sdk ?? "2.x",
  };
  await page.waitForFunction(() =>
    typeof (globalThis as unknown as Partial<HostPageGlobals>).startHost === "function"
  );
  await page.evaluate(
    (options: HostOptions) => (globalThis as unknown as HostPageGlobals).startHost(options),
    hostOptions,
  );
  const view = await viewFrame(page);

  const events = (method?: string) =>
    page.evaluate(
      (method: string | null) =>
        (globalThis as unknown as HostPageGlobals).events.filter((event) =>
          method === null || event.method === method
        ),
      method ?? null,
    );
  return {
    page,
    view,
    showToolResult: (input, result) =>
      page.evaluate(
        ([input, result]) =>
          (globalThis as unknown as HostPageGlobals).showToolResult(
            input as Record<string, unknown>,
            result as CallToolResult,
          ),
        [input, result] as const,
      ),
    setTheme: (theme) =>
      page.evaluate(
        (theme: "light" | "dark") => (globalThis as unknown as HostPageGlobals).setTheme(theme),
        theme,
      ),
    events,
    async waitForEvent(method, since = 0) {
      const handle = await page.waitForFunction(
        ([method, since]) =>
          (globalThis as unknown as HostPageGlobals).events.find((event) =>
            event.method === method && event.at >= (since as number)
          ),
        [method, since] as const,
      );
      return await handle.jsonValue() as HostEvent;
    },
    displayMode: () => page.evaluate(() => (globalThis as unknown as HostPageGlobals).displayMode),
  };
}
