// The collab server under load, run by hand: `npx -y deno@2.9.6 run -A bench/collab_bench.ts`
// (one part only: add `fan-out`, `memory`, `load`, `sync`, or a scenario such as `20x10`; the
// fan-out part runs 1×50 and 20×10, the two with a target, unless a scenario is named).
// Every figure is taken twice in the same run, from ours and from the reference, y-websocket's own
// server (@y/websocket-server 0.1.1 on Node, installed with npm into ~/.cache/collab-bench:
// bench/y_websocket_reference.ts), and the run ends with ours against it. The reference has no
// store: its rooms get their content from a client that writes it and leaves (roomWith), and it
// keeps a room after its clients left. `load` (ours only, as the reference loads nothing): the
// peak RSS while a 5 MB room loads for its first client, against the room's steady size.
// COLLAB_BENCH_V8_FLAGS adds V8 flags to collab's; COLLAB_BENCH_NO_TASK_ENV=1 runs it without
// its task's variables (glibc's allocator tuning), COLLAB_BENCH_ENV='{"NAME":"value"}' sets
// others or overrides them: for measuring those settings.
// A real diagram service and a real collab server run as child processes (a fresh collab process
// per part, so its CPU and RSS are that part's); the clients are the real y-websocket
// WebsocketProvider, in this process (the fan-out part also runs each scenario with bare "wire"
// clients, see below). Three parts:
// 1. Fan-out latency, rooms × clients (1×2, 1×50 at 1 edit/s per client; 100×2, 20×10 at 5/s):
//    an edit is elements.set(id, a rectangle's JSON text) whose `updated` is the send time
//    (performance.timeOrigin + performance.now()); every other client in the room records
//    receive − send in its `elements` observer. After a 4 s warm-up at the full rate, a 16 s
//    window gives p50/p95/p99, deliveries/s (and how many the rate makes), the collab process's CPU
//    % over the window and its RSS at the end.
//    The clients run in two worker threads of this process (bench/collab_bench_client.ts; a
//    room's clients are dealt over both). In one thread, 20×10 saturated it (one core, 860 of the
//    1,000 edits/s sent, p50 130 ms): the numbers measured the clients. The threads share one
//    clock (checked: within 0.1 ms). Applying an update costs a client about what it costs the
//    server, and clients and collab share this machine's CPUs, so a second line says where the
//    time goes: an edit's first and last receipt; a probe pair (two more clients in a room of
//    their own on this otherwise idle thread, 5 edits/s each); how fast collab answers /health
//    meanwhile and how long its thread waited for a CPU (/proc schedstat); how late the client
//    threads' 5 ms timers fire and how long they waited for a CPU; and the CPU % of the clients,
//    collab, the diagram service and the rest of the machine (other people's processes).
//    Each scenario runs twice: with WebsocketProviders, and with "wire" clients that make their
//    edits the same way but read each received update's send time from its bytes instead of
//    applying it (bench/collab_bench_client.ts): the server's fan-out as remote editors would
//    get it, with the clients' CPU no longer taking the machine's cores from the server.
// 2. Memory per room: 20 rooms of ~1 MB of elements (rectangles with bound labels), one client in
//    each: (RSS after − before) / 20, with a small room already open in "before", 3 s after the
//    joins and idle (a flush tick, 10 s, later). Three times: ours with rooms loaded from diagrams
//    imported through the REST API; ours and the reference with rooms a client filled (an empty
//    room, a client writes the elements in one transaction and leaves: roomWith). With
//    COLLAB_BENCH_HEAP=1, ours also after a full GC forced through its V8 inspector (--inspect),
//    with its JS heap and ArrayBuffers from Deno.memoryUsage(): where the bytes go. The RSS of
//    such a run is no measure: with an inspector Deno records every body collab fetched and every
//    frame it sent, base64 (Deno's network inspection): 1.1 MiB more per 1 MB room, kept after
//    the room unloads. Then every client leaves: ours unloads the rooms (COLLAB_UNLOAD_MS at its
//    default: the time until /health shows rooms: 0), and the RSS 40 s after they left gives the
//    memory per room still taken.
// 3. A 10,000-element diagram (REST import): from `new WebsocketProvider` to its sync event (the
//    client has applied the whole document) for the first client (room load included, fresh
//    collab process), five more clients of the loaded room, and the first client of a second such
//    room (warm process). Then two of its clients edit it at 5/s until collab's flush tick has
//    saved it (meta.revision moves), and 2 s more: the latency at the other clients and /health
//    meanwhile. Then collab restarts on the same data folder (its shutdown writes the room file)
//    and a first client joins again: the room now loads from its room file.
// COLLAB_BENCH_CPU_PROF=<dir> has every collab process write a V8 CPU profile there at exit.
import process from "node:process";
import { joinRoom, startDiagramWithAccount } from "../tests/helpers/collab_instance.ts";
import {
  denoCommand,
  freePort,
  RunningProcess,
  serviceArgs,
  serviceCommand,
} from "../tests/helpers/process.ts";
import { BOUND_TEXT_DEFAULTS, ELEMENT_DEFAULTS } from "../tests/helpers/scene_fixture.ts";
import { cpuMsOf, percentile, rssMiB } from "./process_stats.ts";
import { REFERENCE_VERSION, startReference } from "./y_websocket_reference.ts";
import {
  type ClientKind,
  type ClientSpec,
  type FromClients,
  movedRectangle,
  type ToClients,
} from "./collab_bench_client.ts";

const WARMUP_MS = 4_000;
const WINDOW_MS = 16_000;
const MEMORY_ROOMS = 20;
const ROOM_BYTES = 1024 * 1024;
const SYNC_ELEMENTS = 10_000;
const UNLOAD_LIMIT_MS = 90_000;
/** When "after the clients left" is measured (the issue's figure: 40 s). */
const LEFT_MS = 40_000;
/** COLLAB_FLUSH_MS at its default: the tick on which collab saves, unloads, and collects. */
const FLUSH_MS = 10_000;
const LOAD_BYTES = 5 * 1024 * 1024;
const PROFILE_DIR = Deno.env.get("COLLAB_BENCH_CPU_PROF");
/** Fan-out clients are spread over this many worker threads (see the header). */
const CLIENT_WORKERS = 2;

interface Scenario {
  rooms: number;
  clients: number;
  editsPerSecond: number;
  /** p99 target in ms, where there is one. */
  p99Target?: number;
}

const SCENARIOS: Scenario[] = [
  { rooms: 1, clients: 2, editsPerSecond: 1 },
  { rooms: 1, clients: 50, editsPerSecond: 1, p99Target: 14 },
  { rooms: 100, clients: 2, editsPerSecond: 5 },
  { rooms: 20, clients: 10, editsPerSecond: 5, p99Target: 20 },
];

// Every provider adds a process exit listener; twenty of them are not a leak.
process.setMaxListeners(0);

const CPUS = navigator.hardwareConcurrency;
/** Pause between two /health probes during a fan-out window. */
const HEALTH_PROBE_MS = 50;

/** CPU time all CPUs of the machine have spent busy so far, in ms (from /proc/stat). */
function machineBusyMs(): number {
  const [, ...ticks] = Deno.readTextFileSync("/proc/stat").split("\n")[0].trim().split(/\s+/);
  const [user, nice, system, _idle, _iowait, irq, softirq, steal] = ticks.map(Number);
  return (user + nice + system + irq + softirq + steal) * 10; // 100 ticks a second
}

/** Time thread `tid` of process `pid` has waited for a CPU so far (run queue), in ms. */
function runDelayMs(pid: number, tid = pid): number {
  return Number(Deno.readTextFileSync(`/proc/${pid}/task/${tid}/schedstat`).split(" ")[1]) / 1e6;
}

/** Thread ids of this process's workers (Deno names them worker-N). */
function workerThreads(): number[] {
  return [...Deno.readDirSync(`/proc/${Deno.pid}/task`)]
    .map((entry) => Number(entry.name))
    .filter((tid) =>
      Deno.readTextFileSync(`/proc/${Deno.pid}/task/${tid}/comm`).startsWith("worker-")
    );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const clock = () => performance.timeOrigin + performance.now();
const int = (value: number) => Math.round(value).toLocaleString("en-US");
const ms = (value: number) => value.toFixed(1);

/** Fractional-index keys that sort in creation order: "c" + three base-62 digits. */
const DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
function indexKey(n: number): string {
  return "c" + DIGITS[Math.floor(n / 3844) % 62] + DIGITS[Math.floor(n / 62) % 62] + DIGITS[n % 62];
}

/** Box number `pair`: a rectangle and its bound label, as the editor stores them. */
function boxElements(pair: number): Record<string, unknown>[] {
  const id = `box-${pair}`;
  const label = `Service ${pair}: accepts requests, checks them, queues the work`;
  const x = (pair % 40) * 240;
  const y = Math.floor(pair / 40) * 140;
  return [
    {
      ...ELEMENT_DEFAULTS,
      id,
      type: "rectangle",
      x,
      y,
      width: 200,
      height: 100,
      index: indexKey(2 * pair),
      seed: pair + 1,
      versionNonce: pair + 7,
      roundness: { type: 3 },
      boundElements: [{ id: `${id}-label`, type: "text" }],
    },
    {
      ...ELEMENT_DEFAULTS,
      id: `${id}-label`,
      type: "text",
      x: x + 10,
      y: y + 25,
      width: 180,
      height: 50,
      index: indexKey(2 * pair + 1),
      seed: pair + 2,
      versionNonce: pair + 9,
      boundElements: null,
      text: label,
      originalText: label,
      ...BOUND_TEXT_DEFAULTS,
      containerId: id,
    },
  ];
}

function sceneOfBytes(bytes: number): Record<string, unknown>[] {
  const elements: Record<string, unknown>[] = [];
  let size = 2;
  for (let pair = 0; size < bytes; pair++) {
    for (const element of boxElements(pair)) {
      elements.push(element);
      size += JSON.stringify(element).length + 1;
    }
  }
  return elements;
}

function sceneOfCount(count: number): Record<string, unknown>[] {
  const elements: Record<string, unknown>[] = [];
  for (let pair = 0; elements.length < count; pair++) elements.push(...boxElements(pair));
  return elements.slice(0, count);
}

// ---------------------------------------------------------------------------------------------

interface Collab {
  url: URL;
  process: RunningProcess;
  dataDir: string;
  /** The V8 inspector's WebSocket address, when started with one. */
  inspector?: string;
  stop(): Promise<unknown>;
}

interface HeapNumbers {
  /** JS heap in use and reserved (V8's heapUsed, heapTotal), ArrayBuffers outside it, in MiB. */
  used: number;
  total: number;
  external: number;
}

/** Forces a full GC in `collab` through its inspector, then reads its Deno.memoryUsage(). */
async function collectGarbage(collab: Collab): Promise<HeapNumbers> {
  const socket = new WebSocket(collab.inspector!);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let next = 0;
  const answers = new Map<number, (result: { result?: { value?: string } }) => void>();
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    answers.get(message.id)?.(message.result);
  };
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<{ result?: { value?: string } }>((resolve) => {
      answers.set(++next, resolve);
      socket.send(JSON.stringify({ id: next, method, params }));
    });
  await call("HeapProfiler.collectGarbage");
  await call("HeapProfiler.collectGarbage");
  const answer = await call("Runtime.evaluate", {
    expression: "JSON.stringify(Deno.memoryUsage())",
    returnByValue: true,
  });
  socket.close();
  await sleep(200);
  const usage = JSON.parse(answer.result!.value!);
  const mib = (bytes: number) => bytes / 1024 / 1024;
  return { used: mib(usage.heapUsed), total: mib(usage.heapTotal), external: mib(usage.external) };
}

const serviceCommandArgs = (args: string[], env: Record<string, string>) =>
  serviceCommand("collab", env, args);

const setup = await startDiagramWithAccount();
/** The figures compared at the end: ours against the reference's. */
const summary: { figure: string; kind: ServerKind; value: string }[] = [];
const cleanups: (() => Promise<unknown>)[] = [async () => {
  await setup.diagram[Symbol.asyncDispose]();
}];

async function newDiagram(name: string, elements: unknown[]): Promise<string> {
  const file = {
    type: "excalidraw",
    version: 2,
    source: "bench",
    elements,
    appState: {},
    files: {},
  };
  const { status, json } = await setup.api("POST", "/api/diagrams", { name, file });
  if (status !== 201) throw new Error(`creating ${name}: ${status} ${JSON.stringify(json)}`);
  return json.id;
}

/**
 * A collab process of its own, default flush and unload times, on a scratch data folder (or on
 * the folder of an earlier one, `reuse`); with `inspect`, its V8 inspector open (for forced GCs).
 */
async function freshCollab(
  { reuse, inspect }: { reuse?: Collab; inspect?: boolean } = {},
): Promise<Collab> {
  const dataDir = reuse?.dataDir ?? await Deno.makeTempDir({ prefix: "collab-bench-" });
  const [run, ...rest] = serviceArgs("collab", Deno.env.get("COLLAB_BENCH_V8_FLAGS"));
  const inspectPort = inspect ? freePort() : null;
  const flags = [
    ...(PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] : []),
    ...(inspectPort ? [`--inspect=127.0.0.1:${inspectPort}`] : []),
  ];
  const launch = Deno.env.get("COLLAB_BENCH_NO_TASK_ENV") ? denoCommand : serviceCommandArgs;
  const child = new RunningProcess(launch([run, ...flags, ...rest], {
    ...JSON.parse(Deno.env.get("COLLAB_BENCH_ENV") ?? "{}"),
    COLLAB_PORT: "0",
    DATA_DIR: dataDir,
    COLLAB_SECRET: setup.diagram.env.COLLAB_SECRET,
    DIAGRAM_INTERNAL_URL: setup.diagram.url.href.replace(/\/$/, ""),
  }));
  let stopped: Promise<unknown> | null = null;
  const stop = () => (stopped ??= child.stop());
  cleanups.push(async () => {
    await stop();
    if (!reuse) await Deno.remove(dataDir, { recursive: true });
  });
  const [, address] = await child.waitFor(/listening on (http:\/\/\S+)/);
  // The task's -q keeps the inspector's address out of the output: its /json/list has it.
  const inspector = inspectPort
    ? (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json())[0]
      .webSocketDebuggerUrl
    : undefined;
  return { url: new URL(address), process: child, dataDir, inspector, stop };
}

async function stopCollab(collab: Collab): Promise<void> {
  const complaints = collab.process.output.split("\n").filter((line) => line.startsWith("collab:"));
  await collab.stop();
  if (complaints.length > 0) {
    console.log(
      `  (collab said: ${complaints.slice(0, 3).join(" | ")}${
        complaints.length > 3 ? ` … ${complaints.length} lines` : ""
      })`,
    );
  }
}

/** A server under test: ours (a collab process) or the reference (y-websocket's server). */
interface Server {
  kind: ServerKind;
  url: URL;
  pid: number;
  /** Ours: the collab process; null for the reference. */
  collab: Collab | null;
  /** An HTTP request it answers (ours: /health), timed as a look at its event loop. */
  ping(): Promise<unknown>;
  stop(): Promise<void>;
}

type ServerKind = "ours" | "reference";
/** Both, unless COLLAB_BENCH_SERVERS names one (`ours`, for measuring a setting of ours). */
const SERVER_KINDS = (Deno.env.get("COLLAB_BENCH_SERVERS")?.split(",") ??
  ["ours", "reference"]) as ServerKind[];
const REFERENCE_NAME = `reference (@y/websocket-server ${REFERENCE_VERSION})`;
const serverName = (kind: ServerKind) => kind === "ours" ? "ours (collab)" : REFERENCE_NAME;

async function startServer(kind: ServerKind, options: { inspect?: boolean } = {}): Promise<Server> {
  if (kind === "ours") {
    const collab = await freshCollab(options);
    return {
      kind,
      url: collab.url,
      pid: collab.process.pid,
      collab,
      ping: () => health(collab),
      stop: () => stopCollab(collab),
    };
  }
  const { process: child, url } = await startReference();
  let stopped: Promise<unknown> | null = null;
  const stop = async () => void (await (stopped ??= child.stop()));
  cleanups.push(stop);
  return {
    kind,
    url,
    pid: child.pid,
    collab: null,
    ping: () => fetch(url).then((response) => response.text()),
    stop,
  };
}

/** How a room gets its elements: loaded from a stored diagram (ours only) or written by a client. */
type Fill = "store" | "client";

/**
 * A room holding `elements` on `server`. From the store: ours loads it from a stored diagram. By a
 * client (the reference, which has no store, always): the room starts empty (ours: an empty
 * stored diagram) and a client writes them (each element its JSON text in Y.Map("elements"), as
 * ours holds them), then leaves once the server has them all.
 */
async function roomWith(
  server: Server,
  name: string,
  elements: Record<string, unknown>[],
  fill: Fill = server.kind === "ours" ? "store" : "client",
): Promise<{ id: string; token: string }> {
  if (server.kind === "ours" && fill === "store") {
    const id = await newDiagram(name, elements);
    return { id, token: await setup.token(id) };
  }
  const id = server.kind === "ours" ? await newDiagram(name, []) : `ref-${crypto.randomUUID()}`;
  const token = server.kind === "ours" ? await setup.token(id) : "none";
  const writer = joinRoom(server, id, token);
  await writer.synced();
  writer.doc.transact(() => {
    const map = writer.doc.getMap<string>("elements");
    for (const element of elements) map.set(String(element.id), JSON.stringify(element));
  });
  // A second client shows the server holds everything the writer sent (by its sync, or by the
  // updates that follow it while the server is still taking in the writer's).
  const check = joinRoom(server, id, token);
  await check.synced();
  const map = check.doc.getMap("elements");
  for (let waited = 0; map.size < elements.length && waited < 30_000; waited += 100) {
    await sleep(100);
  }
  const held = map.size;
  check.destroy();
  writer.destroy();
  if (held !== elements.length) throw new Error(`${server.kind} holds ${held} elements`);
  return { id, token };
}

async function health(collab: Collab): Promise<{ rooms: number; connections: number }> {
  const response = await fetch(new URL("/health", collab.url));
  return await response.json();
}

// 1. Fan-out latency -----------------------------------------------------------------------------

async function fanOut(scenario: Scenario, kind: ClientKind, serverKind: ServerKind): Promise<void> {
  const { rooms, clients: perRoom, editsPerSecond } = scenario;
  const label = `${
    serverName(serverKind)
  }: ${rooms}×${perRoom} @${editsPerSecond}/s, ${kind} clients`;
  const server = await startServer(serverKind);
  const ids: string[] = [];
  const tokens: string[] = [];
  for (let r = 0; r < rooms; r++) {
    const room = await roomWith(server, `fan-out ${label} ${r}`, []);
    ids.push(room.id);
    tokens.push(room.token);
  }

  // Clients dealt round-robin over the workers: a room's clients sit in different workers.
  const specs: ClientSpec[][] = Array.from({ length: CLIENT_WORKERS }, () => []);
  let dealt = 0;
  for (let r = 0; r < rooms; r++) {
    for (let c = 0; c < perRoom; c++) {
      specs[dealt++ % CLIENT_WORKERS].push({
        room: ids[r],
        token: tokens[r],
        elementId: `client-${c}`,
        index: indexKey(c),
      });
    }
  }
  const workers = specs.map(() =>
    new Worker(new URL("./collab_bench_client.ts", import.meta.url), { type: "module" })
  );
  const ask = (message: ToClients) =>
    Promise.all(workers.map((worker) =>
      new Promise<FromClients>((resolve) => {
        worker.onmessage = (event) => resolve(event.data);
        worker.postMessage(message);
      })
    ));
  const tell = (message: ToClients) => workers.forEach((worker) => worker.postMessage(message));
  const serverUrl = server.url.href.replace(/^http/, "ws").replace(/\/$/, "");
  await Promise.all(workers.map((worker, w) =>
    new Promise((resolve) => {
      worker.onmessage = resolve;
      worker.postMessage(
        { type: "connect", serverUrl, clients: specs[w], editsPerSecond, kind } satisfies ToClients,
      );
    })
  ));
  // A probe: two more clients in a room of their own, on this mostly idle thread, each editing
  // 5 times a second: the latency collab gives under the load when the clients are not the
  // bottleneck (they still share the machine's CPUs).
  const { id: probeId, token: probeToken } = await roomWith(server, `fan-out ${label} probe`, []);
  const probe = [joinRoom(server, probeId, probeToken), joinRoom(server, probeId, probeToken)];
  await Promise.all(probe.map((client) => client.synced()));
  const probeLatencies: number[] = [];
  let probeWindow = [Infinity, -Infinity];
  for (const client of probe) {
    const map = client.doc.getMap<string>("elements");
    map.observe((event) => {
      const at = clock();
      if (event.transaction.local || at < probeWindow[0] || at > probeWindow[1]) return;
      for (const key of event.keysChanged) {
        probeLatencies.push(at - JSON.parse(map.get(key)!).updated);
      }
    });
  }
  if (server.collab) {
    const { connections } = await health(server.collab);
    if (connections !== rooms * perRoom + 2) {
      throw new Error(`${connections} connections on /health`);
    }
  }

  const probeTimers = probe.map((client, k) => {
    let version = 1;
    const id = `probe-${k}`;
    return setInterval(() => {
      client.doc.getMap("elements").set(id, movedRectangle(id, indexKey(k), ++version, clock()));
    }, 200);
  });
  tell({ type: "start" });
  await sleep(WARMUP_MS);
  const from = clock();
  tell({ type: "window", from, to: from + WINDOW_MS });
  probeWindow = [from, from + WINDOW_MS];
  const pids = {
    collab: server.pid,
    clients: Deno.pid,
    diagram: setup.diagram.process.pid,
  };
  const cpu0 = {
    collab: cpuMsOf(pids.collab),
    clients: cpuMsOf(pids.clients),
    diagram: cpuMsOf(pids.diagram),
    machine: machineBusyMs(),
  };
  const threads = workerThreads();
  const waited0 = {
    collab: runDelayMs(pids.collab),
    clients: threads.reduce((sum, tid) => sum + runDelayMs(Deno.pid, tid), 0),
  };
  const started = performance.now();
  // /health answered by collab's one thread while it fans out: its queueing, seen from outside.
  const healthTimes: number[] = [];
  while (performance.now() - started < WINDOW_MS) {
    const asked = performance.now();
    await server.ping();
    healthTimes.push(performance.now() - asked);
    await sleep(HEALTH_PROBE_MS);
  }
  const elapsed = performance.now() - started;
  const cpu = (key: keyof typeof cpu0) =>
    ((key === "machine" ? machineBusyMs() : cpuMsOf(pids[key])) - cpu0[key]) / elapsed * 100;
  const usage = {
    collab: cpu("collab"),
    clients: cpu("clients"),
    diagram: cpu("diagram"),
    machine: cpu("machine"),
  };
  const waited = {
    collab: (runDelayMs(pids.collab) - waited0.collab) / elapsed * 1000,
    clients: (threads.reduce((sum, tid) => sum + runDelayMs(Deno.pid, tid), 0) - waited0.clients) /
      threads.length / elapsed * 1000,
  };
  const rss = rssMiB(pids.collab, "VmRSS");

  const results = await ask({ type: "stop" }) as Extract<FromClients, { type: "result" }>[];
  for (const timer of probeTimers) clearInterval(timer);
  for (const client of probe) client.destroy();
  for (const worker of workers) worker.terminate();
  await server.stop();

  const sorted = (arrays: Float64Array[]) =>
    arrays.flatMap((array) => [...array]).sort((a, b) => a - b);
  const latencies = sorted(results.map((result) => result.latencies));
  const lags = sorted(results.map((result) => result.lags));
  // An edit's first receipt anywhere: the server's part (and the network's); its last: that plus
  // the room's serial broadcast and the receiving clients' queues.
  const perEdit = new Map<string, [number, number]>();
  for (const [edit, first, last] of results.flatMap((result) => result.edits)) {
    const seen = perEdit.get(edit);
    perEdit.set(edit, seen ? [Math.min(seen[0], first), Math.max(seen[1], last)] : [first, last]);
  }
  const firsts = [...perEdit.values()].map(([first]) => first).sort((a, b) => a - b);
  const lasts = [...perEdit.values()].map(([, last]) => last).sort((a, b) => a - b);
  healthTimes.sort((a, b) => a - b);
  probeLatencies.sort((a, b) => a - b);
  const sent = results.reduce((sum, result) => sum + result.sent, 0);
  const seconds = WINDOW_MS / 1000;
  const expected = rooms * perRoom * (perRoom - 1) * editsPerSecond;
  const target = scenario.p99Target === undefined ? "" : ` (target ≤ ${scenario.p99Target})`;
  const p = (values: number[], q: number) => ms(percentile(values, q));
  console.log(
    `${label}: p50 ${p(latencies, 0.5)} ms, p95 ${p(latencies, 0.95)} ms, p99 ${
      p(latencies, 0.99)
    } ms${target}, max ${ms(latencies.at(-1)!)} ms, ${
      int(latencies.length / seconds)
    } deliveries/s (the rate makes ${int(expected)}; ${int(sent / seconds)} edits/s sent), ` +
      `server CPU ${int(usage.collab)} %, RSS ${int(rss)} MiB`,
  );
  summary.push({
    figure: `fan-out p99 ${rooms}×${perRoom}, ${kind} clients`,
    kind: serverKind,
    value: `${p(latencies, 0.99)} ms`,
  });
  const others = usage.machine - usage.collab - usage.clients - usage.diagram;
  console.log(
    `  where the time goes: an edit's first receipt p50 ${p(firsts, 0.5)} / p99 ${
      p(firsts, 0.99)
    } ms, its last p50 ${p(lasts, 0.5)} / p99 ${p(lasts, 0.99)} ms; the probe pair p50 ${
      p(probeLatencies, 0.5)
    } / p99 ${p(probeLatencies, 0.99)} ms; ` +
      `the server answered HTTP in p50 ${p(healthTimes, 0.5)} / p99 ${
        p(healthTimes, 0.99)
      } ms, its thread waited for a CPU ${int(waited.collab)} ms/s; the clients' 5 ms timers ` +
      `fired late by p50 ${p(lags, 0.5)} / p99 ${p(lags, 0.99)} ms, each client thread waited ${
        int(waited.clients)
      } ms/s; CPU % (of ${CPUS * 100}): clients ${int(usage.clients)}, server ${
        int(usage.collab)
      }, diagram ${int(usage.diagram)}, rest of the machine ${int(Math.max(0, others))}`,
  );
}

// 2. Memory per room, and unloading ------------------------------------------------------------

/** Waits until `collab` has unloaded every room; how long that took, or null. */
async function waitUnloaded(collab: Collab, since: number): Promise<number | null> {
  while (performance.now() - since < UNLOAD_LIMIT_MS) {
    if ((await health(collab)).rooms === 0) return performance.now() - since;
    await sleep(250);
  }
  return null;
}

async function memoryPerRoom(kind: ServerKind, fill: Fill): Promise<void> {
  const elements = sceneOfBytes(ROOM_BYTES);
  const bytes = JSON.stringify(elements).length;
  const name = serverName(kind);
  const server = await startServer(kind, { inspect: Deno.env.get("COLLAB_BENCH_HEAP") === "1" });
  const { collab, pid } = server;
  const rooms: { id: string; token: string }[] = [];
  const warmRoom = await roomWith(server, "memory warm-up", sceneOfCount(20));

  // One small room first, so code paths and buffers every room shares are in "before".
  const warm = joinRoom(server, warmRoom.id, warmRoom.token);
  await warm.synced();
  await sleep(1000);
  const heapBefore = collab?.inspector ? await collectGarbage(collab) : null;
  await sleep(FLUSH_MS + 1000);
  const before = rssMiB(pid, "VmRSS");
  // Loaded from stored diagrams when their clients join, or given them by a client each (see
  // roomWith), which leaves before the idle clients join.
  for (let r = 0; r < MEMORY_ROOMS; r++) {
    rooms.push(await roomWith(server, `memory ${r}`, elements, fill));
  }

  const started = performance.now();
  const clients = rooms.map(({ id, token }) => joinRoom(server, id, token));
  await Promise.all(clients.map((client) => client.synced()));
  const allSynced = performance.now() - started;
  await sleep(3000);
  const joined = rssMiB(pid, "VmRSS");
  // Idle: one flush tick (10 s) later, with nothing happening in the rooms.
  await sleep(FLUSH_MS);
  const idle = rssMiB(pid, "VmRSS");
  const peak = rssMiB(pid, "VmHWM");
  const perRoom = (after: number) => ((after - before) / MEMORY_ROOMS).toFixed(1);
  const filled = fill === "store" ? "loaded from the store" : "written by a client";
  let heapLine = "";
  if (collab?.inspector) {
    const heapAfter = await collectGarbage(collab);
    const afterGc = rssMiB(pid, "VmRSS");
    heapLine = `; after a full GC forced from outside ${int(afterGc)} MiB, ${
      perRoom(afterGc)
    } MiB per room, of which live JS heap ${
      ((heapAfter.used - heapBefore!.used) / MEMORY_ROOMS).toFixed(1)
    } MiB (JS heap used/reserved ${int(heapBefore!.used)}/${int(heapBefore!.total)} → ${
      int(heapAfter.used)
    }/${int(heapAfter.total)} MiB, ArrayBuffers ${int(heapBefore!.external)} → ${
      int(heapAfter.external)
    } MiB)`;
  }
  console.log(
    `${name}: memory: ${MEMORY_ROOMS} rooms of ${elements.length} elements (${
      (bytes / 1024 / 1024).toFixed(2)
    } MB of JSON) each, ${filled}, one client in each (all synced in ${int(allSynced)} ms): RSS ${
      int(before)
    } MiB before, ${int(joined)} 3 s after the joins (${perRoom(joined)} MiB per room), ${
      int(idle)
    } idle 10 s later: ${perRoom(idle)} MiB per idle room (target ≤ 4; peak ${int(peak)} MiB)` +
      heapLine,
  );
  summary.push({
    figure: `memory per idle room (1 MB document ${filled})`,
    kind,
    value: `${perRoom(idle)} MiB`,
  });

  for (const client of [...clients, warm]) client.destroy();
  const left = performance.now();
  const unloadedMs = collab ? await waitUnloaded(collab, left) : null;
  await sleep(Math.max(0, LEFT_MS - (performance.now() - left)));
  const rssLeft = rssMiB(pid, "VmRSS");
  const heapLeft = collab?.inspector ? await collectGarbage(collab) : null;
  const heapLeftLine = heapLeft
    ? `; then, after a full GC forced from outside, RSS ${
      int(rssMiB(pid, "VmRSS"))
    } MiB, JS heap used/reserved ${int(heapLeft.used)}/${int(heapLeft.total)} MiB, ArrayBuffers ${
      int(heapLeft.external)
    } MiB`
    : "";
  const unloadLine = collab
    ? `rooms: 0 on /health ${
      unloadedMs === null
        ? `not within ${UNLOAD_LIMIT_MS / 1000} s`
        : `${(unloadedMs / 1000).toFixed(1)} s`
    } after every client left (COLLAB_UNLOAD_MS 30000); `
    : "it keeps rooms without clients (no persistence set); ";
  console.log(
    `${name}: after the clients left: ${unloadLine}RSS ${int(rssLeft)} MiB ${
      LEFT_MS / 1000
    } s after they left (${int(before)} before the rooms, ${int(idle)} with them): ${
      perRoom(rssLeft)
    } MiB per room still taken (target ≤ 1)${heapLeftLine}`,
  );
  summary.push({
    figure: `memory per room ${filled}, ${LEFT_MS / 1000} s after its clients left`,
    kind,
    value: `${perRoom(rssLeft)} MiB`,
  });
  await server.stop();
}

/**
 * Loading a 5 MB room (ours only: the reference has no store to load from): the peak RSS while
 * the first client joins, against what the loaded room holds once idle.
 */
async function loadPeak(): Promise<void> {
  const elements = sceneOfBytes(LOAD_BYTES);
  const bytes = JSON.stringify(elements).length;
  const id = await newDiagram("load 5 MB", elements);
  const token = await setup.token(id);
  const server = await startServer("ours");
  const pid = server.pid;
  // A small room first, so the code paths every load takes are warm; then one idle tick.
  const small = await newDiagram("load warm-up", sceneOfCount(20));
  const warm = joinRoom(server, small, await setup.token(small));
  await warm.synced();
  await sleep(FLUSH_MS + 1000);
  // Linux resets a process's peak RSS (VmHWM) to its RSS now on "5" in its clear_refs.
  Deno.writeTextFileSync(`/proc/${pid}/clear_refs`, "5");
  const before = rssMiB(pid, "VmRSS");
  const client = joinRoom(server, id, token);
  await client.synced();
  const peak = rssMiB(pid, "VmHWM") - before;
  await sleep(FLUSH_MS + 1000);
  const steady = rssMiB(pid, "VmRSS") - before;
  console.log(
    `ours (collab): loading a room of ${(bytes / 1024 / 1024).toFixed(1)} MB of JSON (${
      int(elements.length)
    } elements) for its first client: RSS ${int(before)} MiB before, at most ${
      peak.toFixed(1)
    } MiB more while it loaded, ${
      steady.toFixed(1)
    } MiB more once idle (a tick later): the peak is ${
      (peak / steady).toFixed(1)
    }× the room's steady size (target ≤ 2)`,
  );
  summary.push({
    figure: "loading a 5 MB room: peak / steady",
    kind: "ours",
    value: `${peak.toFixed(1)} / ${steady.toFixed(1)} MiB`,
  });
  client.destroy();
  warm.destroy();
  await server.stop();
}

// 3. A 10,000-element diagram: syncing it, editing it, loading it again -------------------------

/**
 * Joining a 10,000-element room on the reference: a client writes the elements (roomWith), then
 * six clients join one after another, the room loaded (the reference has no store to load from).
 */
async function largeRoomReference(): Promise<void> {
  const elements = sceneOfCount(SYNC_ELEMENTS);
  const server = await startServer("reference");
  const { id } = await roomWith(server, "sync 10k", elements);
  const times: number[] = [];
  const held = [];
  for (let i = 0; i < 6; i++) {
    const started = performance.now();
    const client = joinRoom(server, id, "none");
    await client.synced();
    times.push(performance.now() - started);
    held.push(client);
    const count = client.doc.getMap("elements").size;
    if (count < SYNC_ELEMENTS) throw new Error(`synced ${count} elements, not ${SYNC_ELEMENTS}`);
  }
  for (const client of held) client.destroy();
  await server.stop();
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `${REFERENCE_NAME}: sync ${int(SYNC_ELEMENTS)} elements: clients of the loaded room ${
      int(sorted[0])
    }–${int(sorted.at(-1)!)} ms (median ${int(percentile(sorted, 0.5))}; first ${
      int(times[0])
    }); it has no store, so no first load to time`,
  );
  summary.push({
    figure: "join a 10,000-element room: first client / loaded room (median)",
    kind: "reference",
    value: `– / ${int(percentile(sorted, 0.5))} ms`,
  });
}

async function largeRoom(): Promise<void> {
  const elements = sceneOfCount(SYNC_ELEMENTS);
  const bytes = JSON.stringify(elements).length;
  const [first, second] = [
    await newDiagram("sync 10k A", elements),
    await newDiagram("sync 10k B", elements),
  ];
  let collab = await freshCollab();
  const timeJoin = async (id: string) => {
    const token = await setup.token(id);
    const started = performance.now();
    const client = joinRoom(collab, id, token);
    await client.synced();
    const took = performance.now() - started;
    const count = client.doc.getMap("elements").size;
    if (count < SYNC_ELEMENTS) throw new Error(`synced ${count} elements, not ${SYNC_ELEMENTS}`);
    return { took, client };
  };

  const cold = await timeJoin(first);
  const later: number[] = [];
  const held = [cold.client];
  for (let i = 0; i < 5; i++) {
    const { took, client } = await timeJoin(first);
    later.push(took);
    held.push(client);
  }
  const warm = await timeJoin(second);
  warm.client.destroy();
  later.sort((a, b) => a - b);
  console.log(
    `ours (collab): sync ${int(SYNC_ELEMENTS)} elements (${
      (bytes / 1024 / 1024).toFixed(1)
    } MB of JSON): ` +
      `first client ${int(cold.took)} ms (room load included, fresh collab process), ` +
      `next clients ${int(later[0])}–${int(later.at(-1)!)} ms (median ${
        int(percentile(later, 0.5))
      }; room loaded), first client of a second such room ${
        int(warm.took)
      } ms (warm process) (target ≤ 600)`,
  );
  summary.push({
    figure: "join a 10,000-element room: first client / loaded room (median)",
    kind: "ours",
    value: `${int(cold.took)} / ${int(percentile(later, 0.5))} ms`,
  });

  // Two of its six clients edit at 5/s until a flush tick has saved the room, and 2 s more.
  const latencies: number[] = [];
  for (const client of held) {
    const map = client.doc.getMap<string>("elements");
    map.observe((event) => {
      if (event.transaction.local) return;
      const at = clock();
      for (const key of event.keysChanged) latencies.push(at - JSON.parse(map.get(key)!).updated);
    });
  }
  const meta = held[0].doc.getMap("meta");
  const revision = meta.get("revision");
  const timers = held.slice(0, 2).map((client, k) => {
    const id = `editor-${k}`;
    const index = indexKey(SYNC_ELEMENTS + k);
    let version = 1;
    return setInterval(() => {
      client.doc.getMap("elements").set(id, movedRectangle(id, index, ++version, clock()));
    }, 200);
  });
  const started = performance.now();
  let savedAfter: number | null = null;
  const healthTimes: number[] = [];
  while (performance.now() - started < 30_000) {
    if (savedAfter === null && meta.get("revision") !== revision) {
      savedAfter = performance.now() - started;
    }
    if (savedAfter !== null && performance.now() - started > savedAfter + 2000) break;
    const asked = performance.now();
    await health(collab);
    healthTimes.push(performance.now() - asked);
    await sleep(HEALTH_PROBE_MS);
  }
  for (const timer of timers) clearInterval(timer);
  await sleep(500);
  latencies.sort((a, b) => a - b);
  healthTimes.sort((a, b) => a - b);
  console.log(
    `editing it (2 of its 6 clients at 5 edits/s for ${
      ((performance.now() - started) / 1000).toFixed(0)
    } s, ${
      savedAfter === null
        ? "no save seen"
        : `saved by the flush tick after ${(savedAfter / 1000).toFixed(1)} s`
    }): p50 ${ms(percentile(latencies, 0.5))} ms, p99 ${ms(percentile(latencies, 0.99))} ms, ` +
      `max ${ms(latencies.at(-1)!)} ms over ${latencies.length} deliveries; collab answered ` +
      `/health in p50 ${ms(percentile(healthTimes, 0.5))} ms, max ${ms(healthTimes.at(-1)!)} ms`,
  );

  // A restart (shutdown saves the room and writes its room file), then the first client again:
  // this time the room is loaded from the room file, the whole Y.Doc state.
  for (const client of held) client.destroy();
  await stopCollab(collab);
  collab = await freshCollab({ reuse: collab });
  const reloaded = await timeJoin(first);
  reloaded.client.destroy();
  console.log(
    `after a restart: first client of that edited room ${
      int(reloaded.took)
    } ms (room loaded from its room file rather than seeded from the stored diagram) ` +
      `(target ≤ 600)`,
  );
  await stopCollab(collab);
}

try {
  console.log(
    `collab bench: ${CPUS} CPUs; fan-out clients in ${CLIENT_WORKERS} worker threads of this ` +
      `process, warm-up ${WARMUP_MS / 1000} s, window ${WINDOW_MS / 1000} s`,
  );
  // Parts by name (`fan-out`, `memory`, `sync`) or single scenarios (`20x10`): just those.
  const only = Deno.args;
  const runs = (part: string) => only.length === 0 || only.includes(part);
  for (const scenario of SCENARIOS) {
    const name = `${scenario.rooms}x${scenario.clients}`;
    // By default (and for `fan-out`) the two scenarios with a target; the others when named.
    const byDefault = scenario.p99Target !== undefined && runs("fan-out");
    if (!byDefault && !only.includes(name)) continue;
    for (const kind of ["provider", "wire"] as const) {
      for (const server of SERVER_KINDS) await fanOut(scenario, kind, server);
    }
  }
  if (runs("memory")) {
    await memoryPerRoom("ours", "store");
    for (const server of SERVER_KINDS) await memoryPerRoom(server, "client");
  }
  if (runs("load")) await loadPeak();
  if (runs("sync")) {
    await largeRoom();
    await largeRoomReference();
  }
  console.log(`\nours against ${REFERENCE_NAME}, in this run:`);
  const figures = [...new Set(summary.map((row) => row.figure))];
  for (const figure of figures) {
    const of = (kind: ServerKind) =>
      summary.find((row) => row.figure === figure && row.kind === kind)?.value ?? "–";
    console.log(`  ${figure}: ours ${of("ours")}, reference ${of("reference")}`);
  }
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
}
