// Draws diagrams on a pool of workers, so that a long layout never blocks the service's
// other requests. Each job has a time budget: past it the caller gets LayoutTimeoutError and
// nothing is saved. Deno 2.9 cannot stop a worker that is busy computing (terminate() takes
// effect only when it yields), so an abandoned worker keeps its place in the pool until its
// layout ends and is retired then: the pool never computes more layouts at once than it has
// places, which is what bounds CPU and memory. The budget check before any layout keeps such
// runaways out in the first place. The queue is bounded so that a burst of requests is refused
// at once instead of waiting past any client's patience and piling up memory. A stored file's PNG
// preview (get_diagram's) is a job of its own on the same workers, queue and budget.
import type { DrawJob, DrawnContent, PreviewImage } from "../service/draw.ts";
import type {
  LayoutInitMessage,
  LayoutJobMessage,
  LayoutResult,
  LayoutTask,
  LayoutWorkerMessage,
} from "./layout_protocol.ts";

export interface LayoutPoolOptions {
  /** Workers running at once; defaults to the number of CPU cores. */
  size?: number;
  /** Budget of one job, from the moment a warm worker takes it. */
  timeoutMs?: number;
  /** Jobs allowed to wait for a worker; one more is refused with LayoutBusyError. */
  maxQueued?: number;
  /**
   * A worker whose heap (with its buffers outside the heap: resvg's memory) is bigger than this
   * after a job is retired, so that the memory of a big layout or PNG goes back to the system
   * instead of staying reserved by an idle worker.
   */
  recycleHeapBytes?: number;
  /** The worker module; tests replace it. */
  workerUrl?: URL;
  /**
   * resvg's compiled module, given to every worker (they share its code, optimised once for all);
   * without it, or when it resolves to null, each worker compiles its own.
   */
  resvg?: Promise<WebAssembly.Module | null>;
  /** Start and warm every worker now, so the first layouts do not pay for it. */
  eager?: boolean;
}

export interface LayoutPool {
  /** Rejects with LayoutBusyError, LayoutTimeoutError, or an Error with the worker's message. */
  draw(job: DrawJob): Promise<DrawnContent>;
  /**
   * A stored file's PNG, on the same workers, queue and budget as drawings; rejects as draw does
   * (a preview that fails inside the worker resolves with its error instead).
   */
  preview(file: string): Promise<PreviewImage>;
  /** Terminates every worker; running and queued jobs reject. */
  close(): Promise<void>;
}

/** Every worker is busy and the queue is full: the caller should retry in a few seconds. */
export class LayoutBusyError extends Error {
  constructor() {
    super(
      "the diagram service is busy laying out other diagrams; retry in a few seconds",
    );
    this.name = "LayoutBusyError";
  }
}

/** A job ran past its budget and was stopped. The message tells the author what to change. */
export class LayoutTimeoutError extends Error {
  constructor(readonly timeoutMs: number, kind: LayoutTask["kind"] = "draw") {
    super(
      kind === "preview"
        ? `rendering the diagram's preview took longer than ${timeoutMs / 1000} s and was stopped`
        : `laying out the diagram took longer than ${timeoutMs / 1000} s and was stopped: ` +
          "simplify the spec — fewer edges between distant layers (an edge is drawn through " +
          "every layer it skips), fewer edges in cycles, fewer nodes and edges — or split it " +
          "into several diagrams",
    );
    this.name = "LayoutTimeoutError";
  }
}

const DEFAULT_TIMEOUT_MS = 5000;
const DEFAULT_MAX_QUEUED = 8;
/**
 * Measured (heap and resvg's memory, right after a job): a warm idle worker holds about 64 MiB,
 * 6 of them resvg's; one that drew 100-node diagrams with their PNGs 80 to 125; a 300-node one
 * 124, 137 with its PNG; a 1000-node one 148, 167 with its PNG. Before the PNG previews the limit
 * was 96 MiB on the heap alone (a warm idle worker 40): this keeps retiring workers after
 * diagrams of a few hundred nodes, not after every medium one.
 */
const DEFAULT_RECYCLE_HEAP_BYTES = 128 * 1024 * 1024;
const DEFAULT_WORKER_URL = new URL("./layout_worker.ts", import.meta.url);

interface Job {
  task: LayoutTask;
  resolve: (result: LayoutResult) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  /** ELK is warm: the worker may take a job. */
  ready: boolean;
  running?: { id: number; job: Job; timer: ReturnType<typeof setTimeout> };
  /** Its job timed out and was answered: whatever it sends is dropped, then it is retired. */
  abandoned?: boolean;
}

export function createLayoutPool(options: LayoutPoolOptions = {}): LayoutPool {
  const size = Math.max(1, Math.floor(options.size ?? navigator.hardwareConcurrency ?? 1));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxQueued = options.maxQueued ?? DEFAULT_MAX_QUEUED;
  const recycleHeapBytes = options.recycleHeapBytes ?? DEFAULT_RECYCLE_HEAP_BYTES;
  const workerUrl = options.workerUrl ?? DEFAULT_WORKER_URL;
  const resvg = (options.resvg ?? Promise.resolve(null)).catch(() => null);

  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextJobId = 1;
  let closed = false;

  function spawn(): void {
    const slot: Slot = {
      worker: new Worker(workerUrl, { type: "module" }),
      ready: false,
    };
    slot.worker.onmessage = ({ data }: MessageEvent<LayoutWorkerMessage>) => onMessage(slot, data);
    slot.worker.onerror = (event) => {
      // Handled here: unhandled, a worker's error would end the service.
      event.preventDefault();
      onCrash(slot, event.message);
    };
    slots.push(slot);
    // Before any job: a worker says it is ready only once it has this.
    resvg.then((module) => {
      const init: LayoutInitMessage = { kind: "init", resvg: module };
      if (slots.includes(slot)) slot.worker.postMessage(init);
    });
  }

  function retire(slot: Slot): void {
    slot.worker.terminate();
    slots.splice(slots.indexOf(slot), 1);
    if (slot.running !== undefined) clearTimeout(slot.running.timer);
  }

  /** Starts queued jobs on idle warm workers and spawns the workers still missing. */
  function pump(): void {
    if (closed) return;
    for (const slot of slots) {
      if (queue.length === 0) break;
      if (slot.ready && slot.running === undefined) start(slot, queue.shift()!);
    }
    const warming = slots.filter((slot) => !slot.ready).length;
    for (let missing = queue.length - warming; missing > 0 && slots.length < size; missing--) {
      spawn();
    }
  }

  function start(slot: Slot, job: Job): void {
    const id = nextJobId++;
    const timer = setTimeout(() => {
      slot.abandoned = true;
      job.reject(new LayoutTimeoutError(timeoutMs, job.task.kind));
    }, timeoutMs);
    slot.running = { id, job, timer };
    const message: LayoutJobMessage = { ...job.task, id };
    slot.worker.postMessage(message);
  }

  function onMessage(slot: Slot, message: LayoutWorkerMessage): void {
    if (message.type === "ready") {
      slot.ready = true;
      pump();
      return;
    }
    const running = slot.running;
    if (running === undefined || running.id !== message.id) return;
    clearTimeout(running.timer);
    slot.running = undefined;
    if (slot.abandoned) {
      // Its caller was answered at the deadline; a fresh worker takes the place.
      retire(slot);
      pump();
      return;
    }
    if (message.type === "done") running.job.resolve(message.result);
    else running.job.reject(new Error(message.message));
    if (message.retire || message.heapBytes > recycleHeapBytes) retire(slot);
    pump();
  }

  function onCrash(slot: Slot, reason: string): void {
    if (!slots.includes(slot)) return;
    const error = new Error(`layout worker failed: ${reason}`);
    const running = slot.running;
    retire(slot);
    if (running !== undefined) running.job.reject(error);
    // A worker that cannot even warm up would be respawned for ever; fail a waiting job instead.
    else if (!slot.ready) queue.shift()?.reject(error);
    pump();
  }

  if (options.eager) { for (let i = 0; i < size; i++) spawn(); }

  function submit(task: LayoutTask): Promise<LayoutResult> {
    if (closed) return Promise.reject(new Error("the layout pool is closed"));
    const busy = slots.filter((slot) => slot.running !== undefined).length;
    // Jobs that free workers will take at once are not waiting.
    if (queue.length >= maxQueued + (size - busy)) {
      return Promise.reject(new LayoutBusyError());
    }
    return new Promise<LayoutResult>((resolve, reject) => {
      queue.push({ task, resolve, reject });
      pump();
    });
  }

  return {
    async draw(job) {
      const result = await submit({ kind: "draw", job });
      if (result.kind !== "draw") throw new Error("the layout worker answered another task");
      return result.content;
    },
    async preview(file) {
      const result = await submit({ kind: "preview", file });
      if (result.kind !== "preview") throw new Error("the layout worker answered another task");
      return result.preview;
    },
    close() {
      closed = true;
      const error = new Error("the layout pool is closed");
      for (const slot of [...slots]) {
        const running = slot.running;
        retire(slot);
        running?.job.reject(error);
      }
      for (const job of queue.splice(0)) job.reject(error);
      return Promise.resolve();
    },
  };
}
