// What gets stored for a diagram, whoever made it: a validated Excalidraw file and a thumbnail
// that is safe to serve. Generated, uploaded and collaboratively edited files all pass here.
import { validateScene } from "../../shared/scene/validate.ts";
import { renderThumbnail } from "../thumbnail/render_svg.ts";
import { sanitizeSvg } from "../thumbnail/sanitize_svg.ts";
import type { DiagramContent } from "../store/diagrams.ts";
import { InvalidInputError } from "./errors.ts";

/**
 * Validates `input` (InvalidInputError listing every problem otherwise) and pairs it with a
 * thumbnail: the sender's one when it survives sanitising, else our own render. With `sourceText`
 * (an imported file's own text, which parsed to `input`), that text is what gets stored when the
 * file needed no normalising, so an export gives back the very bytes imported, indentation and
 * all; otherwise the normalised file is stored.
 */
export function contentFromFile(
  input: unknown,
  thumbnail?: string,
  sourceText?: string,
): DiagramContent {
  const compact = JSON.stringify(input) ?? "";
  const checked = validateScene(input, utf8Length(sourceText ?? compact));
  if (!checked.ok) {
    throw new InvalidInputError(
      checked.problems,
      "the Excalidraw file is invalid; nothing was saved",
    );
  }
  const sanitized = thumbnail === undefined ? null : sanitizeSvg(thumbnail);
  const normalised = JSON.stringify(checked.file);
  return {
    file: sourceText !== undefined && normalised === compact ? sourceText : normalised,
    thumbnailSvg: sanitized ?? renderThumbnail(checked.file.elements),
  };
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).byteLength;
}
