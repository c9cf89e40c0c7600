// One search: pick the engines, ask them all at once under one deadline, merge what came back.
// Engine failures are reported, never thrown: a search always produces an outcome.
import {
  type ApiKeyPlace,
  type EngineContext,
  EngineError,
  type EngineModule,
  type EngineQuery,
  type EngineResults,
  isNextStep,
  MAX_ENGINE_STEPS,
  ParseError,
  type SafeSearch,
  type TimeRange,
  type TokenStore,
} from "../core/engine.ts";
import { engineIsOn, type EngineSwitches } from "../core/engine_choice.ts";
import { EngineStats } from "../core/engine_stats.ts";
import type { EngineMetrics } from "./engine_metrics.ts";
import { type EngineOutput, mergeResults } from "../core/merge.ts";
import { answerQuery } from "../answers/answer_query.ts";
import { parseQuerySyntax, type SyntaxTargets } from "../core/query_syntax.ts";
import { Suspensions } from "../core/suspension.ts";
import type { SearchOutcome, UnresponsiveEngine } from "../core/types.ts";
import type { UpstreamClient } from "./upstream.ts";
import type { PluginId } from "../plugins/catalog.ts";
import { type PluginConfig, resultRules } from "../plugins/result_rules.ts";
import { startDeadline } from "../../shared/deadline.ts";

export interface ConfiguredEngine {
  name: string;
  module: EngineModule;
  shortcut: string;
  disabled: boolean;
  timeoutMs: number;
  weight: number;
  baseUrl: string;
  /** The provider's API key from settings, null without one. */
  apiKey: string | null;
  categories: string[];
  tokens: TokenStore;
}

export interface SearchRequest {
  /** As typed, search syntax included. */
  q: string;
  categories: string[];
  engines: string[];
  language: string;
  pageno: number;
  timeRange: TimeRange | null;
  safesearch: SafeSearch;
  timeoutLimit: number | null;
  /**
   * The person's switches ("<engine>__<category>"): engines turned off, and engines the settings
   * leave off that they turned on.
   */
  engineSwitches: EngineSwitches;
  /**
   * The plugins on for this search: those the settings offer, at their defaults, as the person
   * switched them (cookies, or `enabled_plugins` / `disabled_plugins` with the request).
   */
  activePlugins: ReadonlySet<PluginId>;
  /** The person's `doi_resolver` preference, for oa_doi_rewrite. */
  doiResolver: string;
  /** Who asked, as the answer plugins show it back (`ip`, `user agent`). */
  client: { address: string; userAgent: string };
}

export interface EngineTiming {
  engine: string;
  ms: number;
}

export interface SearchRun {
  outcome: SearchOutcome;
  timings: EngineTiming[];
  /** Whether any engine of this search can give another page (for the UI's pagination). */
  paging: boolean;
  /** The category the results belong to (the first asked for). */
  category: string;
  /** Language the engines were asked in, after `:lang`. */
  language: string;
  /** Engines that answered, with results or without; 0 with failures means every one failed. */
  answered: number;
}

export interface SearcherOptions {
  engines: ConfiguredEngine[];
  client: UpstreamClient;
  /** `outgoing.max_request_timeout` in ms, or null. */
  maxRequestTimeoutMs: number | null;
  now?: () => number;
  /** Where each engine failure is told, one line (never the query); console.error by default. */
  log?: (line: string) => void;
  /** Every engine call, for /metrics. */
  metrics?: EngineMetrics;
  /** The result-rewriting plugins' configuration (hostnames rules, DOI resolver). */
  plugins: PluginConfig;
}

export class Searcher {
  readonly engines: readonly ConfiguredEngine[];
  readonly stats = new EngineStats();
  readonly suspensions: Suspensions;
  readonly #client: UpstreamClient;
  readonly #maxRequestTimeoutMs: number | null;
  readonly #now: () => number;
  readonly #log: (line: string) => void;
  readonly #metrics: EngineMetrics | undefined;
  readonly #syntax: SyntaxTargets;
  readonly #byName: ReadonlyMap<string, ConfiguredEngine>;
  readonly #categories: readonly string[];
  readonly #plugins: PluginConfig;

  constructor(options: SearcherOptions) {
    this.engines = options.engines;
    this.#client = options.client;
    this.#maxRequestTimeoutMs = options.maxRequestTimeoutMs;
    this.#now = options.now ?? Date.now;
    this.#log = options.log ?? console.error;
    this.#metrics = options.metrics;
    this.#plugins = options.plugins;
    this.suspensions = new Suspensions(this.#now);
    const engineByBang = new Map<string, string>();
    for (const engine of this.engines) {
      engineByBang.set(engine.name, engine.name);
      engineByBang.set(engine.shortcut, engine.name);
    }
    const categories = new Set<string>();
    for (const engine of this.engines) {
      if (!engine.disabled) engine.categories.forEach((c) => categories.add(c));
    }
    this.#categories = [...categories];
    this.#byName = new Map(this.engines.map((engine) => [engine.name, engine]));
    this.#syntax = { engineByBang, categories };
  }

  /** Every category served by an engine that is not disabled in settings, in settings order. */
  categories(): string[] {
    return [...this.#categories];
  }

  async search(request: SearchRequest): Promise<SearchRun> {
    const syntax = parseQuerySyntax(request.q, this.#syntax);
    const language = syntax.language ?? request.language;
    const { selected, category } = this.#select(request, syntax);
    const query: Omit<EngineQuery, "category"> = {
      query: syntax.query,
      pageno: request.pageno,
      language,
      safesearch: request.safesearch,
      timeRange: request.timeRange,
    };
    const unresponsive: UnresponsiveEngine[] = [];
    const runnable = selected.filter((engine) => {
      if (!this.#supports(engine, request)) return false;
      const suspension = this.suspensions.get(engine.name);
      if (suspension) unresponsive.push([engine.name, `Suspended: ${suspension.reason}`]);
      return !suspension;
    });
    const deadlineMs = this.#deadlineMs(runnable, syntax.timeoutLimit ?? request.timeoutLimit);
    const timings: EngineTiming[] = [];
    // One timer for the whole search; only an engine with a shorter timeout of its own gets another.
    const deadline = startDeadline(deadlineMs);
    const answers = await Promise.all(runnable.map(async (engine) => {
      const started = performance.now();
      const engineCategory = engine.categories.includes(category) ? category : engine.categories[0];
      const own = engine.timeoutMs < deadlineMs
        ? startDeadline(engine.timeoutMs, deadline.signal)
        : null;
      try {
        const signal = own?.signal ?? deadline.signal;
        const results = await this.#ask(engine, { ...query, category: engineCategory }, signal);
        const ms = performance.now() - started;
        timings.push({ engine: engine.name, ms });
        if (results === null) return null;
        this.stats.record(engine.name, { ms });
        this.#metrics?.record(engine.name, ms / 1000);
        this.suspensions.succeeded(engine.name);
        return { engine: engine.name, weight: engine.weight, category: engineCategory, results };
      } catch (thrown) {
        const error = asEngineError(thrown);
        const ms = performance.now() - started;
        const at = this.#now();
        timings.push({ engine: engine.name, ms });
        this.stats.record(engine.name, { ms, failed: { reason: error.reason, at } });
        this.#metrics?.record(engine.name, ms / 1000, error);
        this.suspensions.failed(engine.name, error);
        unresponsive.push([engine.name, error.reason]);
        this.#log(
          `search: ${new Date(at).toISOString()} engine ${engine.name} failed: ${error.reason} ` +
            `(${error.name}) after ${Math.round(ms)} ms`,
        );
        return null;
      } finally {
        own?.clear();
      }
    }));
    deadline.clear();
    const outputs = answers.filter((output): output is EngineOutput => output !== null);
    unresponsive.sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0);
    const merged = mergeResults(
      outputs,
      resultRules(this.#plugins, request.activePlugins, request.doiResolver),
    );
    return {
      outcome: {
        query: syntax.query,
        ...merged,
        // The plugins' answers first, the engines' after, as SearXNG shows them.
        answers: [...this.#pluginAnswers(request, syntax.query, language), ...merged.answers],
        unresponsive_engines: unresponsive,
      },
      timings,
      paging: runnable.some((engine) => engine.module.paging),
      category,
      language,
      answered: outputs.length,
    };
  }

  /** Answers of the plugins, on the first page only (SearXNG's plugins skip later pages). */
  #pluginAnswers(request: SearchRequest, query: string, language: string) {
    if (request.pageno > 1) return [];
    const context = {
      clientAddress: request.client.address,
      userAgent: request.client.userAgent,
      language,
      now: new Date(this.#now()),
    };
    return answerQuery(query, context, request.activePlugins);
  }

  /** Suggestions from the autocomplete backend of module `moduleId`; [] on any failure. */
  async autocomplete(moduleId: string, q: string, language: string): Promise<string[]> {
    const configured = this.engines.find((engine) => engine.module.id === moduleId);
    const module = configured?.module;
    const backend = module?.autocomplete;
    if (!configured || !backend || q.trim() === "") return [];
    const baseUrl = configured.baseUrl === module.defaultBaseUrl
      ? backend.defaultBaseUrl ?? configured.baseUrl
      : configured.baseUrl;
    const context = {
      baseUrl,
      apiKey: configured.apiKey,
      tokens: configured.tokens,
      now: new Date(this.#now()),
      steps: new Map(),
    };
    const deadline = startDeadline(configured.timeoutMs);
    try {
      const response = await this.#client.send(backend.request(q, language, context), {
        signal: deadline.signal,
        language,
        apiKeyIn: apiKeyPlace(configured),
      });
      return backend.parse(response).slice(0, 10);
    } catch (thrown) {
      // Suggestions are best effort: the search bar shows none, and the log says why (never what
      // was typed).
      const error = asEngineError(thrown);
      this.#log(
        `search: ${new Date(this.#now()).toISOString()} autocomplete ${configured.name} failed: ` +
          `${error.reason} (${error.name})`,
      );
      return [];
    } finally {
      deadline.clear();
    }
  }

  #select(request: SearchRequest, syntax: { engines: string[]; categories: string[] }) {
    // Named engines run even when disabled (SearXNG's `!bang` and `engines=`); categories bring
    // the engines that are on in them: on in settings and not switched off by the person, or
    // switched on by the person. Syntax in the query wins over the request's parameters.
    const fromSyntax = syntax.engines.length > 0 || syntax.categories.length > 0;
    const named = fromSyntax ? syntax.engines : request.engines;
    let categories = fromSyntax ? syntax.categories : request.categories;
    if (named.length === 0 && categories.length === 0) categories = ["general"];
    const selected = new Set(named.map((name) => this.#byName.get(name)!).filter(Boolean));
    for (const engine of this.engines) {
      if (categories.some((c) => engineIsOn(engine, c, request.engineSwitches))) {
        selected.add(engine);
      }
    }
    const category = categories[0] ?? [...selected][0]?.categories[0] ?? "general";
    // Settings order, so that merging (and thus ranking ties) does not depend on timing.
    return { selected: this.engines.filter((engine) => selected.has(engine)), category };
  }

  #supports(engine: ConfiguredEngine, request: SearchRequest): boolean {
    const { module } = engine;
    if (request.pageno > 1 && !module.paging) return false;
    if (module.maxPage > 0 && request.pageno > module.maxPage) return false;
    if (request.timeRange !== null && !module.timeRange) return false;
    return true;
  }

  #deadlineMs(engines: readonly ConfiguredEngine[], timeoutLimit: number | null): number {
    let deadline = Math.max(0, ...engines.map((engine) => engine.timeoutMs));
    if (this.#maxRequestTimeoutMs !== null) {
      deadline = Math.min(deadline, this.#maxRequestTimeoutMs);
    }
    if (timeoutLimit !== null) deadline = Math.min(deadline, timeoutLimit * 1000);
    return deadline;
  }

  async #ask(
    engine: ConfiguredEngine,
    query: EngineQuery,
    signal: AbortSignal,
  ): Promise<EngineResults | null> {
    const { module } = engine;
    const context: EngineContext = {
      baseUrl: engine.baseUrl,
      apiKey: engine.apiKey,
      tokens: engine.tokens,
      now: new Date(this.#now()),
      steps: new Map(),
    };
    let request = module.request(query, context);
    if (request === null) return null;
    for (let step = 0; step < MAX_ENGINE_STEPS; step++) {
      const response = await this.#client.send(request, {
        signal,
        language: query.language,
        followRedirects: module.followRedirects,
        handlesHttpErrors: module.handlesHttpErrors,
        apiKeyIn: apiKeyPlace(engine),
      });
      const outcome = module.parse(response, query, context);
      if (!isNextStep(outcome)) return outcome;
      request = outcome.next;
    }
    throw new ParseError(`more than ${MAX_ENGINE_STEPS} requests needed`);
  }
}

/** Where the engine's requests carry its key, for the HTTP edge to keep it with its provider. */
function apiKeyPlace(engine: ConfiguredEngine): ApiKeyPlace | null {
  return engine.apiKey ? engine.module.apiKeyIn ?? null : null;
}

/** What a provider call threw, as an EngineError: anything else is a parse failure of ours. */
function asEngineError(thrown: unknown): EngineError {
  return thrown instanceof EngineError
    ? thrown
    : new ParseError(thrown instanceof Error ? thrown.message : String(thrown));
}
