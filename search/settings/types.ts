// The service's settings as the rest of search uses them: the subset of SearXNG's settings.yml we
// implement, after load.ts has read, merged and checked it.
import type { Format } from "../core/search_params.ts";
import type { HostnameSettings } from "../plugins/hostnames.ts";
import type { AvailablePlugin } from "../plugins/switches.ts";

export interface EngineSettings {
  /** Unique, lowercase; used in results' `engine`, in `engines=` and `!name`. */
  name: string;
  /** Module id, one of the known modules. */
  engine: string;
  /** Unique among engines; used as `!shortcut`. */
  shortcut: string;
  disabled: boolean;
  /** Seconds. */
  timeout: number;
  weight: number;
  /** http(s) URL without trailing slash, may hold `{lang}`; null = the module's default. */
  base_url: string | null;
  /** A provider's API key, sent only to that provider; null = its anonymous limits. */
  api_key: string | null;
  categories: string[];
}

/** The plugin sections (settings/plugins.ts reads them). */
export interface PluginSettings {
  plugins: AvailablePlugin[];
  hostnames: HostnameSettings;
  doi_resolvers: Record<string, string>;
  default_doi_resolver: string;
}

export interface Settings extends PluginSettings {
  general: { instance_name: string };
  search: {
    formats: Format[];
    safe_search: 0 | 1 | 2;
    default_lang: string;
    /** "" = off, else the id of an engine module that has an autocomplete backend. */
    autocomplete: string;
  };
  server: {
    port: number;
    bind_address: string;
    /** null = not set, or the shipped placeholder: the caller then uses a generated secret. */
    secret_key: string | null;
    limiter: boolean;
    image_proxy: boolean;
    method: "GET" | "POST";
    /** The public origin links that leave the page are built on (opensearch.xml, RSS); null = the request's. */
    base_url: string | null;
  };
  /** Reverse proxies whose forwarding headers name the client (addresses or networks). */
  botdetection: { trusted_proxies: string[] };
  outgoing: {
    request_timeout: number;
    max_request_timeout: number | null;
    pool_connections: number;
  };
  engines: EngineSettings[];
}

export interface LoadedSettings {
  settings: Settings;
  warnings: string[];
}

/** What settings need to know about an engine module (passed in, so no registry import here). */
export interface ModuleCapabilities {
  readonly categories: readonly string[];
  readonly autocomplete?: unknown;
}

export type ModuleTable = Readonly<Record<string, ModuleCapabilities>>;

/** Already validated environment overrides. */
export interface SettingsEnv {
  SEARCH_PORT?: number;
  SEARCH_BIND_ADDRESS?: string;
  SEARCH_SECRET?: string;
}
