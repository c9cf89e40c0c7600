// A stand-in for drawing_worker.ts in the pool's tests: it speaks the same protocol but does
// what the first node's label (or a preview's file) says, so that timing, failures and heap sizes
// are chosen by the test instead of by ELK. Labels: "sleep <ms>", "spin <ms>" (busy, like a long
// layout; bounded because Deno 2.9 does not stop a busy worker on terminate()), "throw <message>",
// "crash", "heap <bytes>", "retire [<ms>]" (sleeps, then asks the pool to replace it, as a worker
// whose PNG was stopped at the budget does). The answer's `file` (a preview's error) records this
// worker's identity, when it started and when the job ran.
/// <reference lib="deno.worker" />
import type { DrawingPoolMessage, DrawingWorkerMessage } from "./drawing_protocol.ts";

const identity = crypto.randomUUID();
/** Wall-clock ms, comparable with the test's own Date.now(). */
const bornAt = Date.now();

function post(message: DrawingWorkerMessage): void {
  self.postMessage(message);
}

self.onmessage = async ({ data }: MessageEvent<DrawingPoolMessage>) => {
  if (data.kind === "init") return;
  const label = data.kind === "draw" ? data.job.spec.nodes[0].label : data.file;
  const [command, argument = ""] = label.split(" ");
  const startedAt = performance.timeOrigin + performance.now();
  let heapBytes = 0;
  if (command === "sleep" || command === "retire") {
    await new Promise((resolve) => setTimeout(resolve, Number(argument)));
  }
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
  const retire = command === "retire" ? { retire: true as const } : {};
  const endedAt = performance.timeOrigin + performance.now();
  const file = JSON.stringify({ identity, bornAt, startedAt, endedAt });
  post({
    type: "done",
    id: data.id,
    result: data.kind === "draw"
      ? {
        kind: "draw",
        drawn: { ok: true, content: { file, thumbnailSvg: "<svg/>", elementCount: 0, kept: 0 } },
      }
      : { kind: "preview", preview: { error: file } },
    heapBytes,
    ...retire,
  });
};

/**
 * Loaded as `scripted_worker_testing.ts?births=<channel>`, it says "born" on that channel to the test
 * itself, which cannot see the pool's workers: under `deno test` each spawn type-checks this
 * module first, so a worker can take seconds to start.
 */
const birthsChannel = new URL(import.meta.url).searchParams.get("births");
if (birthsChannel !== null) {
  const births = new BroadcastChannel(birthsChannel);
  births.postMessage(identity);
  births.close();
}

post({ type: "ready" });
