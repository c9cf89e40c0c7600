// Sampling a running service over the V8 inspector protocol, for the profiling benches
// (bench/search_profile.ts, bench/search_mcp_profile.ts): a CPU profile summarised per unit of
// work by module, project file and function, and an allocation profile (the heap sampler)
// summarised by where the allocated bytes came from.

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
/** V8's CPU profile (Profiler.stop). */
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}
interface SamplingHeapNode {
  callFrame: CallFrame;
  selfSize: number;
  children: SamplingHeapNode[];
}
/** V8's sampling heap profile (HeapProfiler.stopSampling). */
export interface HeapProfile {
  head: SamplingHeapNode;
}

/** A small client of the inspector protocol: one request at a time is all the benches need. */
export async function inspector(port: number) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const socket = new WebSocket(targets[0].webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let nextId = 1;
  const pending = new Map<number, (result: unknown) => void>();
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    pending.get(message.id)?.(message.result);
    pending.delete(message.id);
  };
  return {
    send<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
      const id = nextId++;
      socket.send(JSON.stringify({ id, method, params }));
      return new Promise((resolve) => pending.set(id, resolve as (result: unknown) => void));
    },
    close: () => socket.close(),
  };
}

const PROJECT_FOLDERS = /^(search|search_mcp|runtime|shared|diagram|collab)\//;

/** Groups a frame's URL: an npm package, a Deno extension, a project file, or V8's own entries. */
function moduleOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  const npm = url.match(/node_modules\/\.deno\/([^/]+)\//) ??
    url.match(/npm\/[^/]+\/([^/]+\/[^/]+)\//);
  if (npm) return `npm:${npm[1].replace(/@[\d.]+$/, "")}`;
  if (url.startsWith("ext:")) return url.split("/").slice(0, 2).join("/");
  const project = url.match(
    /^file:\/\/.*?\/((?:search|search_mcp|runtime|shared|diagram|collab)\/.+)$/,
  );
  return project ? project[1] : url;
}

function projectFile(frame: CallFrame): string | null {
  const module = moduleOf(frame);
  return PROJECT_FOLDERS.test(module) ? module : null;
}

function printTable(
  title: string,
  table: Map<string, number>,
  limit: number,
  cell: (value: number) => string,
  total: number,
) {
  console.log(title);
  for (const [name, value] of [...table].sort((a, b) => b[1] - a[1]).slice(0, limit)) {
    console.log(
      `  ${cell(value).padStart(12)}  ${(100 * value / total).toFixed(1).padStart(5)}%  ${name}`,
    );
  }
}

/** Prints CPU time per unit of work (`unit`: "search", "call") by module, project file, function. */
export function summarizeCpu(profile: CpuProfile, units: number, unit: string) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) parent.set(child, node.id);
  }
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const micros = profile.timeDeltas[index] ?? 0;
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === "(idle)") return;
    total += micros;
    const module = moduleOf(frame);
    self.set(module, (self.get(module) ?? 0) + micros);
    const fn = `${frame.functionName || "(anonymous)"} ${module}:${frame.lineNumber + 1}`;
    functions.set(fn, (functions.get(fn) ?? 0) + micros);
    const seen = new Set<string>();
    for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
      const file = projectFile(byId.get(node)!.callFrame);
      if (file && !seen.has(file)) {
        seen.add(file);
        inclusive.set(file, (inclusive.get(file) ?? 0) + micros);
      }
    }
  });
  const perUnit = (micros: number) => `${(micros / 1000 / units).toFixed(3)} ms`;
  console.log(`sampled JS-thread CPU: ${perUnit(total)} per ${unit} over ${units} ${unit}s`);
  printTable("self time by module:", self, 30, perUnit, total);
  printTable("inclusive time by project file:", inclusive, 30, perUnit, total);
  printTable("self time by function:", functions, 40, perUnit, total);
}

/** Prints sampled allocation per unit of work by module and by function. */
export function summarizeAllocations(profile: HeapProfile, units: number, unit: string) {
  const byModule = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  const visit = (node: SamplingHeapNode) => {
    if (node.selfSize > 0) {
      total += node.selfSize;
      const module = moduleOf(node.callFrame);
      byModule.set(module, (byModule.get(module) ?? 0) + node.selfSize);
      const fn = `${node.callFrame.functionName || "(anonymous)"} ${module}:${
        node.callFrame.lineNumber + 1
      }`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + node.selfSize);
    }
    node.children.forEach(visit);
  };
  visit(profile.head);
  const perUnit = (bytes: number) => `${(bytes / 1024 / units).toFixed(2)} KiB`;
  console.log(`sampled allocation: ${perUnit(total)} per ${unit} over ${units} ${unit}s`);
  printTable("allocated by module:", byModule, 20, perUnit, total);
  printTable("allocated by function:", byFunction, 30, perUnit, total);
}

/**
 * Runs `load` (which returns how many units it did) twice under the inspector of the process on
 * `port`: once with the CPU profiler, once with the heap sampler, and prints both summaries.
 */
export async function profileLoad(
  port: number,
  unit: string,
  load: () => Promise<number>,
  savePrefix?: string,
) {
  const session = await inspector(port);
  try {
    await session.send("Profiler.enable");
    await session.send("Profiler.setSamplingInterval", { interval: 200 });
    await session.send("Profiler.start");
    const units = await load();
    const { profile } = await session.send<{ profile: CpuProfile }>("Profiler.stop");
    if (savePrefix) await Deno.writeTextFile(`${savePrefix}.cpuprofile`, JSON.stringify(profile));
    summarizeCpu(profile, units, unit);
    await session.send("HeapProfiler.enable");
    await session.send("HeapProfiler.startSampling", {
      samplingInterval: 4096,
      // Otherwise only what is still alive at the end counts, not what a call allocated and dropped.
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    const allocatingUnits = await load();
    const heap = await session.send<{ profile: HeapProfile }>("HeapProfiler.stopSampling");
    summarizeAllocations(heap.profile, allocatingUnits, unit);
  } finally {
    session.close();
  }
}
