// Answers many operations share: an SVG with its ETag, a 304, a 204, a download.
import type { Answer } from "./operation.ts";

/** A JSON Schema for text bodies. */
const TEXT: Record<string, unknown> = { type: "string" };

/** An SVG drawn by the server, with its ETag. */
export function svgAnswer(description: string): Answer {
  return { description, media: { "image/svg+xml": TEXT }, headers: ["ETag"] };
}

/** A file to save: `type`'s body, named by Content-Disposition, with its ETag. */
export function downloadAnswer(description: string, type: string, schema = TEXT): Answer {
  return { description, media: { [type]: schema }, headers: ["ETag", "Content-Disposition"] };
}

/** The 304 of a conditional GET whose If-None-Match names the current ETag. */
export const NOT_MODIFIED: Answer = {
  description: "The copy the client holds (If-None-Match) is current; no body.",
  headers: ["ETag"],
};

/** A 204: done, nothing to say. */
export function noContent(description: string): Answer {
  return { description };
}
