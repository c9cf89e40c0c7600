// The diagram as the web app stores it, over its REST API: read it (the editor's first content,
// and what a replaced diagram reloads), and save it directly, over the revision the editor holds
// (If-Match), when the collab server cannot take the edits.
import type { SceneElement } from "./scene_binding.ts";

export interface StoredFile {
  type: "excalidraw";
  version: number;
  source?: string;
  elements: SceneElement[];
  appState?: Record<string, unknown>;
  files?: Record<string, unknown>;
}

export interface StoredDiagram {
  revision: number;
  /**
   * The door of the latest change: "web" (an editor, REST), "collab" (a room's flush), "mcp",
   * "import", "restore", "app" (a chat client's diagram view).
   */
  changedVia: string;
  file: StoredFile;
}

export type SaveOutcome =
  | { saved: true; revision: number }
  | { saved: false; stale: boolean; signedOut: boolean; problem: string };

export async function readStored(diagramId: string): Promise<StoredDiagram> {
  const response = await fetch(`/api/diagrams/${diagramId}`, { cache: "no-store" });
  if (!response.ok) throw new Error(`reading the diagram: HTTP ${response.status}`);
  const { revision, changedVia, file } = await response.json();
  return { revision, changedVia, file };
}

/**
 * PUT over `revision`, with the browser's own SVG export as the gallery's thumbnail (the server
 * sanitises it, or renders its own when it is refused or missing); `keepalive` lets it finish
 * while the page unloads.
 */
export async function saveStored(
  diagramId: string,
  revision: number,
  file: StoredFile,
  thumbnail: string | undefined,
  keepalive = false,
): Promise<SaveOutcome> {
  try {
    const response = await fetch(`/api/diagrams/${diagramId}`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", "If-Match": `"${revision}"` },
      body: JSON.stringify({ file, thumbnail }),
      keepalive,
    });
    if (response.ok) return { saved: true, revision: (await response.json()).revision };
    const body = await response.json().catch(() => ({}));
    return {
      saved: false,
      stale: response.status === 412,
      signedOut: response.status === 401,
      problem: typeof body.error === "string" ? body.error : `HTTP ${response.status}`,
    };
  } catch (error) {
    return { saved: false, stale: false, signedOut: false, problem: String(error) };
  }
}
