// The messages between the layout pool and its workers.
import type { DiagramSpec } from "../../shared/spec.ts";
import type { ExcalidrawFile } from "../../shared/scene/types.ts";
import type { SceneOptions } from "../../shared/generate/scene.ts";

/** Pool → worker: one diagram to generate. */
export interface LayoutJobMessage {
  id: number;
  spec: DiagramSpec;
  options: SceneOptions;
}

/**
 * Worker → pool. `ready` once ELK is warm; then one `done` or `failed` per job, with the
 * worker's heap size afterwards so that the pool can retire a worker whose heap grew.
 */
export type LayoutWorkerMessage =
  | { type: "ready" }
  | { type: "done"; id: number; file: ExcalidrawFile; heapBytes: number }
  | { type: "failed"; id: number; message: string; heapBytes: number };
