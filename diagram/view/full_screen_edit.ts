// Editing in the view: the host is asked for full screen, and our Excalidraw editor (the editor
// bundle's app-editor entry, from BASE_URL's origin, never a CDN) opens on the file the view read.
// Save sends the file through the host to app_save_diagram with the revision it was read at; a
// saved edit is told to the model (ui/update-model-context), so the agent reads the diagram again
// before changing it; a stale base is refused by the server and shown here, with Reload.
import type { App } from "@modelcontextprotocol/ext-apps";
import type { AppEditor, MountAppEditor } from "../editor/app_editor_contract.ts";
import { type DiagramDetails, type EditedDiagram, readFile, saveDiagram } from "./diagram_calls.ts";
import type { Theme } from "./host_context.ts";
import type { ViewConfig } from "./view_config.ts";

export interface EditingElements {
  section: HTMLElement;
  name: HTMLElement;
  status: HTMLElement;
  save: HTMLButtonElement;
  close: HTMLButtonElement;
  reload: HTMLButtonElement;
  mount: HTMLElement;
}

export interface EditingHooks {
  theme(): Theme;
  /**
   * How tall the editor may be where the host shows the view inline (no full screen); null when
   * the host fixes the view's height, which the editor then fills.
   */
  inlineHeight(): number | null;
  /** The editor is about to show: hide what the view shows inline. */
  opened(): void;
  /** Editing ended; `changed` when the diagram is not the revision shown inline any more. */
  closed(diagram: DiagramDetails, changed: boolean): void;
  /** Editing could not start: say why inline. */
  problem(text: string): void;
}

export interface Editing {
  /** Opens the editor on the diagram shown inline (its file is read first, at its revision). */
  start(shown: DiagramDetails): Promise<void>;
  setTheme(theme: Theme): void;
  /** The host tears the view down: nothing to keep. */
  stop(): void;
}

export function fullScreenEditing(
  app: App,
  editor: ViewConfig["editor"],
  ui: EditingElements,
  hooks: EditingHooks,
): Editing {
  let handle: AppEditor | null = null;
  let diagram: EditedDiagram | null = null;
  /** The revision the view showed inline when editing began. */
  let shownRevision = 0;
  let dirty = false;
  let saving = false;
  let discardAsked = false;
  let wentFullScreen = false;

  const say = (text: string, problem = false) => {
    ui.status.textContent = text;
    ui.status.classList.toggle("problem", problem);
  };
  const settle = () => {
    ui.save.disabled = handle === null || saving || !dirty;
    ui.close.textContent = discardAsked ? "Discard changes" : "Close";
  };

  async function mount(file: EditedDiagram["file"]): Promise<void> {
    if (editor === null) throw new Error("no editor");
    const mountEditor = await load(editor);
    handle?.unmount();
    dirty = false;
    discardAsked = false;
    handle = await mountEditor(ui.mount, {
      file,
      theme: hooks.theme(),
      onDirty(now) {
        dirty = now;
        if (now) discardAsked = false;
        settle();
      },
    });
    settle();
  }

  async function save(): Promise<void> {
    if (handle === null || diagram === null || saving) return;
    saving = true;
    settle();
    say("Saving…");
    const base = diagram.revision;
    const answer = await saveDiagram(app, {
      id: diagram.id,
      file: handle.file(),
      baseRevision: base,
    });
    saving = false;
    if (answer.ok) {
      const saved = answer.value;
      handle.markSaved();
      diagram = { ...diagram, name: saved.name, revision: saved.revision };
      ui.name.textContent = saved.name;
      say(`Saved as revision ${saved.revision}`);
      ui.reload.hidden = true;
      await tellTheModel(app, diagram, base);
    } else {
      say(answer.text, true);
      // Over a newer revision nothing can be saved: the way on is to load that one.
      ui.reload.hidden = answer.refusal.reason !== "stale";
    }
    settle();
  }

  async function reload(): Promise<void> {
    if (diagram === null) return;
    say("Reloading…");
    const answer = await readFile(app, diagram.id);
    if (!answer.ok) return say(answer.text, true);
    diagram = answer.value;
    ui.name.textContent = diagram.name;
    ui.reload.hidden = true;
    await mount(diagram.file);
    say(`Revision ${diagram.revision}, reloaded: the edits made here before were not saved`);
  }

  async function close(): Promise<void> {
    if (dirty && !discardAsked) {
      discardAsked = true;
      say("Unsaved changes: Save them, or press Discard changes to drop them.", true);
      return settle();
    }
    handle?.unmount();
    handle = null;
    ui.section.hidden = true;
    if (wentFullScreen) {
      wentFullScreen = false;
      await app.requestDisplayMode({ mode: "inline" }).catch(() => undefined);
    }
    if (diagram !== null) hooks.closed(diagram, diagram.revision !== shownRevision);
  }

  ui.save.addEventListener("click", () => void save());
  ui.reload.addEventListener("click", () => void reload());
  ui.close.addEventListener("click", () => void close());
  ui.section.addEventListener("keydown", (event) => {
    // Ctrl/Cmd+S saves here as in every editor, instead of the browser's "save page".
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") {
      event.preventDefault();
      void save();
    }
  });

  return {
    async start(shown) {
      if (editor === null) {
        return hooks.problem("This diagram service has no editor built; open it in the gallery.");
      }
      shownRevision = shown.revision;
      diagram = null;
      ui.name.textContent = shown.name;
      ui.reload.hidden = true;
      const modes = app.getHostContext()?.availableDisplayModes;
      if (modes?.includes("fullscreen")) {
        const granted = await app.requestDisplayMode({ mode: "fullscreen" }).catch(() => null);
        wentFullScreen = granted?.mode === "fullscreen";
      }
      hooks.opened();
      // Without full screen (a host that has none, or said no) the editor takes what the host
      // allows inline: the view asks for that height, as it does for the drawing.
      const inline = wentFullScreen ? null : hooks.inlineHeight();
      ui.section.style.height = inline === null ? "" : `${inline}px`;
      ui.section.hidden = false;
      // The host has resized the frame; the editor opens fitted to the size it now has.
      await new Promise((laidOut) => requestAnimationFrame(() => requestAnimationFrame(laidOut)));
      say("Loading the editor…");
      // The editor's code from our origin and the file through the host, at once.
      load(editor).catch(() => undefined);
      const answer = await readFile(app, shown.id);
      if (!answer.ok) return say(answer.text, true);
      diagram = answer.value;
      ui.name.textContent = diagram.name;
      try {
        await mount(diagram.file);
        say(`Editing revision ${diagram.revision}`);
        ui.mount.querySelector<HTMLElement>(".excalidraw")?.focus();
      } catch (error) {
        say(`The editor could not be loaded from the diagram service (${error}).`, true);
      }
    },
    setTheme(theme) {
      handle?.setTheme(theme);
    },
    stop() {
      handle?.unmount();
      handle = null;
    },
  };
}

/** The editor's module, imported once from our origin; its stylesheet and fonts come from there. */
function load(editor: NonNullable<ViewConfig["editor"]>): Promise<MountAppEditor> {
  if (loaded !== null) return loaded;
  const global = globalThis as { EXCALIDRAW_ASSET_PATH?: string };
  global.EXCALIDRAW_ASSET_PATH = editor.assetPath;
  const stylesheet = editor.css === null ? Promise.resolve() : new Promise<void>((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = editor.css!;
    // A stylesheet that fails leaves the editor unstyled, not unusable.
    link.onload = link.onerror = () => resolve();
    document.head.append(link);
  });
  return loaded = Promise.all([import(editor.script), stylesheet])
    .then(([module]) => module.mountAppEditor as MountAppEditor)
    .catch((error) => {
      loaded = null;
      throw error;
    });
}
let loaded: Promise<MountAppEditor> | null = null;

/** Tells the model what the person did, so the agent reads the diagram again before changing it. */
async function tellTheModel(app: App, diagram: DiagramDetails, replaced: number): Promise<void> {
  const text = `The user edited the diagram ${JSON.stringify(diagram.name)} (id ${diagram.id}) ` +
    `by hand in the diagram view and saved it as revision ${diagram.revision} (it was revision ` +
    `${replaced}). Read it again with get_diagram {"id": ${JSON.stringify(diagram.id)}} before ` +
    `changing it; restore_revision with revision ${replaced} undoes the edit.`;
  await app.updateModelContext({
    content: [{ type: "text", text }],
    structuredContent: {
      id: diagram.id,
      revision: diagram.revision,
      replacedRevision: replaced,
      url: diagram.url,
    },
  }).catch(() => undefined);
}
