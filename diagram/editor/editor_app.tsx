// Excalidraw, opened on the stored diagram, wired to an editor session once it has loaded it.
import { Excalidraw } from "@excalidraw/excalidraw";
import type { ExcalidrawImperativeAPI } from "@excalidraw/excalidraw/types";
import { useEffect, useRef, useState } from "react";
import { isAllowedEmbedLink } from "../drawing/excalidraw/embed_links.ts";
import { wireDiagramMenu } from "./diagram_menu.ts";
import type { EditorConfig } from "./editor_config.ts";
import { type EditorSession, startEditorSession } from "./editor_session.ts";
import { offerOnScreenDownloads } from "./on_screen_downloads.ts";
import { showStatus } from "./status_line.ts";
import type { StoredDiagram } from "./stored_diagram.ts";
import { fittedView, savedView, trackView } from "./viewport.ts";

export function EditorApp(
  { config, stored, size }: {
    config: EditorConfig;
    stored: StoredDiagram;
    /** The editor's box on the page, which the drawing is fitted to. */
    size: { width: number; height: number };
  },
) {
  const [api, setApi] = useState<ExcalidrawImperativeAPI | null>(null);
  // Excalidraw loads `initialData` after it mounts, and reports changes only from then on: its
  // first onChange says the stored diagram is on the canvas, the session's starting point.
  const [loaded, setLoaded] = useState(false);
  const session = useRef<EditorSession | null>(null);
  // Decided once, before Excalidraw mounts: where this browser last looked at the diagram, if the
  // person moved the view, else the whole drawing fitted to the editor's box.
  const [kept] = useState(() => savedView(config.diagramId));
  const [opened] = useState(() => kept ?? fittedView(stored.file.elements, size));

  useEffect(() => {
    if (!api || !loaded) return;
    const tracker = trackView(config.diagramId, api, kept === null ? opened : null);
    session.current = startEditorSession(config, api, stored, showStatus, tracker.fit);
    return () => {
      session.current?.stop();
      session.current = null;
      tracker.stop();
    };
  }, [api, loaded]);

  // The bar's Diagram menu: a menu beside Excalidraw's own, and downloads of what it shows.
  useEffect(() => {
    if (!api || !loaded) return;
    const unwireMenu = wireDiagramMenu(api);
    const withdrawDownloads = offerOnScreenDownloads(api);
    return () => {
      unwireMenu();
      withdrawDownloads();
    };
  }, [api, loaded]);

  const { elements, files } = stored.file;
  const appState = opened === null ? stored.file.appState : {
    ...stored.file.appState,
    scrollX: opened.scrollX,
    scrollY: opened.scrollY,
    zoom: { value: opened.zoom },
  };
  return (
    <Excalidraw
      excalidrawAPI={setApi}
      initialData={{
        elements: elements as never,
        appState: appState as never,
        files: files as never,
      }}
      isCollaborating
      onChange={(elements, appState) => {
        if (!session.current) return setLoaded(true);
        session.current.onChange(elements, appState.selectedElementIds as Record<string, true>);
      }}
      onPointerUpdate={({ pointer, button }) => session.current?.onPointer(pointer, button)}
      UIOptions={{ canvasActions: { loadScene: false } }}
      // The sites the server stores embeds of: an embed the editor made is never refused on save.
      validateEmbeddable={isAllowedEmbedLink}
    />
  );
}
