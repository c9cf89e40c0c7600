// Excalidraw, opened on the stored diagram, wired to an editor session once its API exists.
import { Excalidraw } from "@excalidraw/excalidraw";
import type { ExcalidrawImperativeAPI } from "@excalidraw/excalidraw/types";
import { useEffect, useRef, useState } from "react";
import { isAllowedEmbedLink } from "../../shared/scene/embed_links.ts";
import type { EditorConfig } from "./editor_config.ts";
import { type EditorSession, startEditorSession } from "./editor_session.ts";
import { showStatus } from "./status_line.ts";
import type { StoredDiagram } from "./stored_diagram.ts";

export function EditorApp({ config, stored }: { config: EditorConfig; stored: StoredDiagram }) {
  const [api, setApi] = useState<ExcalidrawImperativeAPI | null>(null);
  const session = useRef<EditorSession | null>(null);

  useEffect(() => {
    if (!api) return;
    session.current = startEditorSession(config, api, stored, showStatus);
    return () => {
      session.current?.stop();
      session.current = null;
    };
  }, [api]);

  const { appState, elements, files } = stored.file;
  return (
    <Excalidraw
      excalidrawAPI={setApi}
      initialData={{
        elements: elements as never,
        appState: appState as never,
        files: files as never,
        scrollToContent: true,
      }}
      isCollaborating
      onChange={(elements, appState) =>
        session.current?.onChange(elements, appState.selectedElementIds as Record<string, true>)}
      onPointerUpdate={({ pointer, button }) => session.current?.onPointer(pointer, button)}
      UIOptions={{ canvasActions: { loadScene: false } }}
      // The sites the server stores embeds of: an embed the editor made is never refused on save.
      validateEmbeddable={isAllowedEmbedLink}
    />
  );
}
