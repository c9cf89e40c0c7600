// Draws diagrams on a pool of workers, so that a long layout never blocks the service's
// other requests. Each job has a time budget: past it the caller gets DrawingTimeoutError and
// nothing is saved. Deno 2.9 cannot stop a worker that is busy computing (terminate() takes
// effect only when it yields), so the workers stop their own PNG drawing at the budget
// (drawing/png/time_limit.ts: resvg, the one part whose cost a spec's budget check cannot bound),
// and a worker still busy past its deadline (a layout) keeps its place in the pool until its job
// ends and is retired then: the pool never computes more jobs at once than it has places, which
// is what bounds CPU and memory. The budget check before any layout keeps such runaways out in
// the first place. The queue is bounded so that a burst of requests is refused at once instead of
// waiting past any client's patience and piling up memory. A stored file's PNG preview
// (get_diagram's) is a job of its own on the same workers, queue and budget.
//
// Jobs name their owner (the account), and one owner never holds every worker nor half the
// queue: whatever one account asks for, another's small diagram finds a free worker at once.
import { previewTimeoutMessage } from "../drawing/png/png_error.ts";
import type { Checked } from "../drawing/content.ts";
import type { DrawJob, DrawnContent, PreviewImage } from "../drawing/draw.ts";
import type {
  DrawingInitMessage,
  DrawingJobMessage,
  DrawingResult,
  DrawingTask,
  DrawingWorkerMessage,
} from "./drawing_protocol.ts";

/** How many workers, how long a job may take, how many may wait. */
export interface DrawingPoolOptions {
  /** Workers running at once; defaults to the number of CPU cores. */
  size?: number;
  /** Budget of one job, from the moment a warm worker takes it. */
  timeoutMs?: number;
  /**
   * Jobs allowed to wait for a worker; one more is refused with DrawingBusyError, and so is one
   * more of an owner who already has half of them waiting.
   */
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

/**
 * Who asked for a job (an account's id): an owner runs at most one job fewer than there are
 * workers. Jobs without one are not limited.
 */
export type DrawingOwner = string | undefined;

/** The workers that draw, preview and validate off the request thread. */
export interface DrawingPool {
  /** Rejects with DrawingBusyError, DrawingTimeoutError, or an Error with the worker's message. */
  draw(job: DrawJob, owner?: DrawingOwner): Promise<Checked<DrawnContent>>;
  /**
   * A stored file's PNG, on the same workers, queue and budget as drawings; rejects as draw does
   * (a preview that fails inside the worker, or is stopped there at the budget, resolves with
   * its error instead).
   */
  preview(file: string, owner?: DrawingOwner): Promise<PreviewImage>;
  /** Terminates every worker; running and queued jobs reject. */
  close(): Promise<void>;
  /** What /metrics and /readyz read: the pool now, and its jobs since it started. */
  stats(): DrawingPoolStats;
}

/** What /readyz and /metrics read: jobs waiting, workers busy, jobs ended and timed out. */
export interface DrawingPoolStats {
  queued: number;
  busy: number;
  /** Workers started, warm or warming. */
  workers: number;
  /** Workers warm and able to take a job. */
  ready: number;
  closed: boolean;
  /** Jobs stopped at their budget, by kind. */
  timeouts: Record<DrawingTask["kind"], number>;
  /** Jobs that ended (answered, failed or stopped), by kind. */
  finished: Record<DrawingTask["kind"], number>;
}

/** Every worker is busy and the queue is full: the caller should retry in a few seconds. */
export class DrawingBusyError extends Error {
  constructor() {
    super(
      "the diagram service is busy laying out other diagrams; retry in a few seconds",
    );
    this.name = "DrawingBusyError";
  }
}

/** A job ran past its budget and was stopped. The message tells the author what to change. */
export class DrawingTimeoutError extends Error {
  constructor(readonly timeoutMs: number, kind: DrawingTask["kind"] = "draw") {
    super(
      kind === "preview"
        ? previewTimeoutMessage(timeoutMs)
        : `laying out the diagram took longer than ${timeoutMs / 1000} s and was stopped: ` +
          "simplify the spec — fewer edges between distant layers (an edge is drawn through " +
          "every layer it skips), fewer edges in cycles, fewer nodes and edges — or split it " +
          "into several diagrams",
    );
    this.name = "DrawingTimeoutError";
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
const DEFAULT_WORKER_URL = new URL("./drawing_worker.ts", import.meta.url);
/**
 * How long before the pool's deadline a worker stops drawing PNGs: time for its answer to arrive
 * before the deadline refuses the job as a whole.
 */
const ANSWER_MARGIN_MS = 250;

interface Job {
  task: DrawingTask;
  owner: DrawingOwner;
  resolve: (result: DrawingResult) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  /** ELK is warm: the worker may take a job. */
  ready: boolean;
  running?: { id: number; job: Job; timer: ReturnType<typeof setTimeout> };
  /** Its job timed out and was answered: whatever it sends is dropped, then it is retired. */
  abandoned?: boolean;
  /**
   * While it warms up: the owner whose job cost the worker this one replaces (it ran past its
   * budget). That owner's next job waits for it rather than take the place of a warm worker
   * another owner's small diagram needs.
   */
  replacing?: DrawingOwner;
}

/** Starts the pool's workers (they warm up in the background); close() ends them. */
export function createDrawingPool(options: DrawingPoolOptions = {}): DrawingPool {
  const size = Math.max(1, Math.floor(options.size ?? navigator.hardwareConcurrency ?? 1));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxQueued = options.maxQueued ?? DEFAULT_MAX_QUEUED;
  const recycleHeapBytes = options.recycleHeapBytes ?? DEFAULT_RECYCLE_HEAP_BYTES;
  const workerUrl = options.workerUrl ?? DEFAULT_WORKER_URL;
  const maxRunningPerOwner = Math.max(1, size - 1);
  const maxQueuedPerOwner = Math.max(1, Math.floor(maxQueued / 2));
  const resvg = (options.resvg ?? Promise.resolve(null)).catch(() => null);

  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextJobId = 1;
  let closed = false;
  const timeouts = { draw: 0, preview: 0 };
  const finished = { draw: 0, preview: 0 };

  function spawn(replacing?: DrawingOwner): void {
    const slot: Slot = {
      worker: new Worker(workerUrl, { type: "module" }),
      ready: false,
      ...(replacing === undefined ? {} : { replacing }),
    };
    slot.worker.onmessage = ({ data }: MessageEvent<DrawingWorkerMessage>) => onMessage(slot, data);
    slot.worker.onerror = (event) => {
      // Handled here: unhandled, a worker's error would end the service.
      event.preventDefault();
      onCrash(slot, event.message);
    };
    slots.push(slot);
    // Before any job: a worker says it is ready only once it has this.
    resvg.then((module) => {
      const init: DrawingInitMessage = { kind: "init", resvg: module };
      if (slots.includes(slot)) slot.worker.postMessage(init);
    });
  }

  function retire(slot: Slot): void {
    slot.worker.terminate();
    slots.splice(slots.indexOf(slot), 1);
    if (slot.running !== undefined) clearTimeout(slot.running.timer);
  }

  /** Places an owner holds: workers running its jobs, and replacements of its costly ones. */
  function held(owner: string): number {
    return slots.filter((slot) =>
      slot.running?.job.owner === owner || (!slot.ready && slot.replacing === owner)
    ).length;
  }

  /** Starts queued jobs on idle warm workers and spawns the workers still missing. */
  function pump(): void {
    if (closed) return;
    for (const slot of slots) {
      if (!slot.ready || slot.running !== undefined) continue;
      // In order of arrival, passing over owners who hold all the places they may.
      const next = queue.findIndex(({ owner }) =>
        owner === undefined || held(owner) < maxRunningPerOwner
      );
      if (next === -1) break;
      start(slot, queue.splice(next, 1)[0]);
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
      timeouts[job.task.kind]++;
      finished[job.task.kind]++;
      job.reject(new DrawingTimeoutError(timeoutMs, job.task.kind));
    }, timeoutMs);
    slot.running = { id, job, timer };
    const deadline = Date.now() + timeoutMs - ANSWER_MARGIN_MS;
    const message: DrawingJobMessage = {
      ...job.task,
      id,
      budget: { deadline, budgetMs: timeoutMs },
    };
    slot.worker.postMessage(message);
  }

  function onMessage(slot: Slot, message: DrawingWorkerMessage): void {
    if (message.type === "ready") {
      slot.ready = true;
      delete slot.replacing;
      pump();
      return;
    }
    const running = slot.running;
    if (running === undefined || running.id !== message.id) return;
    clearTimeout(running.timer);
    slot.running = undefined;
    // Its caller was answered at the deadline: whatever it sent is dropped.
    if (!slot.abandoned) {
      finished[running.job.task.kind]++;
      if (message.type === "done") running.job.resolve(message.result);
      else running.job.reject(new Error(message.message));
    }
    // Past its budget (the pool's deadline, or its PNG stopped at the worker's), the job cost
    // the worker; a grown heap is a big diagram's due.
    if (slot.abandoned || message.retire) replace(slot, running.job.owner);
    else if (message.heapBytes > recycleHeapBytes) retire(slot);
    pump();
  }

  /**
   * Retires a worker that `owner`'s job ended (it ran past its budget, broke resvg, or crashed),
   * and starts its replacement now if that owner has jobs waiting: they wait for it.
   */
  function replace(slot: Slot, owner: DrawingOwner): void {
    retire(slot);
    if (queue.some((job) => job.owner === owner) && slots.length < size) spawn(owner);
  }

  function onCrash(slot: Slot, reason: string): void {
    if (!slots.includes(slot)) return;
    const error = new Error(`layout worker failed: ${reason}`);
    const running = slot.running;
    if (running !== undefined) {
      finished[running.job.task.kind]++;
      replace(slot, running.job.owner);
      running.job.reject(error);
    } else {
      retire(slot);
      // A worker that cannot even warm up would be respawned for ever; fail a waiting job instead.
      if (!slot.ready) queue.shift()?.reject(error);
    }
    pump();
  }

  if (options.eager) { for (let i = 0; i < size; i++) spawn(); }

  function submit(task: DrawingTask, owner: DrawingOwner): Promise<DrawingResult> {
    if (closed) return Promise.reject(new Error("the layout pool is closed"));
    const busy = slots.filter((slot) => slot.running !== undefined).length;
    // Jobs that free workers will take at once are not waiting.
    const full = queue.length >= maxQueued + (size - busy);
    const ownersShare = owner !== undefined &&
      queue.filter((job) => job.owner === owner).length >= maxQueuedPerOwner;
    if (full || ownersShare) return Promise.reject(new DrawingBusyError());
    return new Promise<DrawingResult>((resolve, reject) => {
      queue.push({ task, owner, resolve, reject });
      pump();
    });
  }

  return {
    async draw(job, owner) {
      const result = await submit({ kind: "draw", job }, owner);
      if (result.kind !== "draw") throw new Error("the layout worker answered another task");
      return result.drawn;
    },
    async preview(file, owner) {
      const result = await submit({ kind: "preview", file }, owner);
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
    stats() {
      return {
        queued: queue.length,
        busy: slots.filter((slot) => slot.running !== undefined).length,
        workers: slots.length,
        ready: slots.filter((slot) => slot.ready).length,
        closed,
        timeouts: { ...timeouts },
        finished: { ...finished },
      };
    },
  };
}
