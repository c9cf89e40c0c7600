// What gets stored for a diagram, whoever made it: a validated Excalidraw file and a thumbnail
// that is safe to serve. Generated, uploaded and collaboratively edited files all pass here.
import { validateScene } from "../../shared/scene/validate.ts";
import { renderThumbnail } from "../thumbnail/render_svg.ts";
import { sanitizeSvg } from "../thumbnail/sanitize_svg.ts";
import type { DiagramContent } from "../store/diagrams.ts";
import { InvalidInputError } from "./errors.ts";

/**
 * Validates `input` (InvalidInputError listing every problem otherwise) and pairs it with a
 * thumbnail: the sender's one when it survives sanitising, else our own render.
 */
export function contentFromFile(input: unknown, thumbnail?: string): DiagramContent {
  const checked = validateScene(input, utf8Length(JSON.stringify(input) ?? ""));
  if (!checked.ok) {
    throw new InvalidInputError(
      checked.problems,
      "the Excalidraw file is invalid; nothing was saved",
    );
  }
  const sanitized = thumbnail === undefined ? null : sanitizeSvg(thumbnail);
  return {
    file: JSON.stringify(checked.file),
    thumbnailSvg: sanitized ?? renderThumbnail(checked.file.elements),
  };
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).byteLength;
}
