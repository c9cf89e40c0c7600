// Where one search's CPU goes, run by hand: `deno run -A bench/search_profile.ts [seconds] [delayMs]`.
// Starts the fake providers and the search service (its task line, plus --inspect), loads it at
// 16 connections as bench/search_bench.ts does, and samples it over the inspector protocol
// meanwhile (bench/cpu_profile.ts): CPU time per search by module, project file and function,
// then the bytes one search allocates, by where.
// `EXTRA_V8_FLAGS=…` go after the service's own, to see what a memory setting costs in GC.
import { fakeProviderSettingsYaml } from "../tests/helpers/fake_providers.ts";
import { denoCommand, freePort, RunningProcess, serviceArgs } from "../tests/helpers/process.ts";
import { profileLoad } from "./cpu_profile.ts";

const SECONDS = Number(Deno.args[0] ?? 10);
const DELAY_MS = Number(Deno.args[1] ?? 0);
const CONNECTIONS = 16;

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
  await profileLoad(inspectPort, "search", () => load(SECONDS), `${dataDir}/../search`);
} finally {
  await search.stop();
  await fake.stop();
  await Deno.remove(dataDir, { recursive: true });
}
