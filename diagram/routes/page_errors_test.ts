import assert from "node:assert/strict";
import { Hono } from "hono";
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
