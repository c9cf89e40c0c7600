import assert from "node:assert/strict";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { RequestBodyError } from "../../runtime/request_body.ts";
import { ConflictError, NotFoundError } from "../service/errors.ts";
import type { PageEnv } from "../http/page_session.ts";
import { answerPageError, missing, type MissingEnv } from "./page_errors.ts";

/** Pages mounted as pages.ts mounts them, in an app whose own answers are JSON. */
function service(): Hono {
  const pages = new Hono<PageEnv & MissingEnv>();
  pages.use("*", async (c, next) => {
    c.set("email", "owner@example.com");
    await next();
  });
  pages.get("/gone", () => {
    throw new NotFoundError("diagram not found");
  });
  pages.get("/revision", missing("Revision"), () => {
    throw new NotFoundError("no such revision");
  });
  pages.get("/taken", () => {
    throw new ConflictError("name taken");
  });
  pages.onError(answerPageError);
  const app = new Hono();
  app.route("/", pages);
  app.onError((error, c) => c.json({ error: error.message }, 409));
  return app;
}

Deno.test("a page about something not there is the not-found page, naming what is missing", async () => {
  const app = service();
  const gone = await app.request("/gone");
  assert.equal(gone.status, 404);
  const page = await gone.text();
  assert.match(page, /<h1>Diagram not found<\/h1>/);
  assert.match(page, /owner@example\.com/);
  const revision = await app.request("/revision");
  assert.equal(revision.status, 404);
  assert.match(await revision.text(), /<h1>Revision not found<\/h1>/);
});

Deno.test("any other error a page throws goes on to the service's own answers", async () => {
  const taken = await service().request("/taken");
  assert.equal(taken.status, 409);
  assert.deepEqual(await taken.json(), { error: "name taken" });
});

Deno.test("a form refused for what the browser sent is a page saying why, with the refusal's status", async () => {
  const pages = new Hono<PageEnv & MissingEnv>();
  pages.use("*", async (c, next) => {
    c.set("email", "owner@example.com");
    await next();
  });
  pages.post("/big", () => {
    throw new RequestBodyError(413, "the form is too large");
  });
  pages.post("/slow", () => {
    throw new RequestBodyError(408, "the body did not arrive in time");
  });
  pages.post("/none", () => {
    throw new HTTPException(400, { message: "choose between 1 and 50 files" });
  });
  pages.onError(answerPageError);
  for (
    const [path, status, reason] of [
      ["/big", 413, "the form is too large"],
      ["/slow", 408, "the body did not arrive in time"],
      ["/none", 400, "choose between 1 and 50 files"],
    ] as const
  ) {
    const response = await pages.request(path, { method: "POST" });
    assert.equal(response.status, status, path);
    const page = await response.text();
    assert.match(page, /<h1>That could not be sent<\/h1>/);
    assert.ok(page.includes(`The server refused it: ${reason}.`), page);
    assert.equal(response.headers.get("connection"), status === 408 ? "close" : null);
  }
});
