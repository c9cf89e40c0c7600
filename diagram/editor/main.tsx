// The editor page's script: reads the page's config, loads the stored diagram and mounts
// Excalidraw with a session (room, presence, direct saves). Fonts come from our own server.
// @ts-expect-error: the type check resolves this path with Node's conditions (node_modules is
// ours, "manual" in deno.json), and the package exports its stylesheet under "development" and
// "production" only; esbuild resolves it with the "production" condition.
import "@excalidraw/excalidraw/index.css";
import { createRoot } from "react-dom/client";
import { EDITOR_CONFIG_ELEMENT_ID, type EditorConfig } from "./editor_config.ts";
import { EditorApp } from "./editor_app.tsx";
import { renameInPlace } from "./rename_in_place.ts";
import { readStored } from "./stored_diagram.ts";
import { showStatus } from "./status_line.ts";

const config: EditorConfig = JSON.parse(
  document.getElementById(EDITOR_CONFIG_ELEMENT_ID)?.textContent ?? "null",
);
const mount = document.getElementById("editor")!;
renameInPlace(config.diagramId);

try {
  const stored = await readStored(config.diagramId);
  mount.replaceChildren();
  const size = { width: mount.clientWidth, height: mount.clientHeight };
  createRoot(mount).render(<EditorApp config={config} stored={stored} size={size} />);
} catch (error) {
  showStatus(
    "not-saved",
    `The diagram could not be loaded (${error}). Reload the page to try again.`,
  );
}
