import denoConfig from "../deno.json" with { type: "json" };

/** One version for the whole stack, taken from deno.json. */
export const VERSION: string = denoConfig.version;
