// What gets stored for a diagram, whoever made it: a validated Excalidraw file and a thumbnail
// that is safe to serve. Generated, uploaded and collaboratively edited files all pass here.
import type { ExcalidrawFile } from "./excalidraw/types.ts";
import { validateScene } from "./excalidraw/validate.ts";
import { renderThumbnail } from "./svg/render_svg.ts";
import { sanitizeSvg } from "./svg/sanitize_svg.ts";

/** A validated file as the store keeps it, with the thumbnail it is shown by. */
export interface FileContent {
  /** Validated Excalidraw JSON text. */
  file: string;
  thumbnailSvg: string;
  /** Its elements that are not deleted. */
  elementCount: number;
}

/** What a check made of: its result, or every problem that stopped it (nothing to be saved). */
export type Checked<T> = { ok: true; content: T } | { ok: false; problems: string[] };

/** What may come with a file besides its JSON. */
export interface ContentOptions {
  /** The sender's SVG thumbnail; kept when it survives sanitising. */
  thumbnail?: string;
  /** An imported file's own text, which parsed to the input. */
  sourceText?: string;
  /** After validation: the file's `files` as they are to be stored (images stored apart). */
  settleFiles?: (files: ExcalidrawFile["files"]) => Promise<ExcalidrawFile["files"]>;
}

/**
 * Validates `input` (every problem listed otherwise) and pairs it with a
 * thumbnail: the sender's one when it survives sanitising, else our own render. With `sourceText`,
 * that text is what gets stored when the file needed no normalising (and settling its files changed
 * nothing), so an export gives back the very bytes imported, indentation and all; otherwise the
 * normalised file is stored.
 */
export async function contentFromFile(
  input: unknown,
  { thumbnail, sourceText, settleFiles }: ContentOptions = {},
): Promise<Checked<FileContent>> {
  const compact = JSON.stringify(input) ?? "";
  const checked = validateScene(input, utf8Length(sourceText ?? compact));
  if (!checked.ok) return checked;
  const file = settleFiles === undefined
    ? checked.file
    : { ...checked.file, files: await settleFiles(checked.file.files) };
  const sanitized = thumbnail === undefined ? null : sanitizeSvg(thumbnail);
  const normalised = JSON.stringify(file);
  const content = {
    file: sourceText !== undefined && normalised === compact ? sourceText : normalised,
    thumbnailSvg: sanitized ?? renderThumbnail(file.elements),
    elementCount: liveElementCount(file.elements),
  };
  return { ok: true, content };
}

/** Elements that are drawn: not marked deleted. */
export function liveElementCount(elements: readonly Record<string, unknown>[]): number {
  return elements.filter((element) => element.isDeleted !== true).length;
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).byteLength;
}
