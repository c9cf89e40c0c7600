// CI installs exactly what deno.lock says. Resolving afresh (`deno install --no-lock`) picks
// whatever the registry published last, and once broke CI before any test ran (a new release's
// optional dependency the registry did not have). The proof is behavioural: every install line of
// `.ci/run` is run on a copy of the manifests with the registry out of reach and the lock's
// packages in Deno's cache (this test runs after `deno task test` installed them). A line that
// resolves anything asks the registry and fails; one that follows the lock needs nothing from it.
import assert from "node:assert/strict";
import { ROOT } from "./helpers/process.ts";

const ciScript = await Deno.readTextFile(`${ROOT}.ci/run`);

/** The arguments after `"${deno[@]}"` on each line of the script that installs packages. */
function installLines(script: string): string[][] {
  const denoCall = '"${deno[@]}" ';
  return script.split("\n")
    .map((line) => line.trim())
    .filter((line) => !line.startsWith("#") && line.startsWith(denoCall))
    .map((line) => line.slice(denoCall.length).split(/\s+/))
    .filter((args) => args[0] === "install");
}

/** Every request to the registry goes to a closed port. */
const deadProxy = "http://127.0.0.1:1";
const offline = {
  NO_COLOR: "1",
  ...{
    HTTPS_PROXY: deadProxy,
    HTTP_PROXY: deadProxy,
    https_proxy: deadProxy,
    http_proxy: deadProxy,
  },
  ...{ NO_PROXY: "", no_proxy: "" },
};

/** deno.json, deno.lock and the workspace members' manifests, copied into a fresh folder. */
async function manifestsCopy(): Promise<string> {
  const folder = await Deno.makeTempDir({ prefix: "ci_install_" });
  const config = JSON.parse(await Deno.readTextFile(`${ROOT}deno.json`)) as {
    workspace?: string[];
  };
  for (const file of ["deno.json", "deno.lock"]) {
    await Deno.copyFile(`${ROOT}${file}`, `${folder}/${file}`);
  }
  for (const member of config.workspace ?? []) {
    await Deno.mkdir(`${folder}/${member}`, { recursive: true });
    await Deno.copyFile(`${ROOT}${member}/deno.json`, `${folder}/${member}/deno.json`);
  }
  return folder;
}

Deno.test("CI installs from the lock alone: with the registry out of reach every install line of .ci/run succeeds", async () => {
  const lines = installLines(ciScript);
  assert.ok(lines.length > 0, "no install line found in .ci/run");
  const folder = await manifestsCopy();
  try {
    for (const args of lines) {
      const { code, stderr } = await new Deno.Command(Deno.execPath(), {
        args: [...args, "-q"],
        cwd: folder,
        env: offline,
        stdin: "null",
        stdout: "null",
        stderr: "piped",
      }).output();
      assert.equal(
        code,
        0,
        `"deno ${args.join(" ")}" asked the registry instead of following deno.lock:\n` +
          new TextDecoder().decode(stderr).slice(0, 2000),
      );
    }
  } finally {
    await Deno.remove(folder, { recursive: true });
  }
});

Deno.test("CI's install refuses a deno.json the lock does not match instead of updating the lock", async () => {
  const lines = installLines(ciScript);
  const folder = await manifestsCopy();
  try {
    const config = JSON.parse(await Deno.readTextFile(`${folder}/deno.json`));
    // A range the lock has no entry for, of a package already in the cache: a plain `deno
    // install` would resolve it offline and rewrite the lock; a frozen one must refuse.
    config.imports["zod-range"] = "npm:zod@^4.6.0";
    await Deno.writeTextFile(`${folder}/deno.json`, JSON.stringify(config));
    const lockBefore = await Deno.readTextFile(`${folder}/deno.lock`);
    const { code } = await new Deno.Command(Deno.execPath(), {
      args: [...lines[0], "-q"],
      cwd: folder,
      env: offline,
      stdin: "null",
      stdout: "null",
      stderr: "null",
    }).output();
    assert.notEqual(code, 0, "an install that does not match the lock must fail");
    assert.equal(await Deno.readTextFile(`${folder}/deno.lock`), lockBefore, "the lock changed");
  } finally {
    await Deno.remove(folder, { recursive: true });
  }
});
