// Search service benchmark, run by hand: `deno run -A bench/search_bench.ts [seconds]`
// (`EXTRA_V8_FLAGS=…` are added after the service's own, to measure a memory setting).
// Starts fake providers (serving the test fixtures, pages <= 20 KB) and the real search service
// as separate processes, then loads it over loopback and prints throughput, CPU per search,
// latency percentiles and memory. The 16-connection rounds run again on a floor, the service with
// its parsers swapped for "no results" (bench/search_floor_server.ts): what is left of a target
// above the floor is all that parsing, merging and rendering results may spend. The same rounds
// then run against searx 1.1 (Debian's package, bench/searx_anchor.ts) on the same fake
// providers, and the ratios are printed.
import { fakeProviderSettingsYaml } from "../tests/helpers/fake_providers.ts";
import { denoCommand, RunningProcess, serviceArgs } from "../tests/helpers/process.ts";
import { cpuMsOf, percentile, rssMiB } from "./process_stats.ts";
import { SEARX_INSTALL_HINT, searxInstalled, startSearx } from "./searx_anchor.ts";

const SECONDS = Number(Deno.args[0] ?? 10);
const V8_FLAGS = Deno.env.get("EXTRA_V8_FLAGS");

interface Round {
  searches: number;
  failures: number;
  seconds: number;
  latencies: number[];
  /** Time spent inside the service per search (its Server-Timing total). */
  serverTotals: number[];
  cpuMs: number;
}

async function startFakeProviders(delayMs: number) {
  const process = new RunningProcess(
    denoCommand(["run", "-A", "bench/fake_providers_server.ts", String(delayMs)], {}),
  );
  const [, origin] = await process.waitFor(/fake providers on (\S+)/);
  return { process, origin };
}

/** The search service, or with `floor` its parserless twin, run as the search task runs it. */
async function startSearchProcess(origin: string, dataDir: string, floor: boolean) {
  const settings = `${dataDir}/settings.yml`;
  await Deno.writeTextFile(settings, fakeProviderSettingsYaml(origin));
  const args = serviceArgs("search", V8_FLAGS);
  const process = new RunningProcess(
    denoCommand(
      floor ? [...args.slice(0, -1), "bench/search_floor_server.ts", settings] : args,
      { SEARCH_SETTINGS_PATH: settings, SEARCH_PORT: "0", DATA_DIR: dataDir },
    ),
  );
  const [, address] = await process.waitFor(/listening on (http:\/\/\S+)/);
  return { process, url: new URL(address) };
}
const startSearch = (origin: string, dataDir: string) => startSearchProcess(origin, dataDir, false);
const startFloor = (origin: string, dataDir: string) => startSearchProcess(origin, dataDir, true);

async function load(
  url: URL,
  pid: number,
  connections: number,
  seconds: number,
  upstreamPid?: number,
): Promise<Round> {
  const upstreamBefore = upstreamPid ? cpuMsOf(upstreamPid) : 0;
  const selfBefore = cpuMsOf(Deno.pid);
  const latencies: number[] = [];
  const serverTotals: number[] = [];
  let failures = 0;
  let counter = 0;
  const cpuBefore = cpuMsOf(pid);
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(Array.from({ length: connections }, async () => {
    while (performance.now() < deadline) {
      const q = `rust programming ${counter++ % 1000}`;
      const sent = performance.now();
      const response = await fetch(new URL(`/search?format=json&q=${encodeURIComponent(q)}`, url));
      const body = await response.json();
      latencies.push(performance.now() - sent);
      serverTotals.push(
        Number(response.headers.get("server-timing")?.match(/^total;dur=([\d.]+)/)?.[1]),
      );
      if (response.status !== 200 || body.unresponsive_engines.length > 0) failures++;
    }
  }));
  const elapsed = (performance.now() - started) / 1000;
  if (upstreamPid) {
    console.log(
      `  (fake upstream CPU ${
        ((cpuMsOf(upstreamPid) - upstreamBefore) / latencies.length).toFixed(2)
      } ms/search, ` +
        `load generator CPU ${
          ((cpuMsOf(Deno.pid) - selfBefore) / latencies.length).toFixed(2)
        } ms/search)`,
    );
  }
  return {
    searches: latencies.length,
    failures,
    seconds: elapsed,
    latencies: latencies.sort((a, b) => a - b),
    serverTotals: serverTotals.sort((a, b) => a - b),
    cpuMs: cpuMsOf(pid) - cpuBefore,
  };
}

function report(label: string, round: Round) {
  const rate = round.searches / round.seconds;
  console.log(
    `${label.padEnd(34)} ${rate.toFixed(0).padStart(6)} searches/s  ` +
      `p50 ${percentile(round.latencies, 0.5).toFixed(1).padStart(6)} ms  ` +
      `p99 ${percentile(round.latencies, 0.99).toFixed(1).padStart(6)} ms  ` +
      `(in service p50 ${percentile(round.serverTotals, 0.5).toFixed(1)} ms)  ` +
      `CPU ${(round.cpuMs / round.searches).toFixed(2)} ms/search  ` +
      `failures ${round.failures}/${round.searches}`,
  );
  return rate;
}

type Starter = (
  origin: string,
  dataDir: string,
) => Promise<{ process: RunningProcess; url: URL }>;

async function scenario(
  name: string,
  start: Starter,
  delayMs: number,
  connectionsList: number[],
) {
  const dataDir = await Deno.makeTempDir();
  const fake = await startFakeProviders(delayMs);
  const search = await start(fake.origin, dataDir);
  const pid = search.process.pid;
  const results: { connections: number; round: Round }[] = [];
  try {
    await load(search.url, pid, 4, 2); // warm-up: JIT, pools, Startpage's token
    for (const connections of connectionsList) {
      const round = await load(search.url, pid, connections, SECONDS, fake.process.pid);
      results.push({ connections, round });
      report(`${name}, +${delayMs} ms, ${connections} conn`, round);
    }
    console.log(
      `  ${name} process RSS now ${rssMiB(pid, "VmRSS").toFixed(1)} MiB, ` +
        `peak ${rssMiB(pid, "VmHWM").toFixed(1)} MiB`,
    );
    return { results, peakRss: rssMiB(pid, "VmHWM") };
  } finally {
    await search.process.stop();
    await fake.process.stop();
    await Deno.remove(dataDir, { recursive: true });
  }
}

console.log(
  `search benchmark: ${SECONDS} s per round, 6 providers per search, fixtures <= 20 KB` +
    (V8_FLAGS ? `, extra V8 flags ${V8_FLAGS}` : ""),
);
const rate = (round: Round) => round.searches / round.seconds;
const instant = await scenario("search", startSearch, 0, [1, 16]);
const slow = await scenario("search", startSearch, 200, [16]);
const at16 = instant.results.find((r) => r.connections === 16)!.round;
const delayed = slow.results[0].round;
// The same service with its parsers swapped for "no results": what the targets leave for parsing.
const floorInstant = (await scenario("floor (no parsing)", startFloor, 0, [16])).results[0].round;
const floorSlow = (await scenario("floor (no parsing)", startFloor, 200, [16])).results[0].round;
console.log(
  `parsing and what follows it: CPU ${
    ((at16.cpuMs / at16.searches) - (floorInstant.cpuMs / floorInstant.searches)).toFixed(2)
  } ms/search; +200 ms p50 ${
    (percentile(delayed.latencies, 0.5) - percentile(floorSlow.latencies, 0.5)).toFixed(1)
  } ms over the floor's`,
);
const checks: [string, boolean][] = [
  ["p50 <= 205 ms with 200 ms upstreams", percentile(delayed.latencies, 0.5) <= 205],
  ["p99 <= 260 ms with 200 ms upstreams", percentile(delayed.latencies, 0.99) <= 260],
  ["CPU <= 2 ms per search (instant upstreams, 16 conn)", at16.cpuMs / at16.searches <= 2],
  ["RSS <= 150 MiB", Math.max(instant.peakRss, slow.peakRss) <= 150],
];
if (await searxInstalled()) {
  const searxInstant = await scenario("searx 1.1", startSearx, 0, [16]);
  const searxSlow = await scenario("searx 1.1", startSearx, 200, [16]);
  const ratio = rate(at16) / rate(searxInstant.results[0].round);
  console.log(
    `throughput at 16 conn: instant upstreams ${rate(at16).toFixed(0)} vs searx ${
      rate(searxInstant.results[0].round).toFixed(0)
    } searches/s (${ratio.toFixed(1)}x), +200 ms ${rate(delayed).toFixed(0)} vs ${
      rate(searxSlow.results[0].round).toFixed(0)
    } searches/s (${(rate(delayed) / rate(searxSlow.results[0].round)).toFixed(1)}x)`,
  );
  checks.push([">= 15x searx 1.1's searches/s at 16 conn (instant upstreams)", ratio >= 15]);
} else {
  console.log(`no anchor: ${SEARX_INSTALL_HINT}`);
}
for (const [target, met] of checks) console.log(`${met ? "met   " : "MISSED"} ${target}`);
