// One Operation as an OpenAPI operation object: parameters (path, query, headers), request body,
// answers, and the refusals it can give, those of its kind added to its own.
import { fileIdSchema, idSchema, revisionSchema } from "../../service/schemas.ts";
import { answerSchemaRef, inlineSchema, type JsonSchema } from "./json_schema.ts";
import type { Answer, Auth, Operation, RequestHeader } from "./operation.ts";

/** `/api/diagrams/:id` → `/api/diagrams/{id}`. */
export function openApiPath(honoPath: string): string {
  return honoPath.replace(/:(\w+)/g, "{$1}");
}

/** The names of a Hono path's parameters, in order. */
function pathParamNames(honoPath: string): string[] {
  return [...honoPath.matchAll(/:(\w+)/g)].map((match) => match[1]);
}

/** What each path's `:id` names, by the resource it follows. */
const ID_MEANING: Record<string, string> = {
  diagrams: "The diagram's id",
  collections: "The collection's id",
  trash: "The trashed diagram's id",
  shares: "The share link's id",
};

function pathParameter(name: string, honoPath: string): JsonSchema {
  const resource = honoPath.split("/")[2];
  const [description, schema] = name === "id"
    ? [ID_MEANING[resource], idSchema]
    : name === "revision"
    ? ["A kept revision's number", revisionSchema]
    : name === "fileId"
    ? ["The image's id within the diagram: Excalidraw's file id, a hash of its bytes", fileIdSchema]
    : [undefined, undefined];
  if (description === undefined || schema === undefined) {
    throw new Error(`no description for the path parameter ${name} of ${honoPath}`);
  }
  return { name, in: "path", required: true, description, schema: inlineSchema(schema, "input") };
}

const HEADER_PARAMETERS: Record<RequestHeader, JsonSchema> = {
  "If-Match": {
    name: "If-Match",
    in: "header",
    description: 'The revision the client last read, quoted (`"3"`, as the ETag gave it): the ' +
      "write is refused with 412 when the diagram moved on. Without it the write goes ahead.",
    schema: { type: "string", examples: ['"3"'] },
  },
  "If-None-Match": {
    name: "If-None-Match",
    in: "header",
    description: "An ETag the client holds: when it is still current the answer is 304.",
    schema: { type: "string" },
  },
};

/** Sets each property's description from `notes`; every property must have one, and no more. */
function describeProperties(schema: JsonSchema, notes: Record<string, string>, what: string) {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const named = Object.keys(notes).sort().join(", ");
  const present = Object.keys(properties).sort().join(", ");
  if (named !== present) {
    throw new Error(`${what}: notes name ${named || "nothing"} but the schema has ${present}`);
  }
  for (const [name, property] of Object.entries(properties)) property.description = notes[name];
}

function queryParameters(operation: Operation): JsonSchema[] {
  if (operation.query === undefined) return [];
  const schema = inlineSchema(operation.query, "input");
  describeProperties(schema, operation.queryNotes ?? {}, `${operation.operationId}'s query`);
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(schema.properties as Record<string, JsonSchema>).map(
    ([name, { description, ...property }]) => ({
      name,
      in: "query",
      required: required.has(name),
      description,
      schema: property,
    }),
  );
}

function requestBody(operation: Operation): JsonSchema | undefined {
  const body = operation.body;
  if (body === undefined) return undefined;
  const required = body.optional !== true;
  if ("json" in body) {
    const schema = inlineSchema(body.json, "input");
    describeProperties(schema, body.notes ?? {}, `${operation.operationId}'s body`);
    const description = body.description;
    return { required, description, content: { "application/json": { schema } } };
  }
  return { required, description: body.description, content: mediaContent(body.media) };
}

function mediaContent(media: NonNullable<Answer["media"]>): JsonSchema {
  return Object.fromEntries(
    Object.entries(media).map(([type, schema]) => [type, schema === null ? {} : { schema }]),
  );
}

function answerObject(answer: Answer): JsonSchema {
  const content = answer.json !== undefined
    ? { "application/json": { schema: answerSchemaRef(answer.json) } }
    : answer.media !== undefined
    ? mediaContent(answer.media)
    : undefined;
  const headers = answer.headers === undefined ? undefined : Object.fromEntries(
    answer.headers.map((name) => [name, { $ref: `#/components/headers/${name}` }]),
  );
  return { description: answer.description, headers, content };
}

/** What a 404 means on each resource's routes. */
function notFound(honoPath: string): string {
  if (honoPath.includes(":fileId")) return "No such diagram, or no such image of it";
  if (honoPath.includes(":revision")) return "No such diagram, or no such kept revision of it";
  const resource = honoPath.split("/")[2];
  const things: Record<string, string> = {
    diagrams: "No such diagram in this account (one in the trash included)",
    collections: "No such collection in this account",
    trash: "No such diagram in the trash",
    shares: "No such live share link in this account",
  };
  return things[resource];
}

/** The refusals an operation can give by its kind, with its own added over them. */
export function refusals(operation: Operation): Map<number, string> {
  const found = new Map<number, string>();
  const params = pathParamNames(operation.path);
  const { body, headers = [] } = operation;
  const checked = [
    ...params.map((name) => `\`${name}\``),
    ...(operation.query === undefined ? [] : ["query"]),
    ...(headers.includes("If-Match") ? ["If-Match header"] : []),
    ...(body !== undefined && "json" in body ? ["body"] : []),
  ];
  if (checked.length > 0) {
    const what = checked.length === 1
      ? checked[0]
      : `${checked.slice(0, -1).join(", ")} or ${checked.at(-1)}`;
    found.set(400, `The ${what} is malformed; \`problems\` names each problem`);
  }
  if (body !== undefined) {
    found.set(408, "The body did not arrive in time");
    found.set(413, "The body is larger than the operation takes");
    found.set(415, "The body is not of a type the operation takes (see Content-Type)");
  }
  if (operation.auth === "account" || operation.auth === "cookie") {
    found.set(401, "No valid credential: log in first or send a bearer access token");
  }
  if (operation.method !== "get") {
    found.set(403, "A write with the session cookie that does not come from this site's pages");
  }
  if (params.length > 0) found.set(404, notFound(operation.path));
  for (const [status, why] of Object.entries(operation.errors ?? {})) found.set(+status, why);
  return found;
}

const ERROR_HEADERS: Record<number, string[]> = {
  401: ["WWW-Authenticate"],
  412: ["ETag"],
  429: ["Retry-After"],
  503: ["Retry-After"],
};

function refusalObject(status: number, why: string, auth: Auth): JsonSchema {
  const names = (ERROR_HEADERS[status] ?? []).filter((name) =>
    name !== "WWW-Authenticate" || auth === "account"
  );
  const headers = names.length === 0 ? undefined : Object.fromEntries(
    names.map((name) => [name, { $ref: `#/components/headers/${name}` }]),
  );
  const schema = { $ref: `#/components/schemas/${status === 412 ? "StaleRevision" : "Error"}` };
  return { description: why, headers, content: { "application/json": { schema } } };
}

const SECURITY: Record<Auth, JsonSchema[]> = {
  account: [{ bearerToken: [] }, { sessionCookie: [] }],
  cookie: [{ sessionCookie: [] }],
  "optional cookie": [{ sessionCookie: [] }, {}],
  public: [],
};

/** The operation object of `operation`. */
export function operationObject(operation: Operation): JsonSchema {
  const parameters = [
    ...pathParamNames(operation.path).map((name) => pathParameter(name, operation.path)),
    ...queryParameters(operation),
    ...(operation.headers ?? []).map((name) => HEADER_PARAMETERS[name]),
  ];
  const answers = Object.entries(operation.answers).map((
    [status, answer],
  ) => [status, answerObject(answer)]);
  const refused = [...refusals(operation)].map((
    [status, why],
  ) => [String(status), refusalObject(status, why, operation.auth)]);
  return {
    operationId: operation.operationId,
    tags: [operation.tag],
    summary: operation.summary,
    description: operation.description,
    security: SECURITY[operation.auth],
    parameters: parameters.length === 0 ? undefined : parameters,
    requestBody: requestBody(operation),
    responses: Object.fromEntries(
      [...answers, ...refused].sort(([a], [b]) => Number(a) - Number(b)),
    ),
  };
}
