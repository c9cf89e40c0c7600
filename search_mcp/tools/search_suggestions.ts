// searxng_search_suggestions: the engine's autocomplete, for turning a vague query into better ones.
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { toolSchema } from "../../runtime/mcp/tool_schema.ts";
import type { EngineClient } from "../engine_client.ts";
import { languageArgument } from "./input.ts";
import { structuredResult } from "../../runtime/mcp/results.ts";
import { failureResult } from "./results.ts";

/** searxng_search_suggestions' arguments. */
export const inputSchema = z.object({
  query: z.string().trim().min(1, "query must not be empty").max(500)
    .describe("The partial or vague query to complete."),
  language: languageArgument.describe('Language code such as "en"; "all" for any.'),
});

/** searxng_search_suggestions' structured answer. */
export const outputSchema = z.object({
  query: z.string(),
  suggestions: z.array(z.string()),
});

const publishedInput = toolSchema(inputSchema);
const publishedOutput = toolSchema(outputSchema);

/** Registers searxng_search_suggestions: the engine's autocomplete phrases for a query. */
export function registerSearchSuggestions(server: McpServer, engine: EngineClient): void {
  server.registerTool("searxng_search_suggestions", {
    title: "Search suggestions",
    description:
      "Autocomplete phrases for a query from the engine's autocomplete backend. Use it to refine " +
      "a vague query before searching. An empty list means no suggestions, not an error.",
    inputSchema: publishedInput,
    outputSchema: publishedOutput,
    annotations: { readOnlyHint: true, openWorldHint: true },
  }, async (input: z.output<typeof inputSchema>, ctx) => {
    try {
      const suggestions = await engine.suggestions(
        input.query,
        input.language || "all",
        ctx.mcpReq.signal,
      );
      const output = { query: input.query, suggestions };
      return structuredResult(JSON.stringify(output), output);
    } catch (error) {
      return failureResult("searxng_search_suggestions", error, ctx.mcpReq.signal);
    }
  });
}
