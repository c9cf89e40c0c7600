// The diagram service's OpenAPI description as a Markdown reference: per tag, per operation its
// method and path, summary, auth, parameters, request body fields and answers; then each schema.
type Json = Record<string, unknown>;
type Schema = Json;

/** A table cell: one line, pipes escaped. */
function cell(text: string): string {
  return text.replace(/\s*\n\s*/g, " ").replaceAll("|", "\\|");
}

function table(head: string[], rows: string[][]): string[] {
  return [
    `| ${head.join(" | ")} |`,
    `| ${head.map(() => "---").join(" | ")} |`,
    ...rows.map((row) => `| ${row.map(cell).join(" | ")} |`),
  ];
}

/** `#/components/schemas/Diagram` → a link to the Diagram schema below. */
function refLink(ref: string): string {
  const name = ref.split("/").at(-1)!;
  return `[${name}](#schema-${name.toLowerCase()})`;
}

/** A schema's type in a few words: `string`, `integer \| null`, `[Diagram](…)[]`, `"view" \| "edit"`. */
function typeText(schema: Schema): string {
  if (typeof schema.$ref === "string") return refLink(schema.$ref);
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Schema[]).map(typeText).join(" | ");
  if (schema.const !== undefined) return `\`${JSON.stringify(schema.const)}\``;
  if (Array.isArray(schema.enum)) {
    return schema.enum.map((value) => `\`${JSON.stringify(value)}\``).join(" | ");
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? "any"];
  return types.map((type) =>
    type === "array"
      ? `${typeText((schema.items ?? {}) as Schema)}[]`
      : schema.format === undefined || type !== "string"
      ? String(type)
      : `string (${schema.format})`
  ).join(" | ");
}

/** What limits a value: lengths, bounds, pattern, default. */
function limits(schema: Schema): string {
  const said: string[] = [];
  if (schema.minLength === 1) said.push("not empty");
  else if (schema.minLength !== undefined) said.push(`at least ${schema.minLength} characters`);
  if (schema.maxLength !== undefined) said.push(`at most ${schema.maxLength} characters`);
  if (schema.minimum !== undefined) said.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined) said.push(`≤ ${schema.maximum}`);
  if (schema.pattern !== undefined) said.push(`matches \`${schema.pattern}\``);
  if (schema.default !== undefined) said.push(`default \`${JSON.stringify(schema.default)}\``);
  for (const option of (schema.anyOf ?? []) as Schema[]) {
    if (option.pattern !== undefined) said.push(`matches \`${option.pattern}\``);
  }
  return said.join("; ");
}

/** The description, with the limits after it in brackets. */
function described(schema: Schema, description = schema.description): string {
  const limited = limits(schema);
  if (!description) return limited;
  return limited === "" ? String(description) : `${description} (${limited})`;
}

/** A field table of an object schema; an empty list when the schema is not an object. */
function fieldRows(schema: Schema): string[][] {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => [
    `\`${name}\``,
    typeText(property),
    required.has(name) ? "yes" : "no",
    described(property),
  ]);
}

const AUTH_WORDS: Record<string, string> = {
  bearerToken: "bearer access token",
  sessionCookie: "session cookie",
};

function authText(security: Json[] | undefined): string {
  if (security === undefined || security.length === 0) return "none";
  const ways = security.map((way) =>
    Object.keys(way).map((name) => AUTH_WORDS[name]).join(" and ")
  );
  return ways.map((way) => way === "" ? "none" : way).join(" or ");
}

function mediaText(content: Json | undefined): string {
  if (content === undefined) return "—";
  return Object.entries(content as Record<string, Json>).map(([type, media]) => {
    const schema = media.schema as Schema | undefined;
    return schema === undefined || schema.type === "string" && schema.format === undefined
      ? `\`${type}\``
      : `\`${type}\` ${typeText(schema)}`;
  }).join(", ");
}

function operationLines(method: string, path: string, operation: Json): string[] {
  const lines = [`### \`${method.toUpperCase()} ${path}\``, "", String(operation.summary), ""];
  if (operation.description) lines.push(String(operation.description), "");
  lines.push(
    `Auth: ${authText(operation.security as Json[] | undefined)}. Operation id: ` +
      `\`${operation.operationId}\`.`,
    "",
  );
  const parameters = (operation.parameters ?? []) as Json[];
  if (parameters.length > 0) {
    lines.push("Parameters:", "");
    lines.push(
      ...table(
        ["name", "in", "type", "required", "description"],
        parameters.map((parameter) => [
          `\`${parameter.name}\``,
          String(parameter.in),
          typeText(parameter.schema as Schema),
          parameter.required ? "yes" : "no",
          described(parameter.schema as Schema, parameter.description as string | undefined),
        ]),
      ),
      "",
    );
  }
  const body = operation.requestBody as Json | undefined;
  if (body !== undefined) lines.push(...bodyLines(body));
  lines.push("Responses:", "");
  lines.push(
    ...table(
      ["status", "body", "description"],
      Object.entries(operation.responses as Record<string, Json>).map(([status, answer]) => [
        status,
        mediaText(answer.content as Json | undefined),
        String(answer.description),
      ]),
    ),
    "",
  );
  return lines;
}

function bodyLines(body: Json): string[] {
  const content = body.content as Record<string, Json>;
  const optional = body.required ? "" : " (optional)";
  const json = content["application/json"]?.schema as Schema | undefined;
  if (json === undefined) {
    return [`Request body${optional}, as ${mediaText(content)}: ${body.description}`, ""];
  }
  return [
    `Request body${optional}: \`application/json\`.`,
    "",
    ...table(["field", "type", "required", "description"], fieldRows(json)),
    "",
  ];
}

function schemaLines(name: string, schema: Schema): string[] {
  const lines = [`<a id="schema-${name.toLowerCase()}"></a>`, "", `### ${name}`, ""];
  if (schema.description) lines.push(String(schema.description), "");
  const rows = fieldRows(schema);
  if (rows.length > 0) {
    lines.push(...table(["field", "type", "required", "description"], rows), "");
  }
  if (schema.additionalProperties === false) lines.push("No other fields.", "");
  return lines;
}

/** The whole reference for an OpenAPI 3.1 document. */
export function referenceMarkdown(document: Json): string {
  const info = document.info as Json;
  const components = document.components as Json;
  const paths = document.paths as Record<string, Record<string, Json>>;
  const tags = document.tags as { name: string; description: string }[];
  const lines = [
    `# ${info.title} reference`,
    "",
    "Generated by `deno task openapi-docs` from the description the service serves at " +
    "`GET /api/openapi.json` (OpenAPI 3.1): do not edit it by hand. " + `Version ${info.version}.`,
    "",
    String(info.description),
    "",
    "## Authentication",
    "",
  ];
  const schemes = components.securitySchemes as Record<string, Json>;
  for (const [name, scheme] of Object.entries(schemes)) {
    const how = scheme.type === "http"
      ? `\`Authorization: Bearer <token>\``
      : `the cookie \`${scheme.name}\``;
    lines.push(`- **${AUTH_WORDS[name]}** (${how}): ${scheme.description}`);
  }
  lines.push("", "## Operations", "");
  for (const tag of tags) {
    lines.push(
      `- [${tag.name}](#${tag.name.toLowerCase().replaceAll(" ", "-")}): ${tag.description}`,
    );
  }
  lines.push("");
  for (const tag of tags) {
    lines.push(`## ${tag.name}`, "", tag.description, "");
    for (const [path, item] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if ((operation.tags as string[])[0] === tag.name) {
          lines.push(...operationLines(method, path, operation));
        }
      }
    }
  }
  lines.push("## Schemas", "");
  for (const [name, schema] of Object.entries(components.schemas as Record<string, Schema>)) {
    lines.push(...schemaLines(name, schema));
  }
  return lines.join("\n");
}
