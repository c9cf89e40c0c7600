// The `.excalidraw` envelope around a list of elements, with the appState Excalidraw keeps in a
// saved file (its export defaults).
import type { ExcalidrawFile } from "./types.ts";

export function excalidrawFile(
  source: string,
  elements: ExcalidrawFile["elements"],
): ExcalidrawFile {
  return {
    type: "excalidraw",
    version: 2,
    source,
    elements,
    appState: { gridSize: 20, gridStep: 5, gridModeEnabled: false, viewBackgroundColor: "#ffffff" },
    files: {},
  };
}
