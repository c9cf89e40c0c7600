// Images, videos, papers and packages in searxng_web_search's answer. SearXNG marks each result's
// kind with its template (images.html, videos.html, paper.html, packages.html) and gives it fields
// of its own; an agent reads them in the structured output under SearXNG's names, and in the text
// as lines that say what the result is: what an image shows and where it is, how long a video is
// and who made it, who wrote a paper and where it appeared, which version a package is at.
import { z } from "zod";
// Fields are squashed to one line: a newline inside a value would read as a new field.
import { collapseWhitespace as line } from "../../shared/collapse_whitespace.ts";
import type { EngineSearchResult } from "../engine_client.ts";

/** The kinds' own fields in the structured output, each present only when the engine sent it. */
export const kindOutputShape = {
  template: z.string().optional()
    .describe("SearXNG's result kind: images.html, videos.html, paper.html, packages.html…"),
  thumbnail_src: z.string().optional(),
  resolution: z.string().optional(),
  img_format: z.string().optional(),
  source: z.string().optional(),
  filesize: z.string().optional(),
  iframe_src: z.string().optional(),
  length: z.string().optional(),
  author: z.string().optional(),
  authors: z.array(z.string()).optional(),
  journal: z.string().optional(),
  publisher: z.string().optional(),
  doi: z.string().optional(),
  pdf_url: z.string().optional(),
  type: z.string().optional(),
  volume: z.string().optional(),
  pages: z.string().optional(),
  package_name: z.string().optional(),
  version: z.string().optional(),
  maintainer: z.string().optional(),
  homepage: z.string().optional(),
  source_code_url: z.string().optional(),
  tags: z.array(z.string()).optional(),
  popularity: z.string().optional(),
  license_name: z.string().optional(),
};

type KindField = keyof typeof kindOutputShape;
/** A result kind's own fields, as the structured output carries them. */
export type KindOutput = { [K in KindField]?: z.infer<(typeof kindOutputShape)[K]> };

const FIELDS_OF: Record<string, KindField[]> = {
  "images.html": ["thumbnail_src", "resolution", "img_format", "source", "filesize"],
  "videos.html": ["iframe_src", "length", "author"],
  "paper.html": ["authors", "journal", "publisher", "doi", "pdf_url", "type", "volume", "pages"],
  "packages.html": [
    "package_name",
    "version",
    "maintainer",
    "homepage",
    "source_code_url",
    "tags",
    "popularity",
    "license_name",
  ],
};

/** The template and the fields of its kind that the engine filled, for the structured output. */
export function kindOutput(result: EngineSearchResult): KindOutput {
  const template = result.template ?? undefined;
  if (!template) return {};
  const output: Record<string, unknown> = { template };
  for (const field of FIELDS_OF[template] ?? []) {
    const value = result[field as keyof EngineSearchResult];
    if (value === null || value === undefined || value === "") continue;
    if (Array.isArray(value) && value.length === 0) continue;
    output[field] = value;
  }
  return output as KindOutput;
}

/** A paper's authors beyond this many are counted, not listed. */
const MAX_AUTHORS = 20;

type Described = KindOutput & { publishedDate?: string; img_src?: string };

/**
 * "Label: value" lines, each value squashed to one line. A field without a value, or with nothing
 * but spaces, is left out: an empty label reads as missing data (or as the next line's).
 */
export function labelledLines(list: [label: string, value: string | undefined | null][]): string[] {
  // A loop rather than flatMap over destructured pairs: a search answer renders some two hundred
  // fields, and each destructuring and each one-line array was an allocation.
  const lines: string[] = [];
  for (let i = 0; i < list.length; i++) {
    const value = list[i][1];
    const text = value ? line(value) : "";
    if (text) lines.push(`${list[i][0]}: ${text}`);
  }
  return lines;
}

/** "1920 × 1080" for "1920 x 1080"; other spellings as they are. */
function resolutionText(resolution: string): string {
  return resolution.replace(/^\s*(\d+)\s*[x×]\s*(\d+)\s*$/i, "$1 × $2");
}

function year(date: string | undefined): string | undefined {
  return date?.match(/^(\d{4})-/)?.[1];
}

/** "10.1000/xyz (https://doi.org/10.1000/xyz)", whether the engine sent it bare or resolved. */
function doiText(doi: string | undefined): string | undefined {
  if (!doi) return undefined;
  const bare = doi.trim().replace(/^(https?:\/\/(dx\.)?doi\.org\/|doi:)/i, "");
  const url = `https://doi.org/${bare.split("/").map(encodeURIComponent).join("/")}`;
  return `${bare} (${url})`;
}

/**
 * The text lines of a result's kind, after its Title, Description and URL (the URL is the page:
 * an image's page, a video's watch page, a paper's landing page, a package's registry page).
 * Nothing for a web page.
 */
export function kindLines(result: Described): string[] {
  switch (result.template) {
    case "images.html":
      return [
        "Result Type: image",
        ...labelledLines([
          ["Image URL", result.img_src],
          ["Resolution", result.resolution && resolutionText(result.resolution)],
          ["Format", result.img_format],
          ["File Size", result.filesize],
          ["Source", result.source],
        ]),
      ];
    case "videos.html":
      return [
        "Result Type: video",
        ...labelledLines([
          ["Length", result.length],
          ["Author", result.author],
          ["Embed URL", result.iframe_src],
        ]),
      ];
    case "paper.html": {
      const authors = result.authors ?? [];
      const more = authors.length - MAX_AUTHORS;
      return [
        "Result Type: paper",
        ...labelledLines([
          [
            "Authors",
            authors.length
              ? authors.slice(0, MAX_AUTHORS).join(", ") + (more > 0 ? ` and ${more} more` : "")
              : undefined,
          ],
          ["Journal", result.journal],
          ["Volume", result.volume],
          ["Pages", result.pages],
          ["Publisher", result.publisher],
          ["Year", year(result.publishedDate)],
          ["DOI", doiText(result.doi)],
          ["PDF", result.pdf_url],
          ["Paper Type", result.type],
        ]),
      ];
    }
    case "packages.html":
      return [
        "Result Type: package",
        ...labelledLines([
          ["Package", result.package_name],
          ["Version", result.version],
          ["Maintainer", result.maintainer],
          ["License", result.license_name],
          ["Popularity", result.popularity],
          ["Tags", result.tags?.length ? result.tags.join(", ") : undefined],
          ["Homepage", result.homepage],
          ["Source Code", result.source_code_url],
        ]),
      ];
    default:
      return [];
  }
}
