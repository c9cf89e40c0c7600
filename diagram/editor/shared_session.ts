// A share link's live view of one diagram: the room joined with the link's tickets, the scene bound
// to it (read only for a view link, whose writes collab refuses) and presence (a guest's own, named,
// on an edit link; a viewer only sees the others'). Unlike the owner's editor there is nothing to
// load and nothing to save: the room is the diagram, and collab saves a guest's changes (credited
// to the link). The room replaced (4409) starts a fresh one whose content replaces the scene; the
// link ended (its next ticket the 404, or 4404/4405) ends the view. The images the scene shows
// are fetched from the link's own files address; a visitor uploads none.
import { CaptureUpdateAction } from "@excalidraw/excalidraw";
import type { ExcalidrawImperativeAPI } from "@excalidraw/excalidraw/types";
import * as Y from "yjs";
import { type CollabLink, openCollabLink, type TicketSource } from "./collab_link.ts";
import { trackImages } from "./image_files.ts";
import { type Collaborator, followPresence, type Presence, sharePresence } from "./presence.ts";
import { bindScene, type SceneBinding, type SceneElement } from "./scene_binding.ts";
import { READABLE_SCALE } from "./shared_live_config.ts";
import { showFitted } from "./viewport.ts";

export type LiveStatus = "connecting" | "live" | "reconnecting" | "ended";

export interface SharedSessionOptions {
  access: "view" | "edit";
  /** A guest's name in the others' presence. */
  name: string;
  tickets: TicketSource;
  /** The link's files address: `<it>/<fileId>` is an image the scene shows. */
  filesPath: string;
}

export interface SharedSession {
  onChange(selectedElementIds: Record<string, true>): void;
  onPointer(
    pointer: { x: number; y: number; tool: "pointer" | "laser" },
    button: "up" | "down",
  ): void;
  /** A guest's new name, for the others' presence. */
  rename(name: string): void;
  stop(): void;
}

type SceneUpdate = Parameters<ExcalidrawImperativeAPI["updateScene"]>[0];

interface Room {
  doc: Y.Doc;
  binding: SceneBinding;
  link: CollabLink | null;
  presence: Presence | null;
  unfollow: (() => void) | null;
  synced: boolean;
  left: boolean;
}

export function startSharedSession(
  api: ExcalidrawImperativeAPI,
  options: SharedSessionOptions,
  setStatus: (status: LiveStatus) => void,
): SharedSession {
  const readOnly = options.access === "view";
  let name = options.name;
  let everLive = false;
  let fitted = false;
  let room: Room;
  // Nothing to report: an image that cannot be had stays a placeholder, as in the picture.
  const images = trackImages(
    {
      url: (fileId) => `${options.filesPath}/${encodeURIComponent(fileId)}`,
      fetchOnly: true,
    },
    api,
    () => {},
  );

  function scene(): readonly SceneElement[] {
    return api.getSceneElementsIncludingDeleted() as unknown as readonly SceneElement[];
  }

  function show(elements: readonly SceneElement[]) {
    api.updateScene({
      elements: elements as unknown as SceneUpdate["elements"],
      captureUpdate: CaptureUpdateAction.NEVER,
    });
    images.sync(scene());
  }

  function showCollaborators(collaborators: Map<string, Collaborator>) {
    api.updateScene({ collaborators: collaborators as SceneUpdate["collaborators"] });
  }

  function join() {
    const doc = new Y.Doc();
    const current: Room = {
      doc,
      binding: bindScene(doc, { elements: scene, showRemote: show }, { readOnly }),
      link: null,
      presence: null,
      unfollow: null,
      synced: false,
      left: false,
    };
    room = current;
    current.link = openCollabLink(options.tickets, doc, {
      status(status) {
        if (status === "connected") return;
        current.synced = false;
        setStatus(everLive ? "reconnecting" : "connecting");
      },
      synced() {
        current.synced = true;
        everLive = true;
        // Announced images (an upload the owner just made) are fetched as they come.
        images.useRoom(doc);
        const awareness = current.link!.provider!.awareness;
        if (readOnly) current.unfollow ??= followPresence(awareness, showCollaborators);
        else current.presence ??= sharePresence(awareness, name, showCollaborators);
        current.binding.pullAll();
        current.binding.pushLocal(scene());
        setStatus("live");
        if (!fitted) {
          // Shown now (shared_main.tsx moves it into the picture's place): where it is on the page
          // is measured again, and it opens on the whole drawing where that keeps it readable (on
          // a phone, centred at the readable scale); from then on the visitor pans and zooms.
          fitted = true;
          api.refresh();
          showFitted(api, READABLE_SCALE);
        }
      },
      replaced() {
        // Replaced by an agent, an import or a restore: the new version is the drawing now.
        leave();
        show([]);
        join();
      },
      gone() {
        leave();
        setStatus("ended");
      },
    });
  }

  /** Leaves the room; once (the link's end leaves it, then the view's unmounting stops us). */
  function leave() {
    if (room.left) return;
    room.left = true;
    images.useRoom(null);
    room.presence?.destroy();
    room.unfollow?.();
    room.binding.destroy();
    room.link?.destroy();
    room.doc.destroy();
  }

  join();

  return {
    onChange(selectedElementIds) {
      room.presence?.selection(selectedElementIds);
      if (room.synced) room.binding.pushLocal(scene());
    },
    onPointer(pointer, button) {
      room.presence?.pointer(pointer, button);
    },
    rename(newName) {
      name = newName;
      room.presence?.rename(newName);
    },
    stop: leave,
  };
}
