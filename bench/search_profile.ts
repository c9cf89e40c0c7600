// Where one search's CPU goes, run by hand: `deno run -A bench/search_profile.ts [seconds] [delayMs]`.
// Starts the fake providers and the search service (its task line, plus --inspect), loads it at
// 16 connections as bench/search_bench.ts does, and samples it with V8's CPU profiler over the
// inspector protocol meanwhile. Prints CPU time per search by where it was spent: self time by
// module (a package, a Deno extension, a project file) and inclusive time by project file.
// `EXTRA_V8_FLAGS=…` go after the service's own, to see what a memory setting costs in GC.
import { fakeProviderSettingsYaml } from "../tests/helpers/fake_providers.ts";
import { denoCommand, freePort, RunningProcess, serviceArgs } from "../tests/helpers/process.ts";

const SECONDS = Number(Deno.args[0] ?? 10);
const DELAY_MS = Number(Deno.args[1] ?? 0);
const CONNECTIONS = 16;

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
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A small client of the inspector protocol: one request at a time is all this needs. */
async function inspector(port: number) {
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

/** Groups a frame's URL: an npm package, a Deno extension, a project file, or V8's own entries. */
function moduleOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  const npm = url.match(/node_modules\/\.deno\/([^/]+)\//) ??
    url.match(/npm\/[^/]+\/([^/]+\/[^/]+)\//);
  if (npm) return `npm:${npm[1].replace(/@[\d.]+$/, "")}`;
  if (url.startsWith("ext:")) return url.split("/").slice(0, 2).join("/");
  const project = url.match(/\/work\/main\/(.+)$/) ??
    url.match(/^file:\/\/.*?\/((?:search|runtime|shared)\/.+)$/);
  return project ? project[1] : url;
}

function projectFile(frame: CallFrame): string | null {
  const module = moduleOf(frame);
  return /^(search|runtime|shared)\//.test(module) ? module : null;
}

function summarize(profile: Profile, searches: number) {
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
  const perSearch = (micros: number) => `${(micros / 1000 / searches).toFixed(3)} ms`;
  const print = (title: string, table: Map<string, number>, limit: number) => {
    console.log(title);
    for (const [name, micros] of [...table].sort((a, b) => b[1] - a[1]).slice(0, limit)) {
      console.log(
        `  ${perSearch(micros).padStart(10)}  ${
          (100 * micros / total).toFixed(1).padStart(5)
        }%  ${name}`,
      );
    }
  };
  console.log(`sampled JS-thread CPU: ${perSearch(total)} per search over ${searches} searches`);
  print("self time by module:", self, 30);
  print("inclusive time by project file:", inclusive, 30);
  print("self time by function:", functions, 40);
}

const fake = new RunningProcess(
  denoCommand(["run", "-A", "bench/fake_providers_server.ts", String(DELAY_MS)], {}),
);
const [, origin] = await fake.waitFor(/fake providers on (\S+)/);
const dataDir = await Deno.makeTempDir();
await Deno.writeTextFile(`${dataDir}/settings.yml`, fakeProviderSettingsYaml(origin));
const inspectPort = freePort();
const [run, ...rest] = serviceArgs("search", Deno.env.get("EXTRA_V8_FLAGS"));
const search = new RunningProcess(
  denoCommand([run, `--inspect=127.0.0.1:${inspectPort}`, ...rest], {
    SEARCH_SETTINGS_PATH: `${dataDir}/settings.yml`,
    SEARCH_PORT: "0",
    DATA_DIR: dataDir,
  }),
);
try {
  const [, address] = await search.waitFor(/listening on (http:\/\/\S+)/);
  let counter = 0;
  const load = async (seconds: number) => {
    let searches = 0;
    const deadline = performance.now() + seconds * 1000;
    await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const q = encodeURIComponent(`rust programming ${counter++ % 1000}`);
        const response = await fetch(new URL(`/search?format=json&q=${q}`, address));
        await response.arrayBuffer();
        searches++;
      }
    }));
    return searches;
  };
  await load(3); // warm-up: JIT, pools, Startpage's token
  const session = await inspector(inspectPort);
  await session.send("Profiler.enable");
  await session.send("Profiler.setSamplingInterval", { interval: 200 });
  await session.send("Profiler.start");
  const searches = await load(SECONDS);
  const { profile } = await session.send<{ profile: Profile }>("Profiler.stop");
  session.close();
  await Deno.writeTextFile(`${dataDir}/../search.cpuprofile`, JSON.stringify(profile));
  summarize(profile, searches);
} finally {
  await search.stop();
  await fake.stop();
  await Deno.remove(dataDir, { recursive: true });
}
