// Where each service is reached, worked out by `deno task start` from the same variables the
// services listen by, so that a moved port or bind address shows up everywhere: search_mcp is told
// where search listens, collab where diagram listens, and diagram the addresses browsers use for
// itself and for collab. A value set by hand always wins.
import type { ServiceName } from "../runtime/service_names.ts";

type Env = Readonly<Record<string, string | undefined>>;

/** The host a bind address is reached at from this machine: a wildcard bind on loopback. */
function reachableHost(bind: string | undefined, wildcardHost: string): string {
  if (!bind || bind === "0.0.0.0" || bind === "::") return wildcardHost;
  return bind.includes(":") ? `[${bind}]` : bind;
}

/**
 * `{ [name]: scheme://host:port }`, unless `name` is set by hand or the port and bind make no
 * address: then the service that listens by them reports its own bad value, and this one is not
 * blamed for it.
 */
function address(
  env: Env,
  name: string,
  scheme: "http" | "ws",
  host: string,
  port: string,
): Record<string, string> {
  if (env[name] || !/^\d{1,5}$/.test(port)) return {};
  const url = `${scheme}://${host}:${port}`;
  return URL.canParse(url) ? { [name]: url } : {};
}

export function linkedEnv(env: Env): Partial<Record<ServiceName, Record<string, string>>> {
  const searchPort = env.SEARCH_PORT || "8080";
  const diagramPort = env.DIAGRAM_PORT || "8000";
  const collabPort = env.COLLAB_PORT || "1234";
  // Services call each other on loopback; browsers are given `localhost`, the spelling of the
  // defaults (diagram's same-origin check takes 127.0.0.1 and [::1] at the same port as well).
  const internal = (bind: string | undefined) => reachableHost(bind, "127.0.0.1");
  const browser = (bind: string | undefined) =>
    bind === "127.0.0.1" || bind === "::1" ? "localhost" : reachableHost(bind, "localhost");
  return {
    search_mcp: address(env, "SEARXNG_URL", "http", internal(env.SEARCH_BIND_ADDRESS), searchPort),
    collab: address(
      env,
      "DIAGRAM_INTERNAL_URL",
      "http",
      internal(env.DIAGRAM_BIND_ADDRESS),
      diagramPort,
    ),
    diagram: {
      ...address(env, "BASE_URL", "http", browser(env.DIAGRAM_BIND_ADDRESS), diagramPort),
      ...address(env, "COLLAB_PUBLIC_URL", "ws", browser(env.COLLAB_BIND_ADDRESS), collabPort),
    },
  };
}
