// The page's status line (server-rendered, a live region): what the editor's connection is doing,
// in words, so nobody wonders whether their drawing is safe.
import type { EditorStatus } from "./editor_session.ts";

const WORDS: Record<EditorStatus, string> = {
  connecting: "Connecting…",
  live: "Live: changes are saved as you draw",
  reconnecting: "Reconnecting… your changes are kept in this tab",
  "saving-directly": "Collaboration is unreachable: saving directly…",
  "saved-directly": "Collaboration is unreachable: saved directly to the server",
  "not-saved": "Not saved yet",
  "signed-out": "Signed out: sign in again in another tab, and what you draw here is saved then",
  replaced: "Live, showing a newer version",
  gone: "This diagram was deleted: what you see is no longer saved",
};

export function showStatus(status: EditorStatus, detail?: string): void {
  const line = document.getElementById("editor-status");
  if (!line) return;
  line.dataset.status = status;
  line.textContent = detail ? `${WORDS[status]}: ${detail}` : WORDS[status];
}
