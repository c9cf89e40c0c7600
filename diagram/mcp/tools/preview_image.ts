// The PNG preview of create_diagram, update_diagram and get_diagram: the `preview` argument, and
// the image the answer carries after its text, so that the agent sees what it drew (and a client
// without MCP Apps can show it beside the link). The image is rendered on the server from our own
// SVG (diagram/drawing/png/); when it cannot be, the text says why and the call still succeeds.
import type { CallToolResult } from "@modelcontextprotocol/server";
import { z } from "zod";
import type { PreviewImage } from "../../service/draw.ts";

export const previewArgument = z.boolean().optional().describe(
  "Also return a PNG image of the diagram as drawn (default true), to check the drawing; " +
    "false leaves it out.",
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
    return { ...result, content: [...result.content, imageContent(preview.png)] };
  }
  const [first, ...rest] = result.content;
  const note = `\nNo preview image: ${preview.error}.`;
  return {
    ...result,
    content: first?.type === "text"
      ? [{ ...first, text: first.text + note }, ...rest]
      : [{ type: "text", text: note.trim() }, ...result.content],
  };
}
