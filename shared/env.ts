// Typed, validated environment variables. Each variable declares the form it accepts so that a
// bad value can be reported in one line that names the variable, the value and the expected form.

export class ConfigError extends Error {
  override name = "ConfigError";
}

export interface EnvVar<T> {
  /** Human description of the accepted form, used in error messages. */
  readonly expected: string;
  /** Value used when the variable is unset or empty. */
  readonly fallback: T;
  /** Secrets are never echoed back in error messages. */
  readonly secret?: boolean;
  /** Returns undefined when the text is not of the accepted form. */
  parse(raw: string): T | undefined;
}

export type EnvValues<S extends Record<string, EnvVar<unknown>>> = {
  [K in keyof S]: S[K] extends EnvVar<infer T> ? T : never;
};

/** Reads every variable of `spec` from `env`; empty values count as unset (compose's `${X:-}`). */
export function readEnv<S extends Record<string, EnvVar<unknown>>>(
  spec: S,
  env: Readonly<Record<string, string | undefined>>,
): EnvValues<S> {
  const values: Record<string, unknown> = {};
  for (const [name, variable] of Object.entries(spec)) {
    const raw = env[name];
    if (raw === undefined || raw === "") {
      values[name] = variable.fallback;
      continue;
    }
    const parsed = variable.parse(raw);
    if (parsed === undefined) {
      throw new ConfigError(
        `invalid ${name}=${describeEnvValue(raw, variable.secret)}: expected ${variable.expected}`,
      );
    }
    values[name] = parsed;
  }
  return values as EnvValues<S>;
}

/**
 * A variable's value for its error line: whole, since the operator must see exactly what was set
 * (unlike issue_messages' describeValue, which cuts untrusted input short), or only its length
 * when it is a secret.
 */
function describeEnvValue(raw: string, secret = false): string {
  return secret ? `<hidden, ${raw.length} characters>` : JSON.stringify(raw);
}

/** `fallback` may be undefined when another source (a settings file) supplies the default. */
export function port<F extends number | undefined>(fallback: F): EnvVar<number | F> {
  return {
    expected: "an integer port number from 0 to 65535 (0 picks a free port)",
    fallback,
    parse(raw) {
      if (!/^\d{1,5}$/.test(raw)) return undefined;
      const value = Number(raw);
      return value <= 65535 ? value : undefined;
    },
  };
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HOST_NAME =
  /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

function isIpv6(text: string): boolean {
  if (!/^[0-9A-Fa-f:.]+$/.test(text) || !text.includes(":")) return false;
  try {
    new URL(`http://[${text}]/`);
    return true;
  } catch {
    return false;
  }
}

export function bindAddress<F extends string | undefined>(fallback: F): EnvVar<string | F> {
  return {
    expected: "an IP address or host name to listen on, e.g. 127.0.0.1 or 0.0.0.0",
    fallback,
    parse(raw) {
      // All-numeric dotted text is an IPv4 address or nothing: 256.1.1.1 is not a host name.
      if (/^[\d.]+$/.test(raw)) return IPV4.test(raw) ? raw : undefined;
      return isIpv6(raw) || HOST_NAME.test(raw) ? raw : undefined;
    },
  };
}

export function flag(fallback: boolean): EnvVar<boolean> {
  const truthy = ["true", "1", "yes", "on"];
  const falsy = ["false", "0", "no", "off"];
  return {
    expected: "true or false",
    fallback,
    parse(raw) {
      const text = raw.trim().toLowerCase();
      if (truthy.includes(text)) return true;
      if (falsy.includes(text)) return false;
      return undefined;
    },
  };
}

/** A URL with one of `schemes` (e.g. ["http:", "https:"]) and a host; the trailing slash is dropped. */
export function url(fallback: string, schemes: readonly string[], example: string): EnvVar<string> {
  const forms = schemes.map((scheme) => `${scheme}//`).join(" or ");
  return {
    expected: `a ${forms} URL, e.g. ${example}`,
    fallback,
    parse(raw) {
      let parsed: URL;
      try {
        parsed = new URL(raw);
      } catch {
        return undefined;
      }
      if (!schemes.includes(parsed.protocol) || parsed.hostname === "") return undefined;
      if (parsed.search !== "" || parsed.hash !== "") return undefined;
      return raw.replace(/\/+$/, "");
    },
  };
}

/** libSQL connection URL: an embedded file or a remote server; unset lets the service pick its file. */
export function databaseUrl(): EnvVar<string | undefined> {
  const remote = ["libsql:", "https:", "http:", "wss:", "ws:"];
  return {
    expected:
      "file:<path> for an embedded database, or libsql://<host>, https://<host> (also http, ws, wss) for a libSQL server",
    fallback: undefined,
    parse(raw) {
      if (raw.startsWith("file:")) {
        return raw.length > "file:".length && !raw.includes("\0") ? raw : undefined;
      }
      let parsed: URL;
      try {
        parsed = new URL(raw);
      } catch {
        return undefined;
      }
      return remote.includes(parsed.protocol) && parsed.hostname !== "" ? raw : undefined;
    },
  };
}

/** Free text; `minLength` guards secrets that are too short to be safe. */
export function text(
  options: { fallback?: string; secret?: boolean; minLength?: number } = {},
): EnvVar<string | undefined> {
  const minLength = options.minLength ?? 1;
  return {
    expected: minLength > 1 ? `at least ${minLength} characters` : "a non-empty text",
    fallback: options.fallback,
    secret: options.secret,
    parse: (raw) => (raw.length >= minLength && !/[\0\r\n]/.test(raw) ? raw : undefined),
  };
}

/** A whole number within [min, max], e.g. a timeout in milliseconds or a count. */
export function integer(fallback: number, min: number, max: number): EnvVar<number> {
  return {
    expected: `an integer from ${min} to ${max}`,
    fallback,
    parse(raw) {
      if (!/^\d{1,16}$/.test(raw.trim())) return undefined;
      const value = Number(raw.trim());
      return value >= min && value <= max ? value : undefined;
    },
  };
}

/** A comma-separated list; blanks around items are dropped, empty items refused. */
export function list(example: string): EnvVar<string[] | undefined> {
  return {
    expected: `a comma-separated list, e.g. ${example}`,
    fallback: undefined,
    parse(raw) {
      const items = raw.split(",").map((item) => item.trim());
      return items.every((item) => item !== "" && !/[\s\0]/.test(item)) ? items : undefined;
    },
  };
}

/**
 * Web origins as browsers send them in Origin: scheme, lowercase host and a port only when not
 * the scheme's default, no path. An entry in another spelling would never match one.
 */
export function origins(example: string): EnvVar<string[] | undefined> {
  return {
    expected: `a comma-separated list of origins (http(s)://host[:port], no path), e.g. ${example}`,
    fallback: undefined,
    parse(raw) {
      const items = raw.split(",").map((item) => item.trim());
      return items.every(isOrigin) ? items : undefined;
    },
  };
}

function isOrigin(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return (url.protocol === "http:" || url.protocol === "https:") && url.origin === text;
}

/** A file system path; trailing slashes are dropped (but "/" stays) so callers can append. */
export function path(fallback: string): EnvVar<string>;
export function path(fallback?: undefined): EnvVar<string | undefined>;
export function path(fallback?: string): EnvVar<string | undefined> {
  return {
    expected: "a file system path",
    fallback,
    parse: (raw) => (raw.includes("\0") ? undefined : raw.replace(/(.)\/+$/, "$1")),
  };
}

/** DATA_DIR: where generated secrets, the embedded database and collab's rooms live. */
export const dataDir: EnvVar<string> = path("./data");
