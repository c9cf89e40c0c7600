// searxng_instance_info: what the engine offers (categories, engines, defaults), from its /config.
// A good answer is kept until `refresh`; a failure is remembered for a minute so a broken engine
// is not asked again on every call.
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { toolSchema } from "../../runtime/mcp/tool_schema.ts";
import type { EngineClient, InstanceConfig } from "../engine_client.ts";
import { flagArgument } from "./input.ts";
import { structuredResult } from "../../runtime/mcp/results.ts";
import { failureResult } from "./results.ts";

/** searxng_instance_info's arguments. */
export const inputSchema = z.object({
  includeEngines: flagArgument.describe("List the engines (default false)."),
  includeDisabled: flagArgument.describe("With includeEngines, also list disabled engines."),
  category: z.string().trim().max(100).nullish()
    .describe("Only engines of this category, e.g. general or news."),
  refresh: flagArgument.describe("Ask the engine again instead of using the cached answer."),
});

const engineOutput = z.object({
  name: z.string(),
  categories: z.array(z.string()),
  enabled: z.boolean(),
  shortcut: z.string().optional(),
  paging: z.boolean().optional(),
  language_support: z.boolean().optional(),
  safesearch: z.boolean().optional(),
  time_range_support: z.boolean().optional(),
});

/** searxng_instance_info's structured answer. */
export const outputSchema = z.object({
  available: z.boolean(),
  instance: z.string(),
  name: z.string().optional(),
  version: z.string().optional(),
  categories: z.array(z.string()),
  defaults: z.object({
    safesearch: z.number().optional(),
    locale: z.string().optional(),
    theme: z.string().optional(),
    autocomplete: z.string().optional(),
  }),
  locales: z.array(z.string()),
  enabledEngines: z.number(),
  engines: z.array(engineOutput).optional(),
});

/** The arguments as validated. */
export type InstanceInfoInput = z.output<typeof inputSchema>;
/** The structured answer. */
export type InstanceInfo = z.infer<typeof outputSchema>;

const FAILURE_MEMORY_MS = 60_000;

/** The engine's /config, remembered; `refresh` asks the engine again. */
export type ConfigSource = (refresh: boolean, signal: AbortSignal) => Promise<InstanceConfig>;

const publishedInput = toolSchema(inputSchema);
const publishedOutput = toolSchema(outputSchema);

/** Registers searxng_instance_info: the engine's categories, engines and settings. */
export function registerInstanceInfo(
  server: McpServer,
  deps: { config: ConfigSource; displayUrl: string },
): void {
  server.registerTool("searxng_instance_info", {
    title: "Search engine info",
    description:
      "What the search engine offers: its categories, enabled engines (with paging, language " +
      "and time-range support), default safe-search and locale. Use it to choose the categories " +
      "and engines arguments of searxng_web_search.",
    inputSchema: publishedInput,
    outputSchema: publishedOutput,
    annotations: { readOnlyHint: true, openWorldHint: true },
  }, async (input: InstanceInfoInput, ctx) => {
    try {
      const config = await deps.config(input.refresh === true, ctx.mcpReq.signal);
      const info = describeInstance(config, deps.displayUrl, input);
      return structuredResult(JSON.stringify(info, null, 2), info);
    } catch (error) {
      return failureResult("searxng_instance_info", error, ctx.mcpReq.signal);
    }
  });
}

/** One /config answer per process (an engine's offer rarely changes), failures for a minute. */
export function rememberedConfig(engine: EngineClient, now: () => number = Date.now): ConfigSource {
  let config: InstanceConfig | undefined;
  let failure: { error: unknown; at: number } | undefined;
  return async (refresh, signal) => {
    if (!refresh) {
      if (config) return config;
      if (failure && now() - failure.at < FAILURE_MEMORY_MS) throw failure.error;
    }
    try {
      config = await engine.config(signal);
      failure = undefined;
      return config;
    } catch (error) {
      if (!signal.aborted) failure = { error, at: now() };
      throw error;
    }
  };
}

/** The structured answer for `config`, filtered as `input` asks. */
export function describeInstance(
  config: InstanceConfig,
  instance: string,
  input: InstanceInfoInput,
): InstanceInfo {
  const category = input.category?.toLowerCase();
  const enabled = config.engines.filter((engine) => engine.enabled);
  const listed = (input.includeDisabled ? config.engines : enabled)
    .filter((engine) => !category || engine.categories.includes(category));
  return {
    available: true,
    instance,
    ...(config.instance_name ? { name: config.instance_name } : {}),
    ...(config.version ? { version: config.version } : {}),
    categories: config.categories,
    defaults: {
      safesearch: config.safe_search,
      locale: config.default_locale || undefined,
      theme: config.default_theme,
      autocomplete: config.autocomplete || undefined,
    },
    locales: Object.keys(config.locales),
    enabledEngines: enabled.length,
    ...(input.includeEngines
      ? {
        engines: listed.map((engine) => ({
          name: engine.name,
          categories: engine.categories,
          enabled: engine.enabled,
          ...(engine.shortcut ? { shortcut: engine.shortcut } : {}),
          paging: engine.paging,
          language_support: engine.language_support,
          safesearch: engine.safesearch,
          time_range_support: engine.time_range_support,
        })),
      }
      : {}),
  };
}
