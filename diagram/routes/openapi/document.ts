// The OpenAPI 3.1 description of the diagram service's REST API, built once from the operations'
// facts and the zod schemas that validate requests and shape answers.
import { VERSION } from "../../../runtime/version.ts";
import { sessionCookieName } from "../../http/session_cookie.ts";
import { ACCOUNT_OPERATIONS, SESSION_DAYS } from "./operations_account.ts";
import { componentSchemas } from "./json_schema.ts";
import { type Operation, TAGS } from "./operation.ts";
import { openApiPath, operationObject } from "./operation_object.ts";
import { DIAGRAM_OPERATIONS } from "./operations_diagrams.ts";
import { HISTORY_OPERATIONS } from "./operations_history.ts";
import { COLLECTION_OPERATIONS } from "./operations_collections.ts";

/** Every REST operation the service serves under /api/, as the description lists them. */
export const OPERATIONS: readonly Operation[] = [
  ...ACCOUNT_OPERATIONS.filter((operation) => operation.tag === "Session"),
  ...DIAGRAM_OPERATIONS,
  ...HISTORY_OPERATIONS,
  ...COLLECTION_OPERATIONS,
  ...ACCOUNT_OPERATIONS.filter((operation) => operation.tag !== "Session"),
];

/** The description as JSON text (what is served) and as the value it parses to. */
export interface OpenApiDescription {
  text: string;
  document: Record<string, unknown>;
}

const INTRODUCTION = "The REST API of the diagram service: diagrams, their images and history, " +
  "the trash, collections, share links and the whole gallery. Scripts send a personal access " +
  "token (`Authorization: Bearer dgm_…`, made with `deno task create-token`); the service's own " +
  "pages send the session cookie that `POST /api/login` sets, and a write they send must come " +
  "from the service's own origin. Every refusal is JSON: `{error}`, and for a 400 `problems`, " +
  "each problem with its path.";

const RESPONSE_HEADERS = {
  ETag: "The answer's version: a diagram's revision, or a hash of the body",
  Location: "Where what was made is read",
  "Content-Disposition": "`attachment` with the file's name",
  "Retry-After": "Seconds to wait before trying again",
  "WWW-Authenticate": "`Bearer`: the credential the API takes",
};

function paths(): Record<string, Record<string, unknown>> {
  const byPath: Record<string, Record<string, unknown>> = {};
  for (const operation of OPERATIONS) {
    const path = openApiPath(operation.path);
    byPath[path] = { ...byPath[path], [operation.method]: operationObject(operation) };
  }
  return byPath;
}

function build(secureCookie: boolean): OpenApiDescription {
  const document = {
    openapi: "3.1.0",
    info: { title: "diagram REST API", version: VERSION, description: INTRODUCTION },
    servers: [{ url: "/", description: "The diagram service that serves this description" }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths: paths(),
    components: {
      schemas: componentSchemas(),
      headers: Object.fromEntries(
        Object.entries(RESPONSE_HEADERS).map((
          [name, description],
        ) => [name, { description, schema: { type: "string" } }]),
      ),
      securitySchemes: {
        bearerToken: {
          type: "http",
          scheme: "bearer",
          description: "A personal access token (`dgm_…`): `deno task create-token <email> <name>`",
        },
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: sessionCookieName(secureCookie),
          description:
            `The session \`POST /api/login\` sets (HttpOnly, SameSite=Lax, ${SESSION_DAYS} days; ` +
            `named ${
              sessionCookieName(true)
            } when BASE_URL is https). A write it authenticates must ` +
            "come from the service's own pages (Origin, or Sec-Fetch-Site: same-origin).",
        },
      },
    },
  };
  // Through JSON and back: the value holds exactly what the text says (no undefined fields).
  const text = JSON.stringify(document);
  return { text, document: JSON.parse(text) };
}

const built = new Map<boolean, OpenApiDescription>();

/**
 * The description, built on first use and kept: the same for every request of a process. The
 * cookie's name depends on whether BASE_URL is https (`secureCookie`).
 */
export function openApiDescription(secureCookie: boolean): OpenApiDescription {
  let description = built.get(secureCookie);
  if (description === undefined) {
    description = build(secureCookie);
    built.set(secureCookie, description);
  }
  return description;
}
