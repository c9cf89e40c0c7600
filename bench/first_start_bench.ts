// A newcomer's first start, measured: clones HEAD of this repository into a temporary folder and
// runs `npx -y deno@<this Deno> task start` there with an empty DENO_DIR, no node_modules and a
// fresh data folder, on free ports. Reports how long each service took until /health answered,
// what was downloaded (the size of DENO_DIR and node_modules afterwards, and the bytes the
// network interfaces received meanwhile), every line the start printed, and which targets were
// met; then stops everything with SIGINT, as Ctrl-C does, and removes the folder.
//
//   npx -y deno@2.9.6 run -A bench/first_start_bench.ts
//
// The npm cache of `npx` itself may be warm: what a newcomer installs with Node is Deno alone.
// The interface counters are the whole machine's: other downloads meanwhile count too.
import { join } from "node:path";
import { SERVICE_NAMES, type ServiceName } from "../runtime/service_names.ts";
import { freePorts } from "../tests/helpers/process.ts";

const REPO = new URL("../", import.meta.url).pathname;
const READY_TIMEOUT_MS = 300_000;
const STOP_TIMEOUT_MS = 30_000;
const POLL_MS = 200;
/** Output longer than this is shown as its head and tail. */
const SHOWN_LINES = 40;

const TARGETS = {
  /** search and search_mcp answer this long after the command started, at most */
  searchSeconds: 30,
  allSeconds: 60,
  downloadedMB: 250,
  lines: 30,
};

const decoder = new TextDecoder();

async function run(program: string, args: string[], cwd = REPO): Promise<string> {
  const { code, stdout, stderr } = await new Deno.Command(program, { args, cwd }).output();
  if (code !== 0) throw new Error(`${program} ${args.join(" ")}: ${decoder.decode(stderr)}`);
  return decoder.decode(stdout);
}

/** Bytes the machine's network interfaces (loopback aside) have received so far. */
async function receivedBytes(): Promise<number | null> {
  try {
    const table = await Deno.readTextFile("/proc/net/dev");
    return table.split("\n").slice(2).reduce((sum, row) => {
      const [name, counters] = row.split(":");
      if (!counters || name.trim() === "lo") return sum;
      return sum + Number(counters.trim().split(/\s+/)[0]);
    }, 0);
  } catch {
    return null;
  }
}

/** Bytes on disk under `paths`; one `du` so that files hard-linked between them count once. */
async function diskBytes(paths: string[]): Promise<number> {
  const existing = [];
  for (const path of paths) {
    if (await Deno.stat(path).then(() => true, () => false)) existing.push(path);
  }
  if (existing.length === 0) return 0;
  const total = (await run("du", ["-sbc", ...existing])).trim().split("\n").at(-1)!;
  return Number(total.split(/\s+/)[0]);
}

const mb = (bytes: number) => (bytes / 1e6).toFixed(0);
const seconds = (ms: number) => (ms / 1000).toFixed(1);

const temp = await Deno.makeTempDir({ prefix: "first-start-" });
const clone = join(temp, "repo");
const denoDir = join(temp, "deno_dir");
const dataDir = join(temp, "data");
await Deno.mkdir(denoDir);
await run("git", ["clone", "--quiet", REPO, clone]);
const commit = (await run("git", ["rev-parse", "--short", "HEAD"], clone)).trim();

const [search, search_mcp, diagram, collab] = freePorts(4);
const ports: Record<ServiceName, number> = { search, search_mcp, diagram, collab };

const receivedBefore = await receivedBytes();
const started = performance.now();
// setsid: the start runs as its own process group, so SIGINT can reach it as Ctrl-C would.
const child = new Deno.Command("setsid", {
  args: ["npx", "-y", `deno@${Deno.version.deno}`, "task", "start"],
  cwd: clone,
  env: {
    DENO_DIR: denoDir,
    DATA_DIR: dataDir,
    SEARCH_PORT: String(ports.search),
    MCP_HTTP_PORT: String(ports.search_mcp),
    DIAGRAM_PORT: String(ports.diagram),
    COLLAB_PORT: String(ports.collab),
    // Deno colours its output even into a pipe; the lines are the same without.
    NO_COLOR: "1",
  },
  stdin: "null",
  stdout: "piped",
  stderr: "piped",
}).spawn();

const lines: string[] = [];
async function collect(readable: ReadableStream<Uint8Array>) {
  let pending = "";
  for await (const chunk of readable.pipeThrough(new TextDecoderStream())) {
    const parts = (pending + chunk).split("\n");
    pending = parts.pop() ?? "";
    lines.push(...parts);
  }
  if (pending !== "") lines.push(pending);
}
const output = Promise.all([collect(child.stdout), collect(child.stderr)]);
let exited = false;
const status = child.status.finally(() => exited = true);

/** Milliseconds from the start until the service's /health answered, and with which status. */
const ready = new Map<ServiceName, { ms: number; status: number }>();
while (ready.size < SERVICE_NAMES.length && !exited) {
  if (performance.now() - started > READY_TIMEOUT_MS) break;
  await Promise.all(
    SERVICE_NAMES.filter((name) => !ready.has(name)).map(async (name) => {
      try {
        const response = await fetch(`http://127.0.0.1:${ports[name]}/health`, {
          signal: AbortSignal.timeout(1000),
        });
        await response.body?.cancel();
        ready.set(name, { ms: performance.now() - started, status: response.status });
      } catch {
        // not listening yet
      }
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, POLL_MS));
}
const receivedAfter = await receivedBytes();
const outputWhenReady = lines.filter((line) => line.trim() !== "");
const linesWhenReady = outputWhenReady.length;
const disk = await diskBytes([denoDir, join(clone, "node_modules")]);
const nodeModules = await diskBytes([join(clone, "node_modules")]);

const stopAsked = performance.now();
if (!exited) Deno.kill(-child.pid, "SIGINT");
const killer = setTimeout(() => Deno.kill(-child.pid, "SIGKILL"), STOP_TIMEOUT_MS);
const { code } = await status;
clearTimeout(killer);
await output;
const stopMs = performance.now() - stopAsked;
const stillListening = [];
for (const name of SERVICE_NAMES) {
  try {
    (await Deno.connect({ hostname: "127.0.0.1", port: ports[name] })).close();
    stillListening.push(name);
  } catch {
    // stopped, as it should be
  }
}
await Deno.remove(temp, { recursive: true });

const verdict = (met: boolean) => met ? "met" : "MISSED";
const readyMs = (names: readonly ServiceName[]) =>
  names.every((name) => ready.has(name))
    ? Math.max(...names.map((name) => ready.get(name)!.ms))
    : null;
const searchMs = readyMs(["search", "search_mcp"]);
const allMs = readyMs(SERVICE_NAMES);
const received = receivedBefore !== null && receivedAfter !== null
  ? receivedAfter - receivedBefore
  : null;

console.log(`first start of ${commit} (clone of ${REPO}), Deno ${Deno.version.deno}\n`);
console.log("what it printed until every service answered:");
const shown = outputWhenReady.length <= SHOWN_LINES ? outputWhenReady : [
  ...outputWhenReady.slice(0, SHOWN_LINES / 2),
  `… ${outputWhenReady.length - SHOWN_LINES} lines more …`,
  ...outputWhenReady.slice(-SHOWN_LINES / 2),
];
for (const line of shown) console.log(`  ${line}`);
console.log();
for (const name of SERVICE_NAMES) {
  const answer = ready.get(name);
  console.log(
    `${name.padEnd(10)} /health ${
      answer ? `answered ${answer.status} after ${seconds(answer.ms)} s` : "never answered"
    }`,
  );
}
console.log(
  `downloaded: DENO_DIR + node_modules ${mb(disk)} MB on disk (node_modules ${
    mb(nodeModules)
  } MB)` +
    (received === null ? "" : `; the network received ${mb(received)} MB meanwhile`),
);
console.log(`lines printed until all answered: ${linesWhenReady}`);
console.log(
  `stopped with SIGINT in ${seconds(stopMs)} s, exit code ${code}` +
    (stillListening.length > 0 ? `; STILL LISTENING: ${stillListening.join(", ")}` : "") + "\n",
);

console.log("targets:");
console.log(
  `  search and search_mcp ≤ ${TARGETS.searchSeconds} s: ${
    searchMs === null
      ? "MISSED (not answering)"
      : `${seconds(searchMs)} s ${verdict(searchMs <= TARGETS.searchSeconds * 1000)}`
  }`,
);
console.log(
  `  all four ≤ ${TARGETS.allSeconds} s: ${
    allMs === null
      ? "MISSED (not all answering)"
      : `${seconds(allMs)} s ${verdict(allMs <= TARGETS.allSeconds * 1000)}`
  }`,
);
console.log(
  `  ≤ ${TARGETS.downloadedMB} MB downloaded: on disk ${mb(disk)} MB ${
    verdict(disk <= TARGETS.downloadedMB * 1e6)
  }` +
    (received === null
      ? ""
      : `, over the network ${mb(received)} MB ${verdict(received <= TARGETS.downloadedMB * 1e6)}`),
);
console.log(
  `  ≤ ${TARGETS.lines} lines printed: ${linesWhenReady} ${
    verdict(linesWhenReady <= TARGETS.lines)
  }`,
);
