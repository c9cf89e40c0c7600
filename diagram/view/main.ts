// The MCP App view of the diagram tools (ui://diagram/view.html), as a chat client that speaks MCP
// Apps shows it under create_diagram's, update_diagram's or get_diagram's answer. The host speaks
// to it through ext-apps' App (ui/initialize, notifications, tool calls it proxies to our MCP
// endpoint with the person's token: the view holds no token and no cookie of ours). On the tool's
// result it reads the diagram with the app-only app_read_diagram and shows our SVG, fitted, to
// pan and zoom; "Open in the gallery" asks the host to open the diagram's page (ui/open-link);
// "Edit" goes full screen with our editor (full_screen_edit.ts).
import { App, type McpUiHostContext } from "@modelcontextprotocol/ext-apps";
import { readDrawing, type ViewedDiagram } from "./diagram_calls.ts";
import { drawingPane, ZOOM_STEP } from "./drawing_pane.ts";
import { fullScreenEditing } from "./full_screen_edit.ts";
import { applyHostContext, fixedHeight, maxHeightOf, themeOf } from "./host_context.ts";
import { VIEW_CONFIG_ELEMENT_ID, type ViewConfig } from "./view_config.ts";

/** Inline, the view is as tall as the drawing fitted to its width, within these bounds. */
const MIN_STAGE = 200;
const DEFAULT_MAX_HEIGHT = 600;

const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

const ui = {
  inline: byId("inline"),
  bar: byId("inline").querySelector<HTMLElement>(".bar")!,
  name: byId("name"),
  revision: byId("revision"),
  stage: byId("stage"),
  drawing: byId("drawing"),
  status: byId("status"),
  open: byId<HTMLButtonElement>("open"),
  edit: byId<HTMLButtonElement>("edit"),
};

const config = readConfig();
addFonts(config.fonts ?? []);
const pane = drawingPane(ui.stage, ui.drawing);
const app = new App(
  { name: "Diagram view", version: "1.0.0" },
  { availableDisplayModes: ["inline", "fullscreen"] },
);
let current: ViewedDiagram | null = null;

const context = (): McpUiHostContext | undefined => app.getHostContext();

function say(text: string, problem = false): void {
  ui.status.textContent = text;
  ui.status.classList.toggle("problem", problem);
  layout();
}

/** Inline and free to choose its height: the drawing fitted to the width, within the host's max. */
function layout(): void {
  const host = context();
  if (fixedHeight(host) || host?.displayMode === "fullscreen") {
    ui.stage.style.height = "";
    return;
  }
  const size = pane.naturalSize();
  const chrome = ui.bar.offsetHeight + ui.status.offsetHeight;
  const room = (maxHeightOf(host) ?? DEFAULT_MAX_HEIGHT) - chrome;
  const width = ui.stage.clientWidth || innerWidth;
  const ideal = size === null
    ? MIN_STAGE
    : size.height * Math.min(1, (width - 32) / size.width) + 32;
  const height = Math.max(Math.min(ideal, room), Math.min(MIN_STAGE, room), 120);
  ui.stage.style.height = `${Math.round(height)}px`;
}

function display(diagram: ViewedDiagram): void {
  current = diagram;
  document.title = diagram.name;
  ui.name.textContent = diagram.name;
  ui.revision.textContent = `revision ${diagram.revision}`;
  document.documentElement.dataset.revision = String(diagram.revision);
  pane.show(diagram.svg);
  ui.open.disabled = false;
  ui.edit.disabled = config.editor === null;
  say("");
  pane.fit();
}

/** Reads diagram `id` and shows it; `since` is when the tool's result arrived. */
async function show(id: string, since = performance.now()): Promise<void> {
  if (current === null) say("Loading the drawing…");
  const answer = await readDrawing(app, id);
  if (!answer.ok) return say(answer.text, true);
  display(answer.value);
  // Drawn once the browser has painted it: that is when the person sees it.
  await new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted)));
  const root = document.documentElement;
  root.dataset.shownMs = (performance.now() - since).toFixed(1);
  root.dataset.shownAt = String(performance.timeOrigin + performance.now());
}

const editing = fullScreenEditing(app, config.editor, {
  section: byId("editing"),
  name: byId("editing-name"),
  status: byId("editing-status"),
  save: byId<HTMLButtonElement>("save"),
  close: byId<HTMLButtonElement>("close"),
  reload: byId<HTMLButtonElement>("reload"),
  mount: byId("editor"),
}, {
  theme: () => themeOf(context()),
  inlineHeight: () => fixedHeight(context()) ? null : maxHeightOf(context()) ?? DEFAULT_MAX_HEIGHT,
  opened() {
    ui.inline.hidden = true;
  },
  closed(diagram, changed) {
    ui.inline.hidden = false;
    layout();
    if (changed) void show(diagram.id);
    else pane.fit();
    ui.edit.focus();
  },
  problem: (text) => say(text, true),
});

app.ontoolinput = ({ arguments: args }) => {
  const name = args?.name;
  if (current === null && typeof name === "string") say(`Drawing ${JSON.stringify(name)}…`);
};

app.ontoolresult = (result) => {
  const arrived = performance.now();
  const text = (result.content ?? []).map((block) => block.type === "text" ? block.text : "")
    .join("\n").trim();
  if (result.isError) return say(text || "The tool call failed.", true);
  const id = (result.structuredContent as { id?: unknown } | undefined)?.id;
  if (typeof id !== "string") return say(text || "The tool's answer names no diagram.", true);
  void show(id, arrived);
};

app.ontoolcancelled = () => {
  if (current === null) say("The tool call was cancelled.");
};

app.onhostcontextchanged = () => {
  applyHostContext(context());
  editing.setTheme(themeOf(context()));
  layout();
};

app.onteardown = () => {
  editing.stop();
  return {};
};

byId("zoom-in").addEventListener("click", () => pane.zoom(ZOOM_STEP));
byId("zoom-out").addEventListener("click", () => pane.zoom(1 / ZOOM_STEP));
byId("zoom-fit").addEventListener("click", () => pane.fit());
ui.open.addEventListener("click", async () => {
  if (current === null) return;
  const url = current.url;
  const opened = await app.openLink({ url }).catch(() => ({ isError: true }));
  if (opened.isError) say(`The chat client did not open the link; the diagram is at ${url}`);
});
ui.edit.addEventListener("click", () => {
  if (current !== null) void editing.start(current);
});
addEventListener("resize", layout);

function readConfig(): ViewConfig {
  const text = document.getElementById(VIEW_CONFIG_ELEMENT_ID)?.textContent ?? "";
  try {
    const config = JSON.parse(text);
    // Still the placeholder (a string): the document was not served by the diagram service.
    return typeof config === "object" && config !== null ? config : { editor: null, fonts: [] };
  } catch {
    return { editor: null, fonts: [] };
  }
}

/**
 * Excalidraw's fonts for the labels of our SVG, which names them first: the browser fetches a
 * face only when a label needs its characters, and draws with the fallback until it has it.
 */
function addFonts(fonts: ViewConfig["fonts"]): void {
  for (const { family, source, unicodeRange } of fonts) {
    const face = new FontFace(family, `url(${JSON.stringify(source)})`, {
      display: "swap",
      ...(unicodeRange === undefined ? {} : { unicodeRange }),
    });
    document.fonts.add(face);
  }
}

await app.connect();
applyHostContext(context());
layout();
