// Full-screen editing in a chat client's diagram view (diagram/view/): Excalidraw on the file the
// view read through the host, with no room, no session and no request of its own. The view loads
// this module from our origin (the editor bundle's second entry, sharing its chunks) and saves
// what `file()` returns through the host, with the revision it read.
// @ts-expect-error: the stylesheet is exported under the "production" condition only, which
// esbuild resolves (see main.tsx).
import "@excalidraw/excalidraw/index.css";
import { Excalidraw } from "@excalidraw/excalidraw";
import type { ExcalidrawImperativeAPI } from "@excalidraw/excalidraw/types";
import { createRoot } from "react-dom/client";
import { isAllowedEmbedLink } from "../drawing/excalidraw/embed_links.ts";
import type {
  AppEditor,
  AppEditorFile,
  AppEditorTheme,
  MountAppEditor,
} from "./app_editor_contract.ts";
import { savedDrawing } from "./saved_drawing.ts";
import type { SceneElement } from "./scene_binding.ts";
import { fittedView } from "./viewport.ts";

export const mountAppEditor: MountAppEditor = (mount, options) => {
  const { file } = options;
  const size = { width: mount.clientWidth, height: mount.clientHeight };
  // Opens fitted to the full-screen box (never past 100 %), as the gallery's editor does.
  const opened = fittedView(file.elements as unknown as SceneElement[], size);
  const appState = {
    ...file.appState,
    ...(opened === null
      ? {}
      : { scrollX: opened.scrollX, scrollY: opened.scrollY, zoom: { value: opened.zoom } }),
  };
  const root = createRoot(mount);
  return new Promise<AppEditor>((resolve) => {
    // Dirty when the scene draws something else than the file read: not when Excalidraw only
    // loaded it (`boundElements: null` as `[]`) or bumped a version with nothing moved.
    const onServer = savedDrawing(file.elements as unknown as SceneElement[]);
    let dirty = false;
    const render = (api: ExcalidrawImperativeAPI | null, theme: AppEditorTheme) =>
      root.render(
        <Excalidraw
          excalidrawAPI={(ready) => {
            if (ready && api === null) resolve(editor(ready));
          }}
          initialData={{
            elements: file.elements as never,
            appState: appState as never,
            files: (file.files ?? {}) as never,
          }}
          theme={theme}
          onChange={(elements) => {
            const now = onServer.changed(elements as unknown as SceneElement[]);
            if (now !== dirty) {
              dirty = now;
              options.onDirty(dirty);
            }
          }}
          // The view keeps nothing on disk and opens nothing: saving goes through the host.
          UIOptions={{
            canvasActions: {
              loadScene: false,
              saveToActiveFile: false,
              saveAsImage: false,
              export: false,
              toggleTheme: false,
            },
          }}
          validateEmbeddable={isAllowedEmbedLink}
        />,
      );
    const editor = (api: ExcalidrawImperativeAPI): AppEditor => {
      const scene = () => api.getSceneElementsIncludingDeleted() as unknown as SceneElement[];
      return {
        file(): AppEditorFile {
          return {
            ...file,
            elements: scene() as unknown as AppEditorFile["elements"],
            files: api.getFiles() as unknown as AppEditorFile["files"],
          };
        },
        markSaved() {
          onServer.saved(scene());
          dirty = false;
          options.onDirty(false);
        },
        setTheme(theme) {
          render(api, theme);
        },
        unmount() {
          root.unmount();
        },
      };
    };
    render(null, options.theme);
  });
};
