// An Excalidraw file as the diagram view reads it (app_read_diagram) and saves it
// (app_save_diagram), as published: the envelope's fields named, each element and the rest
// free-form objects, since the service validates every field of a file it is given (and lists
// every problem with its path). Free-form is said as JSON Schema's `additionalProperties: true`,
// which every client reads as "any object".
import { z } from "zod";

const freeForm = <T extends z.ZodType>(schema: T) => schema.meta({ additionalProperties: true });

/** The published schema of an Excalidraw file argument (checked in full by the service). */
export const documentedExcalidrawFile = freeForm(z.looseObject({
  type: z.literal("excalidraw"),
  version: z.number().int(),
  source: z.string().optional(),
  elements: z.array(freeForm(z.looseObject({ id: z.string(), type: z.string() }))),
  appState: freeForm(z.looseObject({})).optional(),
  files: freeForm(z.looseObject({})).optional()
    .describe("Images by file id, each with its dataURL."),
}));
