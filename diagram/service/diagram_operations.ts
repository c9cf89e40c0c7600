// Every diagram operation as one object, core.diagrams: what REST routes, pages, MCP tools, the
// history, the trash and the collaboration rooms call. Each part does one job in its own module;
// this is only where they meet, so a door holds one object and need not know which module does what.
import { imageOperations } from "./diagram_images.ts";
import { diagramRecordOperations } from "./diagrams.ts";
import { fileWriteOperations } from "./file_writes.ts";
import { mermaidOperations } from "./mermaid_diagrams.ts";
import { type SpecDeps, specOperations } from "./spec_diagrams.ts";

/** What the diagram operations need: the database, the public URL, the clock and the drawing pool. */
export type DiagramCoreDeps = SpecDeps;

export type DiagramOperations = ReturnType<typeof diagramOperations>;

export function diagramOperations(deps: DiagramCoreDeps) {
  const specs = specOperations(deps);
  return {
    ...diagramRecordOperations(deps),
    ...specs,
    ...mermaidOperations(deps, specs),
    ...fileWriteOperations(deps),
    ...imageOperations(deps),
  };
}
