// Settings in, a working search service out: engines, the upstream client, the searcher and the
// HTTP app. Used by main.ts, the tests and the benchmark alike.
import type { Context, Hono } from "hono";
import { Registry } from "../runtime/metrics/registry.ts";
import { createSearchApp } from "./app.ts";
import { prepareAnswerers } from "./answers/answer_query.ts";
import { createTokenStore } from "./core/token_store.ts";
import { engineMetrics } from "./service/engine_metrics.ts";
import { ENGINE_MODULES } from "./engines/mod.ts";
import { type ConfiguredEngine, Searcher } from "./service/searcher.ts";
import type { Settings } from "./settings/types.ts";
import { createUpstreamClient } from "./service/upstream.ts";
import { HostnameRules } from "./plugins/hostnames.ts";
import { trustedProxies } from "./core/networks.ts";
import { clientAddressThrough } from "./http/trusted_proxies.ts";

export interface SearchInstance {
  app: Hono;
  searcher: Searcher;
  close(): void;
}

export function configuredEngines(settings: Settings): ConfiguredEngine[] {
  return settings.engines.map((entry) => {
    const module = ENGINE_MODULES[entry.engine];
    return {
      name: entry.name,
      module,
      shortcut: entry.shortcut,
      disabled: entry.disabled,
      timeoutMs: entry.timeout * 1000,
      weight: entry.weight,
      baseUrl: entry.base_url ?? module.defaultBaseUrl,
      apiKey: entry.api_key,
      categories: entry.categories,
      tokens: createTokenStore(),
    };
  });
}

export function createSearchInstance(
  settings: Settings,
  {
    secret,
    imageProxyAllowsPrivate = false,
    log,
    engines = configuredEngines(settings),
    metricsToken,
  }: {
    secret: string;
    imageProxyAllowsPrivate?: boolean;
    /** Where engine failures are told, a line each; console.error by default. */
    log?: (line: string) => void;
    /** The settings' engines unless given (bench/search_floor_server.ts swaps their parsers). */
    engines?: ConfiguredEngine[];
    /** METRICS_TOKEN: /metrics answers it from anywhere, not only loopback peers. */
    metricsToken?: string;
  },
): SearchInstance {
  prepareAnswerers();
  const client = createUpstreamClient({ poolConnections: settings.outgoing.pool_connections });
  const { max_request_timeout } = settings.outgoing;
  const metrics = new Registry();
  const searcher = new Searcher({
    engines,
    client,
    maxRequestTimeoutMs: max_request_timeout === null ? null : max_request_timeout * 1000,
    log,
    metrics: engineMetrics(metrics),
    plugins: {
      hostnames: new HostnameRules(settings.hostnames),
      doiResolvers: settings.doi_resolvers,
      defaultDoiResolver: settings.default_doi_resolver,
    },
  });
  const app = createSearchApp(
    {
      settings,
      searcher,
      secret,
      imageProxyAllowsPrivate,
      clientAddress: clientAddressLookup(settings.botdetection.trusted_proxies),
    },
    { metrics, metricsToken },
  );
  return { app, searcher, close: () => client.close() };
}

/** The client address through the settings' trusted proxies, their list parsed once. */
function clientAddressLookup(networks: readonly string[]) {
  const isTrusted = trustedProxies(networks);
  return (c: Context) => clientAddressThrough(c, isTrusted);
}
