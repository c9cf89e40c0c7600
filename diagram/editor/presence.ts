// Presence: this browser's pointer, button and selection go into the room's awareness (at most
// every POINTER_MS), and everyone else's come back as Excalidraw's `collaborators`, each with the
// name and colour they chose. A peer that leaves drops out (the server removes its state).
import type { Awareness } from "y-protocols/awareness.js";

export interface PeerState {
  user?: { name?: unknown; color?: unknown };
  pointer?: { x: number; y: number; tool: "pointer" | "laser" };
  button?: "up" | "down";
  selectedElementIds?: Record<string, true>;
}

export interface Collaborator {
  username: string;
  color: { background: string; stroke: string };
  pointer?: PeerState["pointer"];
  button?: PeerState["button"];
  selectedElementIds?: Record<string, true>;
}

const POINTER_MS = 33;
/** Open-color shade 6 of the palette Excalidraw uses, one per browser, picked at random. */
const COLORS = ["#fa5252", "#e64980", "#be4bdb", "#7950f2", "#228be6", "#15aabf", "#12b886"];

/** Everyone in the room but this browser, as Excalidraw draws them. */
export function collaboratorsOf(awareness: Awareness): Map<string, Collaborator> {
  const peers = new Map<string, Collaborator>();
  for (const [clientId, raw] of awareness.getStates()) {
    if (clientId === awareness.clientID) continue;
    const state = raw as PeerState;
    const color = typeof state.user?.color === "string" && /^#[0-9a-f]{6}$/i.test(state.user.color)
      ? state.user.color
      : COLORS[0];
    peers.set(String(clientId), {
      username: typeof state.user?.name === "string" ? state.user.name.slice(0, 80) : "Someone",
      color: { background: color, stroke: color },
      pointer: state.pointer,
      button: state.button,
      selectedElementIds: state.selectedElementIds,
    });
  }
  return peers;
}

/**
 * Shows everyone in the room as `show` gets them (now, and at every change) without taking part:
 * a share link's viewer, whose own presence collab drops. Returns what stops it.
 */
export function followPresence(
  awareness: Awareness,
  show: (collaborators: Map<string, Collaborator>) => void,
): () => void {
  const onChange = () => show(collaboratorsOf(awareness));
  awareness.on("change", onChange);
  onChange();
  return () => awareness.off("change", onChange);
}

export interface Presence {
  pointer(pointer: PeerState["pointer"], button: PeerState["button"]): void;
  selection(ids: Record<string, true>): void;
  /** The name the others see from now on (a guest who typed one). */
  rename(userName: string): void;
  destroy(): void;
}

export function sharePresence(
  awareness: Awareness,
  userName: string,
  show: (collaborators: Map<string, Collaborator>) => void,
): Presence {
  const color = COLORS[Math.floor(Math.random() * COLORS.length)];
  awareness.setLocalStateField("user", { name: userName, color });
  const unfollow = followPresence(awareness, show);
  let lastPointerAt = 0;
  let lastSelection = "";
  return {
    pointer(pointer, button) {
      const now = performance.now();
      if (now - lastPointerAt < POINTER_MS && button === awareness.getLocalState()?.button) return;
      lastPointerAt = now;
      awareness.setLocalStateField("pointer", pointer);
      awareness.setLocalStateField("button", button);
    },
    selection(ids) {
      const key = Object.keys(ids).sort().join(",");
      if (key === lastSelection) return;
      lastSelection = key;
      awareness.setLocalStateField("selectedElementIds", ids);
    },
    rename(userName) {
      awareness.setLocalStateField("user", { name: userName, color });
    },
    destroy: unfollow,
  };
}
