// Browser entry that excalidraw_restore.ts bundles: Excalidraw's own restore(), the loader every
// editor runs on open, and its exportToSvg(), exposed to the test driver. Only the export loads
// fonts, from the page's own server (EXCALIDRAW_ASSET_PATH, set by the page before this runs).
import { exportToSvg, restore } from "@excalidraw/excalidraw";
import type { SceneAppState } from "../../diagram/drawing/excalidraw/types.ts";

export interface RestoredScene {
  elements: Record<string, unknown>[];
  /** Only the keys a saved file keeps; the rest of restore's appState is editor UI state. */
  appState: SceneAppState;
}

export interface RestorePageGlobals {
  restoreScene(file: unknown): RestoredScene;
  /** Excalidraw's own SVG export of a file, fonts inlined, as markup. */
  exportSceneSvg(file: unknown, exportPadding: number): Promise<string>;
}

function restoreScene(file: unknown): RestoredScene {
  const { elements, appState } = restore(file as Parameters<typeof restore>[0], null, null, {
    repairBindings: true,
    refreshDimensions: false,
  });
  const scene: RestoredScene = {
    elements: elements as unknown as Record<string, unknown>[],
    appState: {
      gridSize: appState.gridSize,
      gridStep: appState.gridStep,
      gridModeEnabled: appState.gridModeEnabled,
      viewBackgroundColor: appState.viewBackgroundColor,
    },
  };
  // Compared as it would be saved: keys holding undefined vanish, as they do in a JSON file.
  return JSON.parse(JSON.stringify(scene));
}

async function exportSceneSvg(file: unknown, exportPadding: number): Promise<string> {
  const { elements, appState } = file as {
    elements: Parameters<typeof exportToSvg>[0]["elements"];
    appState?: Record<string, unknown>;
  };
  const svg = await exportToSvg({
    elements,
    appState: { ...appState, exportBackground: true },
    files: null,
    exportPadding,
  });
  return svg.outerHTML;
}

const globals = globalThis as unknown as RestorePageGlobals;
globals.restoreScene = restoreScene;
globals.exportSceneSvg = exportSceneSvg;
