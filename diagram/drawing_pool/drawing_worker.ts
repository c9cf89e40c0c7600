// One drawing worker: warms ELK and the PNG renderer once, then runs one task per message: draws a
// diagram (layout, scene, kept elements, validation, thumbnail, PNG preview when asked) or renders
// a stored file's PNG, off the service's request thread. Errors are posted back as messages so
// that only that task fails.
/// <reference lib="deno.worker" />
import { drawContent, type PngRenderer, previewOfFile } from "../drawing/draw.ts";
import { warmLayoutEngine } from "../drawing/layout/layout.ts";
import { PngError } from "../drawing/png/png_error.ts";
import type {
  DrawingJobMessage,
  DrawingPoolMessage,
  DrawingResult,
  DrawingWorkerMessage,
} from "./drawing_protocol.ts";
import { createPngRenderer, type WorkerPngRenderer } from "./png_assets.ts";

function post(message: DrawingWorkerMessage): void {
  self.postMessage(message);
}

/**
 * What the pool needs to know after each task: the memory the worker holds (its heap, and the
 * buffers outside it, resvg's WebAssembly memory among them: it grows to the largest PNG drawn,
 * 17 MB for a 1000-node diagram, and is only given back with the worker), and whether resvg broke.
 */
async function health(): Promise<{ heapBytes: number; retire?: true }> {
  const { heapTotal, external } = Deno.memoryUsage();
  const heapBytes = heapTotal + external;
  return (await renderer).broken ? { heapBytes, retire: true } : { heapBytes };
}

// The pool's first message brings resvg's compiled module (or null: compile our own).
let initialise: (resvg: WebAssembly.Module | null) => void;
const resvg = new Promise<WebAssembly.Module | null>((resolve) => initialise = resolve);

// A worker that cannot render PNGs (fonts never built: main.ts says so once) still lays out; its
// previews say why there is no image.
const renderer = resvg.then((module) => createPngRenderer({ resvg: module ?? undefined }))
  .catch((): WorkerPngRenderer => ({
    broken: false,
    render: () =>
      Promise.reject(
        new PngError(
          "this server cannot draw previews: its fonts or its PNG renderer did not load",
        ),
      ),
  }));

// Tasks are run one at a time, in arrival order (the pool sends one at a time anyway).
let previous: Promise<void> = Promise.all([warmLayoutEngine(), renderer])
  .then(() => post({ type: "ready" }));

async function run(task: DrawingJobMessage): Promise<DrawingResult> {
  const ready = await renderer;
  // Stopped at the task's deadline: resvg draws a costly picture in one call that never yields.
  const render: PngRenderer = (elements, files) => ready.render(elements, task.budget, files);
  return task.kind === "draw"
    ? { kind: "draw", drawn: await drawContent(task.job, render) }
    : { kind: "preview", preview: await previewOfFile(task.file, render) };
}

self.onmessage = ({ data }: MessageEvent<DrawingPoolMessage>) => {
  if (data.kind === "init") return initialise(data.resvg);
  previous = previous.then(async () => {
    try {
      const result = await run(data);
      post({ type: "done", id: data.id, result, ...await health() });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      post({ type: "failed", id: data.id, message, ...await health() });
    }
  });
};
