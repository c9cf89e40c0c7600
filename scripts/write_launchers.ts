// `deno task compile`, last step: next to each compiled service whose task sets environment
// variables (collab's glibc allocator tuning), dist/<name> becomes the launcher that sets them and
// execs dist/<name>-server (runtime/service_command.ts, launcherScript).
import { launcherScript, ROOT, servicesWithEnv } from "../runtime/service_command.ts";
import { SERVICE_NAMES } from "../runtime/service_names.ts";

/** dist/ by default; a test names another folder. */
const dir = Deno.args[0] ?? `${ROOT}dist`;
for (const service of servicesWithEnv(SERVICE_NAMES)) {
  const path = `${dir}/${service}`;
  await Deno.writeTextFile(path, launcherScript(service), { mode: 0o755 });
  await Deno.chmod(path, 0o755);
}
