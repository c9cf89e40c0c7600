// Browser entry that mcp_app_host.ts bundles: the sandbox proxy of a web host of MCP Apps, on an
// origin other than the host's. Its own page carries the CSP built from the view's declared
// domains (a header, which the inner document inherits); it loads the view's HTML into an inner
// frame without allow-same-origin (an opaque origin: nothing of ours, no cookie, no storage) and
// relays every message between the host and the view, keeping the sandbox-* ones for itself.

// The page's DOM, loosely typed: test code is type-checked without the DOM's library.
// deno-lint-ignore no-explicit-any
type Dom = any;
declare const document: Dom;
declare const parent: Dom;

const hostOrigin = new URL(location.href).searchParams.get("host")!;
const inner = document.createElement("iframe");
inner.setAttribute("sandbox", "allow-scripts");
inner.title = "Diagram view";
document.body.append(inner);

addEventListener("message", (event: Dom) => {
  const message = event.data as { method?: string; params?: { html?: string } } | null;
  if (event.source === parent && event.origin === hostOrigin) {
    if (message?.method === "ui/notifications/sandbox-resource-ready") {
      inner.srcdoc = message.params?.html ?? "";
    } else {
      inner.contentWindow?.postMessage(message, "*");
    }
  } else if (event.source === inner.contentWindow) {
    parent.postMessage(message, hostOrigin);
  }
});

parent.postMessage(
  { jsonrpc: "2.0", method: "ui/notifications/sandbox-proxy-ready", params: {} },
  hostOrigin,
);
