// The bar's Diagram menu as a menu beside Excalidraw's own. The page renders it as a <details>
// (it works without JavaScript), which alone stays open until its button is pressed again: here
// Escape closes it and puts the focus back on its button, a press anywhere else closes it, and it
// and Excalidraw's main menu are never open together: opening either closes the other.
import { CaptureUpdateAction } from "@excalidraw/excalidraw";
import type { ExcalidrawImperativeAPI } from "@excalidraw/excalidraw/types";
import { DIAGRAM_MENU_ID } from "./editor_config.ts";

/** Wires the menu to `api`'s editor; returns what undoes it. */
export function wireDiagramMenu(api: ExcalidrawImperativeAPI): () => void {
  const menu = document.getElementById(DIAGRAM_MENU_ID) as HTMLDetailsElement | null;
  const button = menu?.querySelector("summary");
  if (!menu || !button) return () => {};

  const onKey = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !menu.open) return;
    menu.open = false;
    button.focus();
  };
  const onPress = (event: PointerEvent) => {
    if (menu.open && !menu.contains(event.target as Node)) menu.open = false;
  };
  const onToggle = () => {
    if (menu.open && api.getAppState().openMenu !== null) {
      api.updateScene({ appState: { openMenu: null }, captureUpdate: CaptureUpdateAction.NEVER });
    }
  };
  // Excalidraw's main menu opened from the keyboard (a press on it closes ours already).
  const stopWatching = api.onChange((_elements, appState) => {
    if (appState.openMenu === "canvas" && menu.open) menu.open = false;
  });
  // Captured: Excalidraw's canvas handles its presses without letting them bubble up.
  document.addEventListener("keydown", onKey, true);
  document.addEventListener("pointerdown", onPress, true);
  menu.addEventListener("toggle", onToggle);
  return () => {
    stopWatching();
    document.removeEventListener("keydown", onKey, true);
    document.removeEventListener("pointerdown", onPress, true);
    menu.removeEventListener("toggle", onToggle);
  };
}

/** Closes the menu, as a chosen item does. */
export function closeDiagramMenu(): void {
  const menu = document.getElementById(DIAGRAM_MENU_ID) as HTMLDetailsElement | null;
  if (menu) menu.open = false;
}
