// The messages between the layout pool and its workers.
import type { DrawJob, DrawnContent, PreviewImage } from "../service/draw.ts";

/** What a worker does: draw a spec (drawContent), or render a stored file's PNG preview. */
export type LayoutTask = { kind: "draw"; job: DrawJob } | { kind: "preview"; file: string };

/** What it answers, of the same kind. */
export type LayoutResult =
  | { kind: "draw"; content: DrawnContent }
  | { kind: "preview"; preview: PreviewImage };

/** Pool → worker: one task. */
export type LayoutJobMessage = LayoutTask & { id: number };

/**
 * Pool → worker, first of all: resvg's WebAssembly module, compiled once in the service and
 * shared by every worker (so is the code V8 optimises it into: a fresh worker draws at full
 * speed), or null for the worker to compile its own.
 */
export interface LayoutInitMessage {
  kind: "init";
  resvg: WebAssembly.Module | null;
}

export type LayoutPoolMessage = LayoutInitMessage | LayoutJobMessage;

/**
 * Worker → pool. `ready` once ELK and the PNG renderer are warm; then one `done` or `failed` per
 * task, with the memory the worker holds afterwards (`heapBytes`: its heap and external buffers)
 * so that the pool can retire a worker that grew, and `retire` when the worker asks to go (its
 * resvg trapped).
 */
export type LayoutWorkerMessage =
  | { type: "ready" }
  | { type: "done"; id: number; result: LayoutResult; heapBytes: number; retire?: true }
  | { type: "failed"; id: number; message: string; heapBytes: number; retire?: true };
