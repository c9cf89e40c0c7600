// What the description says of one REST operation: the facts the OpenAPI document is built from,
// with the zod schemas that validate its query and body and that its JSON answers parse with.
import type { z } from "zod";

/** The HTTP methods the REST API uses, as OpenAPI spells them. */
export type Method = "get" | "post" | "put" | "patch" | "delete";

/** The groups operations are listed under, in the order the description lists them. */
export const TAGS = {
  Session: "Signing in and out with the session cookie.",
  Diagrams: "Create, list, read, export, save, rename, move, copy and delete diagrams.",
  Images: "A diagram's uploaded images, one request each.",
  History: "A diagram's kept revisions: read, compare and restore.",
  Trash: "Deleted diagrams: restore them or delete them for good.",
  Collections: "Nested folders of diagrams.",
  "Share links": "Links that show a diagram or a collection to anyone who has them.",
  Collaboration: "Tokens for a diagram's live-editing room.",
  Gallery: "The whole gallery as one zip archive.",
  Description: "This description of the API.",
} as const;

/** One of TAGS. */
export type Tag = keyof typeof TAGS;

/**
 * Who may call: `account` a bearer access token or the session cookie; `cookie` the session
 * cookie only; `optional cookie` anyone, the cookie used when sent; `public` anyone.
 */
export type Auth = "account" | "cookie" | "optional cookie" | "public";

/** Request headers an operation reads. */
export type RequestHeader = "If-Match" | "If-None-Match";

/** Response headers an answer carries that a client acts on. */
export type ResponseHeader = "ETag" | "Location" | "Content-Disposition";

/** A body that is not JSON: its media types, each with the JSON Schema of its text, if any. */
export interface MediaBody {
  media: Record<string, Record<string, unknown> | null>;
}

/** A JSON body checked by `json`; `notes` describe its fields by name. */
export interface JsonBody {
  json: z.ZodType;
  notes?: Record<string, string>;
}

/** One answer of an operation: its body (JSON parsed by `json`, or other media) and headers. */
export interface Answer {
  description: string;
  json?: z.ZodType;
  media?: MediaBody["media"];
  headers?: ResponseHeader[];
}

/** One operation: its route as Hono spells it (`/api/diagrams/:id`) and what it takes and gives. */
export interface Operation {
  method: Method;
  path: string;
  operationId: string;
  tag: Tag;
  summary: string;
  description?: string;
  auth: Auth;
  /** The query's schema; `queryNotes` describe its parameters by name. */
  query?: z.ZodObject;
  queryNotes?: Record<string, string>;
  headers?: RequestHeader[];
  body?: (JsonBody | MediaBody) & { optional?: true; description?: string };
  /** The answers that are not errors, by status. */
  answers: Record<number, Answer>;
  /**
   * The refusals particular to this operation, by status, with when they happen. Those every
   * operation of its kind can give (a malformed id or body, no credential, another site's write)
   * are added from its path, body and auth.
   */
  errors?: Record<number, string>;
}
