// How the app-only tools refuse: an isError result whose text a person reads in the diagram view
// as it is, and whose `_meta` says which refusal it is (under APP_REFUSAL_META), so the view can
// offer the way out (reload over a newer revision) without reading the words. Not in
// structuredContent: SDK 1.x hosts check that against the tool's outputSchema, refusals included,
// and would hand the view an error instead (runtime/mcp/results.ts).
import type { CallToolResult } from "@modelcontextprotocol/server";
import { errorResult } from "../../../runtime/mcp/results.ts";
import { InvalidInputError, NotFoundError, StaleRevisionError } from "../../service/errors.ts";
import { toolFailure } from "../tool_context.ts";
import { APP_REFUSAL_META } from "./view_meta.ts";

/** Why an app-only tool refused: a newer revision exists, or the file has problems. */
export type AppRefusal =
  | { reason: "stale"; currentRevision: number }
  | { reason: "invalid"; problems: string[] }
  | { reason: "not-found" };

function refused(text: string, refusal: AppRefusal): CallToolResult {
  return errorResult(text, { [APP_REFUSAL_META]: refusal });
}

/** `error` as the view shows it; anything unexpected is logged as every tool's is. */
export function appRefusal(tool: string, error: unknown, baseRevision?: number): CallToolResult {
  if (error instanceof StaleRevisionError) {
    const since = baseRevision === undefined ? "" : ` (you opened revision ${baseRevision})`;
    return refused(
      `This diagram changed since you opened it${since}: it is now at revision ` +
        `${error.currentRevision}. Reload it to see the changes; nothing was saved.`,
      { reason: "stale", currentRevision: error.currentRevision },
    );
  }
  if (error instanceof InvalidInputError) {
    const shown = error.problems.slice(0, 10);
    const more = error.problems.length - shown.length;
    return refused(
      `The server refused the drawing; nothing was saved:\n` +
        shown.map((problem) => `- ${problem}`).join("\n") +
        (more > 0 ? `\n- and ${more} more` : ""),
      { reason: "invalid", problems: error.problems },
    );
  }
  if (error instanceof NotFoundError) {
    return refused(
      error.message === "diagram is in the trash"
        ? "This diagram is in the trash: restore it in the gallery first."
        : "This diagram is not in your gallery (it was deleted for good, or it is another " +
          "account's).",
      { reason: "not-found" },
    );
  }
  return toolFailure(tool, error);
}
