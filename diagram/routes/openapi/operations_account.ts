// The description of signing in (routes/session.ts), the gallery archive (routes/gallery.ts) and
// this description's own route (routes/openapi/route.ts).
import { loginSchema } from "../../service/schemas.ts";
import { SESSION_LIFETIME_MS } from "../../service/sessions.ts";
import { MAX_GALLERY_ARCHIVE_BYTES } from "../gallery.ts";
import { noContent, NOT_MODIFIED } from "./answers.ts";
import type { Operation } from "./operation.ts";
import { galleryImportedSchema, openApiDocumentSchema, sessionSchema } from "./responses.ts";

/** How long a session lasts, in days. */
export const SESSION_DAYS = Math.round(SESSION_LIFETIME_MS / (24 * 60 * 60 * 1000));

/** The operations on the session, the whole gallery and the description. */
export const ACCOUNT_OPERATIONS: Operation[] = [
  {
    method: "post",
    path: "/api/login",
    operationId: "login",
    tag: "Session",
    summary: "Sign in: sets the session cookie",
    description: `The cookie is HttpOnly, SameSite=Lax and lasts ${SESSION_DAYS} days. A wrong ` +
      "email and a wrong password get the same 401.",
    auth: "public",
    body: { json: loginSchema, notes: { email: "The account's email", password: "Its password" } },
    answers: { 204: noContent("Signed in; Set-Cookie holds the session.") },
    errors: {
      401: "Wrong email or password",
      429: "Too many failed attempts for this email or from this address; see Retry-After",
    },
  },
  {
    method: "post",
    path: "/api/logout",
    operationId: "logout",
    tag: "Session",
    summary: "Sign out: ends the session and clears its cookie",
    auth: "optional cookie",
    answers: { 204: noContent("Signed out (also when no session was sent).") },
  },
  {
    method: "get",
    path: "/api/session",
    operationId: "getSession",
    tag: "Session",
    summary: "Who is signed in",
    auth: "cookie",
    answers: { 200: { description: "The account.", json: sessionSchema } },
    errors: { 401: "No live session" },
  },
  {
    method: "get",
    path: "/api/export",
    operationId: "exportGallery",
    tag: "Gallery",
    summary: "Download the whole gallery as a zip",
    description: "Collections, diagrams, the trash, kept revisions and images, with a manifest.",
    auth: "account",
    answers: {
      200: {
        description: "The archive, gallery-<date>.zip.",
        media: { "application/zip": null },
        headers: ["Content-Disposition"],
      },
    },
  },
  {
    method: "post",
    path: "/api/import/gallery",
    operationId: "importGallery",
    tag: "Gallery",
    summary: "Import a gallery archive",
    description: "All of it or, when anything in it is refused, none of it.",
    auth: "account",
    body: {
      media: { "application/zip": null, "application/octet-stream": null },
      description: `A zip made by GET /api/export, at most ${
        MAX_GALLERY_ARCHIVE_BYTES / 1024 / 1024
      } MiB.`,
    },
    answers: { 201: { description: "Imported.", json: galleryImportedSchema } },
  },
  {
    method: "get",
    path: "/api/openapi.json",
    operationId: "getOpenApiDescription",
    tag: "Description",
    summary: "This description, as OpenAPI 3.1",
    description: "Served to anyone: it describes the API and holds nothing of the account.",
    auth: "public",
    headers: ["If-None-Match"],
    answers: {
      200: { description: "The description.", json: openApiDocumentSchema, headers: ["ETag"] },
      304: NOT_MODIFIED,
    },
  },
];
