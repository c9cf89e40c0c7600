// list_diagrams: the most recently changed diagrams, optionally in one collection or by name,
// each with the number of live share links that show it.
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { toolSchema } from "../../../runtime/mcp/tool_schema.ts";
import { structuredResult } from "../../../runtime/mcp/results.ts";
import type { DiagramView } from "../../service/diagrams.ts";
import { linksShowing } from "../../service/share_links.ts";
import { type ToolContext, toolFailure } from "../tool_context.ts";
import { collectionIdArgument } from "./ids.ts";

const inputSchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).nullish()
    .describe("How many to return, 1-100; default 20."),
  collectionId: collectionIdArgument.nullish().describe(
    'Only diagrams in this collection; "none" for diagrams in no collection.',
  ),
  query: z.string().max(200).nullish().describe(
    "Only diagrams whose name or text (labels included) has every one of these words, as a " +
      'prefix ("data" finds "Database"), best match first.',
  ),
});

/** What list_diagrams says about each diagram; get_diagram says the same and more. */
export const diagramSummaryOutput = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  revision: z.number().int(),
  collectionId: z.string().nullable(),
  updatedAt: z.string(),
  liveShareLinks: z.number().int()
    .describe(
      "How many live share links show the diagram to people without an account: its own, and " +
        "those of its collection or a collection around it.",
    ),
});

/** One diagram as list_diagrams shows it, with how many live share links it has. */
export function summaryOf(
  view: DiagramView,
  liveShareLinks: number,
): z.output<typeof diagramSummaryOutput> {
  const { id, name, url, revision, collectionId, updatedAt } = view;
  return { id, name, url, revision, collectionId, updatedAt, liveShareLinks };
}

/** "  shared by 2 links" for a diagram's line, or nothing when no link shows it. */
export function sharedNote(liveShareLinks: number): string {
  if (liveShareLinks === 0) return "";
  return `  shared by ${liveShareLinks} link${liveShareLinks === 1 ? "" : "s"}`;
}

const outputSchema = z.object({ diagrams: z.array(diagramSummaryOutput) });

const publishedInput = toolSchema(inputSchema);
const publishedOutput = toolSchema(outputSchema);

/** Registers list_diagrams: recently changed diagrams with their ids, URLs and live share links. */
export function registerListDiagrams(server: McpServer, context: ToolContext): void {
  server.registerTool("list_diagrams", {
    title: "List diagrams",
    description:
      "Recently changed diagrams with their ids and URLs, newest first, and how many live " +
      "share links show each.",
    inputSchema: publishedInput,
    outputSchema: publishedOutput,
    annotations: { readOnlyHint: true },
  }, async (input: z.output<typeof inputSchema>) => {
    try {
      const views = await context.diagrams.list(context.actor.userId, {
        // "none", as in the REST API, means diagrams outside every collection.
        collectionId: input.collectionId === "none" ? null : input.collectionId ?? undefined,
        query: input.query ?? undefined,
        limit: input.limit ?? 20,
      });
      // One read of the account's links and collections, for every diagram listed.
      const links = await context.shares.list(context.actor.userId);
      const collections = await context.collections.list(context.actor.userId);
      const diagrams = views.map((view) =>
        summaryOf(view, linksShowing(links, view, collections).length)
      );
      const text = diagrams.length === 0
        ? "No diagrams match."
        : diagrams.map((d) =>
          `${d.id}  ${JSON.stringify(d.name)}  rev ${d.revision}  ${d.updatedAt}  ${d.url}${
            sharedNote(d.liveShareLinks)
          }`
        ).join("\n");
      return structuredResult(text, { diagrams });
    } catch (error) {
      return toolFailure("list_diagrams", error);
    }
  });
}
