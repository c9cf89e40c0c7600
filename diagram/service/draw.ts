// Everything a spec write computes, as one pure function the layout workers run off the request
// thread: lay the spec out and draw it, carry over the hand-made elements of the file it replaces,
// validate the result and render its thumbnail. Only strings cross back to the service.
import type { DiagramSpec } from "../../shared/spec.ts";
import type { ExcalidrawFile } from "../drawing/excalidraw/types.ts";
import { generateDiagram } from "../drawing/generate.ts";
import type { SceneOptions } from "../drawing/scene/scene.ts";
import type { DiagramContent } from "../store/diagrams.ts";
import { contentFromFile } from "./content.ts";
import { keepHandDrawn } from "./keep_hand_drawn.ts";
import { sceneSpec } from "./scene_spec.ts";

export interface DrawJob {
  spec: DiagramSpec;
  options: SceneOptions;
  /** The stored file an update replaces: what its spec did not own is kept in place. */
  previousFile?: string;
}

export interface DrawnContent extends DiagramContent {
  /** Hand-made elements carried over from the previous file. */
  kept: number;
}

export async function drawContent(job: DrawJob): Promise<DrawnContent> {
  const drawn = await generateDiagram(job.spec, job.options);
  if (job.previousFile === undefined) return { ...(await contentFromFile(drawn)), kept: 0 };
  const previous = JSON.parse(job.previousFile) as ExcalidrawFile;
  const merged = keepHandDrawn(
    drawn.elements,
    previous.elements,
    sceneSpec(previous.elements).owned,
  );
  const content = await contentFromFile({
    ...drawn,
    elements: merged.elements,
    // The person's canvas settings and the images their kept elements show stay too.
    appState: previous.appState ?? drawn.appState,
    files: previous.files ?? {},
  });
  return { ...content, kept: merged.kept };
}
