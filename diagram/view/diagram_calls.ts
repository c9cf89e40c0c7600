// The view's two tool calls, through the host (it proxies them to our MCP endpoint with the
// person's token; the view holds none): read a diagram, save a person's edit over the revision
// read. A refusal comes back with the server's own words for the person, and which it is (in the
// result's `_meta`: a refusal carries no structuredContent, which SDK 1.x hosts would check
// against the tool's outputSchema and turn into an error).
import type { App } from "@modelcontextprotocol/ext-apps";
import type { AppEditorFile } from "../editor/app_editor_contract.ts";
import { APP_REFUSAL_META, APP_TOOLS } from "../mcp/tools/view_meta.ts";

export interface DiagramDetails {
  id: string;
  name: string;
  url: string;
  /** What a save names as its base. */
  revision: number;
}

/** What the view shows inline. */
export interface ViewedDiagram extends DiagramDetails {
  svg: string;
}

/** What the editor opens. */
export interface EditedDiagram extends DiagramDetails {
  file: AppEditorFile;
}

export interface SavedDiagram {
  id: string;
  name: string;
  url: string;
  revision: number;
  replacedRevision: number;
}

export type Refusal =
  | { reason: "stale"; currentRevision: number }
  | { reason: "invalid"; problems: string[] }
  | { reason: "not-found" }
  | { reason: "failed" };

export type Answer<T> = { ok: true; value: T } | { ok: false; text: string; refusal: Refusal };

type CallResult = Awaited<ReturnType<App["callServerTool"]>>;

/** The drawing to show: our SVG only, the smaller answer (a 100-node diagram's is 90 KB). */
export function readDrawing(app: App, id: string): Promise<Answer<ViewedDiagram>> {
  return call<ViewedDiagram>(app, APP_TOOLS.read, { id, include: ["svg"] });
}

/** The file to edit, at the revision a save will name. */
export function readFile(app: App, id: string): Promise<Answer<EditedDiagram>> {
  return call<EditedDiagram>(app, APP_TOOLS.read, { id, include: ["file"] });
}

export function saveDiagram(
  app: App,
  save: { id: string; file: AppEditorFile; baseRevision: number },
): Promise<Answer<SavedDiagram>> {
  return call<SavedDiagram>(app, APP_TOOLS.save, save);
}

async function call<T>(app: App, name: string, args: Record<string, unknown>): Promise<Answer<T>> {
  let result: CallResult;
  try {
    result = await app.callServerTool({ name, arguments: args });
  } catch (error) {
    // The host refused the call, or lost the server: no words of ours to show.
    return {
      ok: false,
      text: `The chat client could not reach the diagram service (${describe(error)}).`,
      refusal: { reason: "failed" },
    };
  }
  const text = (result.content ?? [])
    .map((block) => block.type === "text" ? block.text : "")
    .join("\n").trim();
  const structured = result.structuredContent as Record<string, unknown> | undefined;
  if (result.isError) {
    const said = result._meta?.[APP_REFUSAL_META] as Record<string, unknown> | undefined;
    const reason = said?.reason;
    const refusal = reason === "stale" || reason === "invalid" || reason === "not-found"
      ? said as Refusal
      : { reason: "failed" as const };
    return { ok: false, text: text || "The diagram service refused the call.", refusal };
  }
  if (structured === undefined) {
    return {
      ok: false,
      text: "The diagram service answered nothing.",
      refusal: { reason: "failed" },
    };
  }
  return { ok: true, value: structured as T };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
