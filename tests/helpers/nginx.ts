// A real nginx in front of collab instances, on loopback, with everything it writes (pid, logs,
// temp files) in its own folder. Its proxy configuration is deploy/nginx/collab.conf.template,
// filled in the way the official nginx image fills templates; only the surroundings (where the
// pid, the logs and the temp files go) are this helper's.
import { command, freePort, isListening, ROOT, RunningProcess } from "./process.ts";

export const COLLAB_NGINX_TEMPLATE = `${ROOT}deploy/nginx/collab.conf.template`;

const INSTALL_HINT =
  "nginx is not installed: apt-get install -y nginx-light (.ci/run installs it, as it does chromium)";

/** The nginx binary on PATH or in Debian's /usr/sbin; throws, saying how to install it, if none. */
export async function nginxBinary(): Promise<string> {
  const dirs = [...(Deno.env.get("PATH") ?? "").split(":"), "/usr/sbin", "/usr/local/sbin"];
  for (const dir of dirs.filter(Boolean)) {
    try {
      const info = await Deno.stat(`${dir}/nginx`);
      if (info.isFile) return `${dir}/nginx`;
    } catch {
      // not there
    }
  }
  throw new Error(INSTALL_HINT);
}

/**
 * `template` with `${NAME}` replaced for the names in `vars` only, as the nginx image's envsubst
 * step does (nginx's own `$variables` stay); a `${NAME}` left without a value throws.
 */
export function renderTemplate(template: string, vars: Record<string, string>): string {
  const rendered = template.replace(
    /\$\{([A-Z0-9_]+)\}/g,
    (whole, name: string) => vars[name] ?? whole,
  );
  const missing = rendered.match(/\$\{[A-Z0-9_]+\}/);
  if (missing) throw new Error(`no value for ${missing[0]} in ${COLLAB_NGINX_TEMPLATE}`);
  return rendered;
}

export interface Nginx {
  /** http://127.0.0.1:<port>/ */
  url: URL;
  port: number;
  dir: string;
  process: RunningProcess;
  /** The access log: one line per finished request, `<uri> <status> <upstream addresses>`. */
  accessLog(): Promise<string>;
  /** Fast shutdown (SIGTERM) and wait. */
  stop(): Promise<Deno.CommandStatus>;
  [Symbol.asyncDispose](): Promise<void>;
}

function mainConfig(dir: string): string {
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log stderr notice;
events { worker_connections 1024; }
http {
    client_body_temp_path ${dir}/client_body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    log_format sharding '$uri $status $upstream_addr';
    access_log ${dir}/access.log sharding;
    include ${dir}/collab.conf;
}
`;
}

/**
 * Starts nginx with the collab template for `instances` (host:port each), listening on a free
 * loopback port. nginx cannot take port 0: a port free a moment ago is tried, and another on a
 * conflict. Resolves once it accepts connections.
 */
export async function startCollabProxy(instances: [string, string]): Promise<Nginx> {
  const binary = await nginxBinary();
  const template = await Deno.readTextFile(COLLAB_NGINX_TEMPLATE);
  const dir = await Deno.makeTempDir({ prefix: "nginx-test-" });
  // As root, nginx's workers run as nobody: they must be able to reach the temp folders.
  await Deno.chmod(dir, 0o755);
  await Deno.writeTextFile(`${dir}/nginx.conf`, mainConfig(dir));
  const failures: string[] = [];
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      const port = freePort();
      await Deno.writeTextFile(
        `${dir}/collab.conf`,
        renderTemplate(template, {
          COLLAB_PROXY_LISTEN: `127.0.0.1:${port}`,
          COLLAB_INSTANCE_1: instances[0],
          COLLAB_INSTANCE_2: instances[1],
        }),
      );
      const process = new RunningProcess(
        command(binary, ["-p", dir, "-c", `${dir}/nginx.conf`, "-g", "daemon off;"], {}),
      );
      let exited = false;
      process.status.then(() => (exited = true));
      const deadline = Date.now() + 10_000;
      while (!exited && Date.now() < deadline && !(await isListening(port))) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      if (!exited && await isListening(port)) return running(process, port, dir);
      await process.stop("SIGKILL", 5000);
      failures.push(process.output);
      if (!/Address already in use/.test(process.output)) break;
    }
  } catch (error) {
    await Deno.remove(dir, { recursive: true });
    throw error;
  }
  await Deno.remove(dir, { recursive: true });
  throw new Error(`nginx did not start:\n${failures.join("\n---\n")}`);
}

function running(process: RunningProcess, port: number, dir: string): Nginx {
  let stopped: Promise<Deno.CommandStatus> | null = null;
  const stop = () => (stopped ??= process.stop("SIGTERM", 10_000));
  return {
    url: new URL(`http://127.0.0.1:${port}/`),
    port,
    dir,
    process,
    accessLog: () => Deno.readTextFile(`${dir}/access.log`).catch(() => ""),
    stop,
    async [Symbol.asyncDispose]() {
      await stop();
      await Deno.remove(dir, { recursive: true });
    },
  };
}
