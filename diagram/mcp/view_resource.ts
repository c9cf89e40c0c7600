// The MCP App view, ui://diagram/view.html, as resources/list and resources/read serve it: the
// document scripts/build_view.ts built, with BASE_URL's editor written in, and a CSP that names
// BASE_URL's origin and nothing else. The view's script and stylesheet are inline; only the
// full-screen editor (its bundle, stylesheet and fonts) and the fonts of the inline drawing come
// from our origin, so resourceDomains is that origin. The view opens no connection and no frame: its tool calls go through the host.
import { registerAppResource, RESOURCE_MIME_TYPE } from "@modelcontextprotocol/ext-apps/server";
import type { McpServer } from "@modelcontextprotocol/server";
import { jsonInScript } from "../../runtime/markup.ts";
import type { EditorManifest } from "../editor_bundle.ts";
import { VIEW_CONFIG_PLACEHOLDER, type ViewConfig } from "../view/view_config.ts";
import { DIAGRAM_VIEW_URI } from "./tools/view_meta.ts";

export interface ViewResource {
  html: string;
  csp: { resourceDomains: string[]; connectDomains: string[] };
}

/** The document served when the view was never built: it says so, and how to build it. */
const NOT_BUILT =
  '<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Diagram</title>' +
  "</head>\n<body><p>The diagram view is not built on this server: run <code>deno task build</code>." +
  " The diagram's link is in the tool's answer.</p></body></html>\n";

/** Made once at startup: the document with its config, and the CSP for BASE_URL's origin. */
export function viewResource(
  { document, baseUrl, editor }: {
    /** The built document; null when there is none. */
    document: string | null;
    baseUrl: string;
    editor: EditorManifest | null;
  },
): ViewResource {
  const origin = new URL(baseUrl).origin;
  const built = editor?.appEditor;
  const config: ViewConfig = {
    editor: built === undefined ? null : {
      script: `${origin}/editor/${built.entry}`,
      css: built.css === null ? null : `${origin}/editor/${built.css}`,
      assetPath: `${origin}/editor/`,
    },
    fonts: (built?.fontFaces ?? []).map(({ family, file, unicodeRange }) => ({
      family,
      source: `${origin}/editor/${file}`,
      ...(unicodeRange === undefined ? {} : { unicodeRange }),
    })),
  };
  return {
    html: document === null
      ? NOT_BUILT
      : document.replace(VIEW_CONFIG_PLACEHOLDER, () => jsonInScript(config).toString()),
    csp: { resourceDomains: [origin], connectDomains: [] },
  };
}

export function registerViewResource(server: McpServer, view: ViewResource): void {
  const meta = { ui: { csp: view.csp, prefersBorder: true } };
  registerAppResource(server, "Diagram view", DIAGRAM_VIEW_URI, {
    title: "Diagram",
    description: "Shows a diagram from the tools' answers, with pan, zoom and full-screen editing.",
    _meta: meta,
  }, () => ({
    contents: [{
      uri: DIAGRAM_VIEW_URI,
      mimeType: RESOURCE_MIME_TYPE,
      text: view.html,
      _meta: meta,
    }],
  }));
}
