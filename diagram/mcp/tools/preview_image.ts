// The PNG preview of create_diagram, update_diagram and get_diagram: the `preview` argument, and
// the image the answer carries after its text, so that the agent sees what it drew (and a client
// without MCP Apps can show it beside the link). The image is rendered on the server from our own
// SVG (diagram/drawing/png/); when it cannot be, the text says why and the call still succeeds.
import type { CallToolResult } from "@modelcontextprotocol/server";
import { z } from "zod";
import { LEGIBLE_LABEL_PX } from "../../drawing/png/legibility.ts";
import type { PreviewImage } from "../../drawing/draw.ts";

/** The `preview` argument: whether a PNG of the drawing comes back with the answer. */
export const previewArgument = z.boolean().optional().describe(
  "Also return a PNG image of the diagram as drawn (default true), to check the drawing; " +
    "false leaves it out.",
);

/** get_diagram's: the whole drawing, or one group of it when the whole is too large to read. */
export const readPreviewArgument = z.union([
  z.boolean(),
  z.strictObject({ group: z.string().min(1).max(200) }),
]).optional().describe(
  "Also return a PNG image of the diagram as saved (default true); false leaves it out; " +
    '{"group": "<group id>"} shows only that group, larger: for a drawing too large to read ' +
    "whole.",
);

/** The image content item MCP defines, PNG bytes as base64. */
export function imageContent(png: Uint8Array) {
  return { type: "image" as const, data: png.toBase64(), mimeType: "image/png" };
}

/** `result` with the preview after its text: the image, or a line saying why there is none. */
export function withPreview(
  result: CallToolResult,
  preview: PreviewImage | undefined,
): CallToolResult {
  if (preview === undefined) return result;
  if ("png" in preview) {
    const note = illegibleNote(preview);
    const shown = note === null ? result : withNote(result, note);
    return { ...shown, content: [...shown.content, imageContent(preview.png)] };
  }
  return withNote(result, `\nNo preview image: ${preview.error}.`);
}

/**
 * What to say when the picture's labels come out too small to read (legibility.ts), and what
 * helps instead; null when they read.
 */
function illegibleNote(preview: Extract<PreviewImage, { png: Uint8Array }>): string | null {
  if (preview.labelPx === null || preview.labelPx >= LEGIBLE_LABEL_PX) return null;
  const size = `In the picture (${preview.width} × ${preview.height} px) the smallest labels ` +
    `are about ${Math.round(preview.labelPx)} px high: too small to read.`;
  const help = preview.groups.length === 0
    ? " Open the link to see it at full size; in groups (subgraphs), get_diagram can show each " +
      "group on its own."
    : ` Call get_diagram with preview {"group": "<id>"} to see one group larger (its groups: ${
      preview.groups.map((id) => JSON.stringify(id)).join(", ")
    }), or open the link to see it at full size.`;
  return `\n${size}${help}`;
}

/** `result` with `note` added to its first text. */
function withNote(result: CallToolResult, note: string): CallToolResult {
  const [first, ...rest] = result.content;
  return {
    ...result,
    content: first?.type === "text"
      ? [{ ...first, text: first.text + note }, ...rest]
      : [{ type: "text", text: note.trim() }, ...result.content],
  };
}
