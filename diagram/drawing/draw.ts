// Everything a spec write computes, as one pure function the drawing workers run off the request
// thread: lay the spec out and draw it, carry over the hand-made elements of the file it replaces,
// validate the result, render its thumbnail and, when asked, its PNG preview. Only strings and
// bytes cross back to the service, or the problems that kept the drawing from being saved.
import type { DiagramSpec } from "./spec.ts";
import type { ExcalidrawFile } from "./excalidraw/types.ts";
import { generateDiagram } from "./generate.ts";
import { previewFailure } from "./png/png_error.ts";
import { groupIds, smallestLabelPx } from "./png/legibility.ts";
import type { PngImage } from "./png/render_png.ts";
import type { SceneOptions } from "./scene/scene.ts";
import { type Checked, contentFromFile, type FileContent } from "./content.ts";
import { keepHandDrawn } from "./scene/keep_hand_drawn.ts";
import { sceneSpec } from "./scene/scene_spec.ts";

/** One spec to draw, and what to draw it with and over. */
export interface DrawJob {
  spec: DiagramSpec;
  options: SceneOptions;
  /** The stored file an update replaces: what its spec did not own is kept in place. */
  previousFile?: string;
  /** Also render the saved drawing as a PNG (what an agent sees of it). */
  preview?: boolean;
}

/**
 * A drawing's PNG, how small its labels came out in it and the groups it could be shown in
 * instead (legibility.ts); or why there is none: a failed preview never fails the write it
 * belongs to.
 */
export type PreviewImage =
  | PngImage & { labelPx: number | null; groups: string[] }
  | { error: string };

/**
 * A scene's elements → PNG, its images drawn from `files` where those hold their bytes; the layout
 * workers' one is drawing/png's renderScenePng with Excalidraw's fonts (png_assets.ts).
 */
export type PngRenderer = (
  elements: readonly Record<string, unknown>[],
  files?: ExcalidrawFile["files"],
) => Promise<PngImage>;

/** What a preview is drawn from. */
interface Scene {
  elements: readonly Record<string, unknown>[];
  files?: ExcalidrawFile["files"];
}

/** What a drawn spec becomes: the file to store, what it kept and, when asked, its preview. */
export interface DrawnContent extends FileContent {
  /** Hand-made elements carried over from the previous file. */
  kept: number;
  /** Only when the job asked for one. */
  preview?: PreviewImage;
}

/**
 * `render` is the PNG renderer of this thread, when it has one. The preview is drawn from the
 * elements the saved file was made of (validation passes a drawn scene through as it is), which
 * spares parsing the file again: 10 to 25 ms for 1,000 nodes.
 */
export async function drawContent(
  job: DrawJob,
  render?: PngRenderer,
): Promise<Checked<DrawnContent>> {
  const drawn = await drawnContent(job);
  if (!drawn.ok) return drawn;
  const { content, elements } = drawn.content;
  if (!job.preview) return { ok: true, content };
  return { ok: true, content: { ...content, preview: await previewOf({ elements }, render) } };
}

/**
 * The PNG of a stored file as it is saved: every live element, hand-made ones included, and the
 * images whose bytes the file holds (a whole file's: whole_file.ts).
 */
export function previewOfFile(file: string, render?: PngRenderer): Promise<PreviewImage> {
  return previewOf(() => JSON.parse(file) as ExcalidrawFile, render);
}

async function previewOf(
  scene: Scene | (() => Scene),
  render: PngRenderer | undefined,
): Promise<PreviewImage> {
  if (render === undefined) return { error: "this process renders no PNG previews" };
  try {
    const { elements: drawn, files } = typeof scene === "function" ? scene() : scene;
    const image = await render(drawn, files);
    return { ...image, labelPx: smallestLabelPx(drawn, image), groups: groupIds(drawn) };
  } catch (error) {
    return { error: previewFailure(error) };
  }
}

/** The drawn file's content with the elements it was made of (for its preview). */
interface Drawing {
  content: DrawnContent;
  elements: readonly Record<string, unknown>[];
}

async function drawnContent(job: DrawJob): Promise<Checked<Drawing>> {
  const drawn = await generateDiagram(job.spec, job.options);
  if (job.previousFile === undefined) {
    const checked = await contentFromFile(drawn);
    if (!checked.ok) return checked;
    return {
      ok: true,
      content: { content: { ...checked.content, kept: 0 }, elements: drawn.elements },
    };
  }
  const previous = JSON.parse(job.previousFile) as ExcalidrawFile;
  const merged = keepHandDrawn(
    drawn.elements,
    previous.elements,
    sceneSpec(previous.elements).owned,
  );
  const checked = await contentFromFile({
    ...drawn,
    elements: merged.elements,
    // The person's canvas settings and the images their kept elements show stay too.
    appState: previous.appState ?? drawn.appState,
    files: previous.files ?? {},
  });
  if (!checked.ok) return checked;
  const content = { ...checked.content, kept: merged.kept };
  return { ok: true, content: { content, elements: merged.elements } };
}
