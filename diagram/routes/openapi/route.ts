// GET /api/openapi.json: the REST API's OpenAPI 3.1 description. It is served without a login: it
// describes a single-user service's API, the same for every install, and holds nothing of the
// account (no ids, names or secrets); a script or a documentation tool can read it before it has
// a token.
import { Hono } from "hono";
import { bodyOrNotModified, contentEtag } from "../../../runtime/etag.ts";
import { openApiDescription } from "./document.ts";

/** Where the description is served. */
export const OPENAPI_PATH = "/api/openapi.json";

/** GET /api/openapi.json, with an ETag; the cookie's name in it follows `secureCookie`. */
export function openApiRoutes(secureCookie: boolean): Hono {
  const app = new Hono();
  const { text } = openApiDescription(secureCookie);
  const etag = contentEtag(text);
  // It changes only with a new release: a browser asks again after the hour, and gets a 304.
  const headers = {
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "public, max-age=3600",
  };
  app.get(OPENAPI_PATH, (c) => bodyOrNotModified(c, text, headers, etag));
  return app;
}
