// A stand-in for layout_worker.ts in the pool's tests: it speaks the same protocol but does
// what the first node's label says, so that timing, failures and heap sizes are chosen by the
// test instead of by ELK. Labels: "sleep <ms>", "spin <ms>" (busy, like a long layout; bounded
// because Deno 2.9 does not stop a busy worker on terminate()), "throw <message>", "crash",
// "heap <bytes>". The answer's `elements` is empty and `appState` records this worker's
// identity, when it started and when the job ran.
/// <reference lib="deno.worker" />
import type { ExcalidrawFile } from "../../shared/scene/types.ts";
import type { LayoutJobMessage, LayoutWorkerMessage } from "./layout_protocol.ts";

const identity = crypto.randomUUID();
/** Wall-clock ms, comparable with the test's own Date.now(). */
const bornAt = Date.now();

function post(message: LayoutWorkerMessage): void {
  self.postMessage(message);
}

self.onmessage = async ({ data }: MessageEvent<LayoutJobMessage>) => {
  const [command, argument = ""] = data.spec.nodes[0].label.split(" ");
  const startedAt = performance.timeOrigin + performance.now();
  let heapBytes = 0;
  if (command === "sleep") await new Promise((resolve) => setTimeout(resolve, Number(argument)));
  if (command === "spin") {
    while (performance.timeOrigin + performance.now() < startedAt + Number(argument)) {
      // Busy on purpose.
    }
  }
  if (command === "throw") {
    post({ type: "failed", id: data.id, message: argument, heapBytes });
    return;
  }
  if (command === "crash") throw new Error("scripted crash");
  if (command === "heap") heapBytes = Number(argument);
  const endedAt = performance.timeOrigin + performance.now();
  const file = {
    type: "excalidraw",
    version: 2,
    source: data.options.source,
    elements: [],
    appState: { identity, bornAt, startedAt, endedAt },
    files: {},
  } as unknown as ExcalidrawFile;
  post({ type: "done", id: data.id, file, heapBytes });
};

post({ type: "ready" });
