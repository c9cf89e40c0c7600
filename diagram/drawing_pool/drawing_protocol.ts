// The messages between the drawing pool and its workers.
import type { PngBudget } from "../drawing/png/render_png.ts";
import type { Checked } from "../drawing/content.ts";
import type { DrawJob, DrawnContent, PreviewImage } from "../drawing/draw.ts";

/** What a worker does: draw a spec (drawContent), or render a stored file's PNG preview. */
export type DrawingTask = { kind: "draw"; job: DrawJob } | { kind: "preview"; file: string };

/** What it answers, of the same kind. */
export type DrawingResult =
  | { kind: "draw"; drawn: Checked<DrawnContent> }
  | { kind: "preview"; preview: PreviewImage };

/**
 * Pool → worker: one task, and when any PNG it draws must have stopped: a little before the
 * pool's own deadline, so that the answer (a write saved without its image, a stored file's
 * preview stopped) arrives before the job is refused as a whole.
 */
export type DrawingJobMessage = DrawingTask & { id: number; budget: PngBudget };

/**
 * Pool → worker, first of all: resvg's WebAssembly module, compiled once in the service and
 * shared by every worker (so is the code V8 optimises it into: a fresh worker draws at full
 * speed), or null for the worker to compile its own.
 */
export interface DrawingInitMessage {
  kind: "init";
  resvg: WebAssembly.Module | null;
}

/** Everything the pool sends a worker. */
export type DrawingPoolMessage = DrawingInitMessage | DrawingJobMessage;

/**
 * Worker → pool. `ready` once ELK and the PNG renderer are warm; then one `done` or `failed` per
 * task, with the memory the worker holds afterwards (`heapBytes`: its heap and external buffers)
 * so that the pool can retire a worker that grew, and `retire` when the worker asks to go (its
 * resvg trapped, or was stopped at the budget: the task's own cost).
 */
export type DrawingWorkerMessage =
  | { type: "ready" }
  | { type: "done"; id: number; result: DrawingResult; heapBytes: number; retire?: true }
  | { type: "failed"; id: number; message: string; heapBytes: number; retire?: true };
