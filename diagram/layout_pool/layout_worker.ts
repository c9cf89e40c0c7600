// One layout worker: warms ELK once, then draws one diagram per message (layout, scene, kept
// elements, validation, thumbnail), off the service's request thread. Errors are posted back as
// messages so that only that job fails.
/// <reference lib="deno.worker" />
import { drawContent } from "../service/draw.ts";
import { warmLayoutEngine } from "../drawing/layout/layout.ts";
import type { LayoutJobMessage, LayoutWorkerMessage } from "./layout_protocol.ts";

function post(message: LayoutWorkerMessage): void {
  self.postMessage(message);
}

const heapBytes = () => Deno.memoryUsage().heapTotal;

// Jobs are run one at a time, in arrival order (the pool sends one at a time anyway).
let previous: Promise<void> = warmLayoutEngine().then(() => post({ type: "ready" }));

self.onmessage = ({ data }: MessageEvent<LayoutJobMessage>) => {
  previous = previous.then(async () => {
    try {
      const content = await drawContent(data.job);
      post({ type: "done", id: data.id, content, heapBytes: heapBytes() });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      post({ type: "failed", id: data.id, message, heapBytes: heapBytes() });
    }
  });
};
