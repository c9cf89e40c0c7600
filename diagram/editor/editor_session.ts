// One open diagram in the editor: its room connection, the scene ↔ room binding, presence, and
// the direct save that takes over while the collab server cannot be reached.
// - Connected: every change goes to the room, which the collab server saves every 10 s.
// - Not connected for DIRECT_SAVE_AFTER_MS: changes are saved over the REST API every
//   DIRECT_SAVE_EVERY_MS and when the page is hidden, over the revision this editor holds. A
//   conflicting save (412) merges the stored diagram into the scene and tries again. Only a scene
//   that draws something other than what is stored is saved (saved_drawing.ts): opening the
//   editor and leaving it at once, or looking around, zooming and selecting, never writes.
// - The room closed with 4409 (the diagram was replaced), a fresh room starts from the stored
//   diagram. When an editor replaced it (changedVia "web" or "collab": a direct save, or another
//   collab server's room; or "app": a person's save in a chat client's diagram view, made from
//   the revision it replaced), the scene is merged with it by Excalidraw's rule; when an agent, an
//   import or a restore from history did, the scene becomes the new version and the old one is
//   dropped (never merged over an agent's change or a deliberate restore).
// The session starts once Excalidraw has put the stored diagram on its canvas (editor_app.tsx):
// before that its scene is empty, and an empty scene is no baseline to compare a save with.
import { CaptureUpdateAction, exportToSvg } from "@excalidraw/excalidraw";
import type { ExcalidrawImperativeAPI } from "@excalidraw/excalidraw/types";
import * as Y from "yjs";
import { type CollabLink, openCollabLink, ownerTickets } from "./collab_link.ts";
import type { EditorConfig } from "./editor_config.ts";
import { ownerImages, trackImages } from "./image_files.ts";
import { type Presence, sharePresence } from "./presence.ts";
import { savedDrawing } from "./saved_drawing.ts";
import { bindScene, mergeRemote, type SceneBinding, type SceneElement } from "./scene_binding.ts";
import { readStored, saveStored, type StoredDiagram, type StoredFile } from "./stored_diagram.ts";

export type EditorStatus =
  | "connecting"
  | "live"
  | "reconnecting"
  | "saving-directly"
  | "saved-directly"
  | "not-saved"
  | "signed-out"
  | "replaced"
  | "gone";

const DIRECT_SAVE_AFTER_MS = 3_000;
const DIRECT_SAVE_EVERY_MS = 5_000;
/** The server's limit for a browser's thumbnail; a bigger export is left to its own render. */
const MAX_THUMBNAIL_CHARS = 512 * 1024;

export interface EditorSession {
  onChange(elements: readonly unknown[], selectedElementIds: Record<string, true>): void;
  onPointer(
    pointer: { x: number; y: number; tool: "pointer" | "laser" },
    button: "up" | "down",
  ): void;
  stop(): void;
}

type SceneUpdate = Parameters<ExcalidrawImperativeAPI["updateScene"]>[0];
type Elements = SceneUpdate["elements"];
type Collaborators = SceneUpdate["collaborators"];

/** The room this editor is in: a fresh one after every replacement. */
interface Room {
  doc: Y.Doc;
  binding: SceneBinding;
  /** Shared once the room has synced (the provider's awareness exists from then). */
  presence: Presence | null;
  link: CollabLink | null;
  synced: boolean;
  everSynced: boolean;
}

export function startEditorSession(
  config: EditorConfig,
  api: ExcalidrawImperativeAPI,
  stored: StoredDiagram,
  setStatus: (status: EditorStatus, detail?: string) => void,
  /** Brings the whole drawing into view. */
  fitView: () => void,
): EditorSession {
  let file: StoredFile = stored.file;
  /** The stored revision this editor's content is based on. */
  let revision = stored.revision;
  /**
   * The drawing as the diagram service stored it, as far as this editor can know: as Excalidraw
   * loaded it, then set by its direct saves and reloads only. A room's edits reach storage only at
   * collab's next flush (a collab killed loses up to 10 s of them), so once collab is gone
   * everything since is saved directly.
   */
  const onServer = savedDrawing(scene());
  /** Since when the room has been out of reach; null while it is live. */
  let lostAt: number | null = performance.now();
  let everLive = false;
  /**
   * Why the scene was just replaced by a newer stored version, shown instead of "live" until this
   * person changes something, so that a drawing changing under their eyes is explained.
   */
  let replacedBecause: string | null = null;
  /** The web app refused this browser's session; until a room syncs again. */
  let signedOut = false;
  let stopped = false;
  let room: Room;
  const images = trackImages(
    ownerImages(config.diagramId),
    api,
    (problem) => setStatus("not-saved", problem),
  );

  function scene(): readonly SceneElement[] {
    return api.getSceneElementsIncludingDeleted() as unknown as readonly SceneElement[];
  }

  function show(elements: readonly SceneElement[]) {
    api.updateScene({
      elements: elements as unknown as Elements,
      captureUpdate: CaptureUpdateAction.NEVER,
    });
  }

  function join() {
    const doc = new Y.Doc();
    const current: Room = {
      doc,
      binding: bindScene(doc, { elements: scene, showRemote: show }),
      presence: null,
      link: null,
      synced: false,
      everSynced: false,
    };
    room = current;
    // The room's meta.revision is the stored revision once the server has saved the room.
    doc.getMap("meta").observe(() => {
      const stored = doc.getMap("meta").get("revision");
      if (typeof stored === "number") revision = stored;
    });
    current.link = openCollabLink(ownerTickets(config.diagramId), doc, {
      status(status) {
        if (status === "connected") return;
        current.synced = false;
        lostAt ??= performance.now();
        // A fresh room's first connection after a replacement is no trouble: the explanation stays.
        if (replacedBecause !== null && !current.everSynced) return;
        // Reconnecting cannot help until the person signs in again: that explanation stays too.
        if (signedOut) return;
        setStatus(everLive ? "reconnecting" : "connecting");
      },
      synced() {
        signedOut = false;
        current.synced = true;
        current.everSynced = true;
        everLive = true;
        lostAt = null;
        current.presence ??= sharePresence(
          current.link!.provider!.awareness,
          config.userName,
          (collaborators) => api.updateScene({ collaborators: collaborators as Collaborators }),
        );
        current.binding.pullAll();
        current.binding.pushLocal(scene());
        images.useRoom(doc);
        if (replacedBecause === null) setStatus("live");
        else setStatus("replaced", replacedBecause);
      },
      replaced: () => void reload(),
      signedOut() {
        signedOut = true;
        setStatus("signed-out");
      },
      gone() {
        leave();
        setStatus("gone");
      },
    });
  }

  function leave() {
    images.useRoom(null);
    room.presence?.destroy();
    room.binding.destroy();
    room.link?.destroy();
    room.doc.destroy();
  }

  async function reload() {
    leave();
    const latest = await readStored(config.diagramId).catch(() => null);
    if (stopped) return;
    if (latest) {
      revision = latest.revision;
      file = latest.file;
      onServer.saved(latest.file.elements);
      if (["web", "collab", "app"].includes(latest.changedVia)) {
        // An editor's save, this one's, another's or one in a chat client's view: editors'
        // elements meet by Excalidraw's rule, so nothing drawn here is dropped.
        const merged = mergeRemote(scene(), latest.file.elements);
        if (merged) show(merged);
      } else {
        // An agent's update, an import or a restore: the new version replaces this scene, never
        // merged over.
        show(latest.file.elements);
        // Another drawing altogether, maybe elsewhere on the canvas: bring it into view.
        fitView();
        api.history.clear();
        replacedBecause = latest.changedVia === "mcp"
          ? "an agent changed it through MCP"
          : latest.changedVia === "import"
          ? "a file was imported over it"
          : latest.changedVia === "restore"
          ? "an earlier version was restored from its history"
          : "it was saved elsewhere";
        setStatus("replaced", replacedBecause);
      }
    }
    join();
  }

  async function saveDirectly(keepalive = false) {
    if (!onServer.changed(scene())) return;
    // What is sent is what is then known as stored: Excalidraw changes its elements in place.
    const elements: SceneElement[] = JSON.parse(JSON.stringify(scene()));
    setStatus("saving-directly");
    // A page being hidden gets no time to draw an export: the server renders that thumbnail.
    const thumbnail = keepalive ? undefined : await exportThumbnail();
    const outcome = await saveStored(
      config.diagramId,
      revision,
      // Image bytes are stored on their own (image_files.ts): the file names them only.
      { ...file, elements, files: images.stored() },
      thumbnail,
      keepalive,
    );
    if (outcome.saved) {
      signedOut = false;
      revision = outcome.revision;
      onServer.saved(elements);
      setStatus("saved-directly");
      return;
    }
    if (outcome.signedOut) {
      signedOut = true;
      setStatus("signed-out");
    } else {
      setStatus("not-saved", outcome.problem);
    }
    if (outcome.stale) {
      // Stored meanwhile by someone else: take their elements where they win, save next tick.
      const latest = await readStored(config.diagramId).catch(() => null);
      if (!latest) return;
      revision = latest.revision;
      file = latest.file;
      onServer.saved(latest.file.elements);
      const merged = mergeRemote(scene(), latest.file.elements);
      if (merged) show(merged);
    }
  }

  async function exportThumbnail(): Promise<string | undefined> {
    try {
      const svg = await exportToSvg({
        elements: api.getSceneElements(),
        appState: { ...api.getAppState(), exportBackground: true },
        files: api.getFiles(),
        // The fonts inlined would make every thumbnail hundreds of kilobytes.
        skipInliningFonts: true,
      });
      const text = svg.outerHTML;
      return text.length <= MAX_THUMBNAIL_CHARS ? text : undefined;
    } catch {
      return undefined;
    }
  }

  const timer = setInterval(() => {
    if (lostAt !== null && performance.now() - lostAt >= DIRECT_SAVE_AFTER_MS) {
      void saveDirectly();
    }
  }, DIRECT_SAVE_EVERY_MS);
  const onHide = () => {
    if (document.visibilityState === "hidden" && lostAt !== null) void saveDirectly(true);
  };
  document.addEventListener("visibilitychange", onHide);

  join();

  return {
    onChange(_elements, selectedElementIds) {
      room.presence?.selection(selectedElementIds);
      images.sync(scene());
      if (!room.synced) return;
      // Only what changed since the room last saw it is written (the binding compares versions).
      const written = room.binding.pushLocal(scene());
      if (written > 0 && replacedBecause !== null) {
        // Drawing on the new version: the replacement has been seen.
        replacedBecause = null;
        setStatus("live");
      }
    },
    onPointer(pointer, button) {
      room.presence?.pointer(pointer, button);
    },
    stop() {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onHide);
      leave();
    },
  };
}
