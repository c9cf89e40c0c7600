// The Diagram menu's downloads of what is on screen, made in the browser by Excalidraw's own
// exporter, as its Export image makes them: hand-drawn strokes, Excalidraw's fonts inlined into
// the SVG, the PNG drawn as the canvas draws. The server's rendering (export.svg: plain strokes,
// no fonts inside) stays in the menu as the clean one; thumbnails and agents get that.
import { exportToBlob, exportToSvg } from "@excalidraw/excalidraw";
import type { ExcalidrawImperativeAPI } from "@excalidraw/excalidraw/types";
import { fileNameOf } from "../file_name.ts";
import { closeDiagramMenu } from "./diagram_menu.ts";
import { DOWNLOAD_PROBLEM_ID, ON_SCREEN_ATTRIBUTE } from "./editor_config.ts";

type Kind = "svg" | "png";

/** Shows the page's on-screen download items (hidden without the editor) and makes them work. */
export function offerOnScreenDownloads(api: ExcalidrawImperativeAPI): () => void {
  const buttons = [...document.querySelectorAll<HTMLButtonElement>(`[${ON_SCREEN_ATTRIBUTE}]`)];
  const problem = document.getElementById(DOWNLOAD_PROBLEM_ID);

  async function onClick(event: Event) {
    const button = event.currentTarget as HTMLButtonElement;
    const kind = button.getAttribute(ON_SCREEN_ATTRIBUTE) === "png" ? "png" : "svg";
    if (problem) problem.textContent = "";
    button.disabled = true;
    try {
      hand(await drawing(api, kind), `${fileNameOf(diagramName())}.${kind}`);
      closeDiagramMenu();
    } catch (error) {
      // The menu stays open, saying why.
      if (problem) problem.textContent = `The .${kind} could not be made: ${error}`;
    } finally {
      button.disabled = false;
    }
  }

  for (const button of buttons) {
    button.addEventListener("click", onClick);
    button.closest("li")!.hidden = false;
  }
  return () => {
    for (const button of buttons) {
      button.removeEventListener("click", onClick);
      button.closest("li")!.hidden = true;
    }
  };
}

/** The scene as Excalidraw exports it, with its export settings (background, scale, theme). */
async function drawing(api: ExcalidrawImperativeAPI, kind: Kind): Promise<Blob> {
  const scene = {
    elements: api.getSceneElements(),
    appState: api.getAppState(),
    files: api.getFiles(),
  };
  if (kind === "png") return await exportToBlob({ ...scene, mimeType: "image/png" });
  const svg = await exportToSvg(scene);
  return new Blob([svg.outerHTML], { type: "image/svg+xml" });
}

/** The name as last saved (a rename in place updates it), not what is being typed. */
function diagramName(): string {
  return (document.getElementById("diagram-name") as HTMLInputElement | null)?.defaultValue ?? "";
}

/** Hands `blob` to the browser as a download named `name`. */
function hand(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  // The download has its own copy once it has started.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
