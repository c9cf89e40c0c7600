// Browser entry that excalidraw_restore.ts bundles: Excalidraw's own restore(), the loader every
// editor runs on open, exposed to the test driver. Nothing is rendered, so no font is fetched.
import { restore } from "@excalidraw/excalidraw";
import type { SceneAppState } from "../../shared/scene/types.ts";

export interface RestoredScene {
  elements: Record<string, unknown>[];
  /** Only the keys a saved file keeps; the rest of restore's appState is editor UI state. */
  appState: SceneAppState;
}

export interface RestorePageGlobals {
  restoreScene(file: unknown): RestoredScene;
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

(globalThis as unknown as RestorePageGlobals).restoreScene = restoreScene;
