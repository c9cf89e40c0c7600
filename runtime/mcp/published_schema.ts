// A tool argument schema that publishes one JSON Schema but validates with a more lenient one.
// For arguments whose problems the tool reports itself (each with its path and advice), the SDK's
// own one-line validation error would otherwise answer first.
import type { StandardSchemaWithJSON } from "@modelcontextprotocol/server";
import type { z } from "zod";
import { portableSchema } from "./portable_schema.ts";

export function publishedSchema<L extends z.ZodType>(
  lenient: L,
  documented: z.ZodType,
): StandardSchemaWithJSON<z.input<L>, z.output<L>> {
  return {
    "~standard": {
      ...lenient["~standard"],
      jsonSchema: portableSchema(documented)["~standard"].jsonSchema,
    } as StandardSchemaWithJSON<z.input<L>, z.output<L>>["~standard"],
  };
}
