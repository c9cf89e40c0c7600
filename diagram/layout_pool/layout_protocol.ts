// The messages between the layout pool and its workers.
import type { DrawJob, DrawnContent } from "../service/draw.ts";

/** Pool → worker: one diagram to draw. */
export interface LayoutJobMessage {
  id: number;
  job: DrawJob;
}

/**
 * Worker → pool. `ready` once ELK is warm; then one `done` or `failed` per job, with the
 * worker's heap size afterwards so that the pool can retire a worker whose heap grew.
 */
export type LayoutWorkerMessage =
  | { type: "ready" }
  | { type: "done"; id: number; content: DrawnContent; heapBytes: number }
  | { type: "failed"; id: number; message: string; heapBytes: number };
