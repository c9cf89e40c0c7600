// Excalidraw in a share link's figure: the view mode for a view link (pan and zoom, nothing to
// change), the editor for an edit link's guest; either way in the theme the visitor's system
// prefers, and wired to a shared session once Excalidraw is ready.
import { Excalidraw } from "@excalidraw/excalidraw";
import type { ExcalidrawImperativeAPI } from "@excalidraw/excalidraw/types";
import { useEffect, useRef, useState } from "react";
import { isAllowedEmbedLink } from "../drawing/excalidraw/embed_links.ts";
import {
  type LiveStatus,
  type SharedSession,
  type SharedSessionOptions,
  startSharedSession,
} from "./shared_session.ts";

const DARK = "(prefers-color-scheme: dark)";

/** "dark" or "light", following the system's preference as it changes. */
function usePreferredTheme(): "dark" | "light" {
  const [dark, setDark] = useState(() => matchMedia(DARK).matches);
  useEffect(() => {
    const query = matchMedia(DARK);
    const onChange = () => setDark(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return dark ? "dark" : "light";
}

export function SharedLive(
  { options, onStatus, onSession }: {
    options: SharedSessionOptions;
    onStatus: (status: LiveStatus) => void;
    /** The session once it runs (null when it stops), for the guest's name form. */
    onSession: (session: SharedSession | null) => void;
  },
) {
  const [api, setApi] = useState<ExcalidrawImperativeAPI | null>(null);
  // Excalidraw sets up its (empty) initial scene after it mounts and reports changes from then
  // on: the room's elements go in after its first onChange, or that setup would clear them.
  const [ready, setReady] = useState(false);
  const session = useRef<SharedSession | null>(null);
  const theme = usePreferredTheme();
  const editing = options.access === "edit";

  useEffect(() => {
    if (!api || !ready) return;
    session.current = startSharedSession(api, options, onStatus);
    onSession(session.current);
    return () => {
      session.current?.stop();
      session.current = null;
      onSession(null);
    };
  }, [api, ready]);

  return (
    <Excalidraw
      excalidrawAPI={setApi}
      theme={theme}
      viewModeEnabled={!editing}
      isCollaborating={editing}
      onChange={(_elements, appState) => {
        if (!session.current) return setReady(true);
        session.current.onChange(appState.selectedElementIds as Record<string, true>);
      }}
      onPointerUpdate={({ pointer, button }) => session.current?.onPointer(pointer, button)}
      // Only the owner stores images (the files API is theirs): a guest adds none.
      UIOptions={{ canvasActions: { loadScene: false }, tools: { image: false } }}
      validateEmbeddable={isAllowedEmbedLink}
    />
  );
}
