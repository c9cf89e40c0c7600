// The release every service reports (/health, /metrics, MCP's serverInfo): deno.json's version.
import denoConfig from "../deno.json" with { type: "json" };

/** One version for the whole stack, taken from deno.json. */
export const VERSION: string = denoConfig.version;
