// One definition of how each service runs (its task in deno.json), carried by every way of
// starting it: the task itself, the supervisor (`deno task start`, which spawns serviceRunArgs
// with serviceEnv), compose (tested in compose_test.ts) and the compiled binary (its V8 flags
// from `deno compile`, its variables from the launcher written next to it).
import assert from "node:assert/strict";
import {
  launcherScript,
  serviceEnv,
  serviceRunArgs,
  servicesWithEnv,
  taskCommand,
  v8FlagsOf,
} from "../runtime/service_command.ts";
import { SERVICE_NAMES } from "../runtime/service_names.ts";
import { ROOT } from "./helpers/process.ts";

const compileLines = taskCommand("compile").split(" && ").map((line) => line.split(/\s+/));

Deno.test("collab runs with V8's gc exposed, so that it can give memory back after rooms come and go", () => {
  assert.ok(v8FlagsOf(serviceRunArgs("collab"))?.split(",").includes("--expose-gc"));
});

Deno.test("a service whose task sets variables is compiled to <name>-server, and compile writes its launcher", () => {
  assert.deepEqual(servicesWithEnv(SERVICE_NAMES), ["collab"]);
  for (const service of servicesWithEnv(SERVICE_NAMES)) {
    const build = compileLines.find((args) => args.includes(`${service}/main.ts`))!;
    assert.equal(build[build.indexOf("-o") + 1], `dist/${service}-server`);
    assert.equal(v8FlagsOf(build), v8FlagsOf(serviceRunArgs(service)));
  }
  assert.deepEqual(compileLines.at(-1), [
    "deno",
    "run",
    "-q",
    "-P=build",
    "scripts/write_launchers.ts",
  ]);
});

Deno.test("the compiled collab's launcher runs its binary with exactly the task's variables and passes arguments and exit status through", async () => {
  const dir = await Deno.makeTempDir({ prefix: "launcher-" });
  try {
    await Deno.writeTextFile(`${dir}/collab`, launcherScript("collab"), { mode: 0o755 });
    // A stand-in for the binary: prints its environment and arguments, exits 7.
    await Deno.writeTextFile(
      `${dir}/collab-server`,
      '#!/bin/sh\nenv\necho "args:$*"\nexit 7\n',
      { mode: 0o755 },
    );
    const { code, stdout } = await new Deno.Command(`${dir}/collab`, {
      args: ["a", "b c"],
      clearEnv: true,
      env: { PATH: "/usr/bin:/bin", MALLOC_ARENA_MAX: "8" },
      stdout: "piped",
    }).output();
    const lines = new TextDecoder().decode(stdout).trim().split("\n");
    assert.equal(code, 7);
    assert.equal(lines.at(-1), "args:a b c");
    const env = Object.fromEntries(
      lines.slice(0, -1).map((
        line,
      ) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
    );
    const expected = serviceEnv("collab");
    assert.ok(Object.keys(expected).length > 0);
    for (const [name, value] of Object.entries(expected)) assert.equal(env[name], value, name);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("compile's last step writes the launcher of every service that needs one, executable", async () => {
  const dir = await Deno.makeTempDir({ prefix: "launchers-" });
  try {
    const { code, stderr } = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-q", "-P=build", "scripts/write_launchers.ts", dir],
      cwd: ROOT,
      stderr: "piped",
    }).output();
    assert.equal(code, 0, new TextDecoder().decode(stderr));
    assert.deepEqual([...Deno.readDirSync(dir)].map((entry) => entry.name), ["collab"]);
    assert.equal(await Deno.readTextFile(`${dir}/collab`), launcherScript("collab"));
    assert.ok(((await Deno.stat(`${dir}/collab`)).mode ?? 0) & 0o100, "executable");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
