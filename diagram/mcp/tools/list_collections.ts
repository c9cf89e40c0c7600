// list_collections: every collection as an indented tree, with ids for create_diagram.
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { toolSchema } from "../../../runtime/mcp/tool_schema.ts";
import { structuredResult } from "../../../runtime/mcp/results.ts";
import type { CollectionSummary } from "../../service/collections.ts";
import { type ToolContext, toolFailure } from "../tool_context.ts";

const outputSchema = z.object({
  collections: z.array(z.object({
    id: z.string(),
    name: z.string(),
    parentId: z.string().nullable(),
    diagramCount: z.number().int(),
  })),
});

function treeText(collections: CollectionSummary[]): string {
  const children = new Map<string | null, CollectionSummary[]>();
  for (const collection of collections) {
    const siblings = children.get(collection.parentId) ?? [];
    siblings.push(collection);
    children.set(collection.parentId, siblings);
  }
  const lines: string[] = [];
  const walk = (parentId: string | null, depth: number) => {
    for (const collection of children.get(parentId) ?? []) {
      lines.push(
        `${"  ".repeat(depth)}${collection.id}  ${JSON.stringify(collection.name)}  ` +
          `(${collection.diagramCount} diagrams)`,
      );
      walk(collection.id, depth + 1);
    }
  };
  walk(null, 0);
  return lines.length === 0 ? "No collections yet." : lines.join("\n");
}

const publishedInput = toolSchema(z.object({}));
const publishedOutput = toolSchema(outputSchema);

/** Registers list_collections: the account's collections. */
export function registerListCollections(server: McpServer, context: ToolContext): void {
  server.registerTool("list_collections", {
    title: "List collections",
    description: "The collections (nested folders) diagrams can be put in, as a tree with ids.",
    inputSchema: publishedInput,
    outputSchema: publishedOutput,
    annotations: { readOnlyHint: true },
  }, async () => {
    try {
      const all = await context.collections.list(context.actor.userId);
      const collections = all.map(({ id, name, parentId, diagramCount }) => ({
        id,
        name,
        parentId,
        diagramCount,
      }));
      return structuredResult(treeText(all), { collections });
    } catch (error) {
      return toolFailure("list_collections", error);
    }
  });
}
