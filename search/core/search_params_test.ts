import assert from "node:assert/strict";
import { MAX_QUERY_LENGTH, ParamError, readSearchParams } from "./search_params.ts";

const known = {
  categories: new Set(["general", "news"]),
  engines: new Set(["brave", "wikipedia"]),
};

function read(params: Record<string, string>) {
  return readSearchParams((name) => params[name], known);
}

Deno.test("an Open WebUI request is read with its empty parameters treated as absent", () => {
  const params = read({
    q: "test",
    format: "json",
    pageno: "1",
    safesearch: "1",
    language: "all",
    time_range: "",
    categories: "",
    theme: "simple",
    image_proxy: "0",
  });
  assert.deepEqual(params, {
    q: "test",
    format: "json",
    categories: [],
    engines: [],
    language: "all",
    pageno: 1,
    timeRange: null,
    safesearch: 1,
    timeoutLimit: null,
  });
});

Deno.test("the format is kept as asked; unknown categories and engines are dropped", () => {
  const params = read({
    q: "x",
    format: "xml",
    categories: "news, images,NEWS",
    engines: "brave,nope",
  });
  assert.equal(params.format, "xml");
  assert.equal(read({ q: "x", format: " " }).format, "html");
  assert.deepEqual(params.categories, ["news"]);
  assert.deepEqual(params.engines, ["brave"]);
});

for (
  const [name, value] of [
    ["pageno", "0"],
    ["pageno", "two"],
    ["pageno", "-1"],
    ["safesearch", "3"],
    ["safesearch", "on"],
    ["time_range", "decade"],
    ["language", "english"],
    ["timeout_limit", "-2"],
    ["timeout_limit", "fast"],
  ]
) {
  Deno.test(`${name}=${value} is refused with SearXNG's message`, () => {
    assert.throws(
      () => read({ q: "x", [name]: value }),
      new ParamError(`Invalid value "${value}" for parameter ${name}`),
    );
  });
}

Deno.test("long invalid values are shortened in the error message", () => {
  assert.throws(
    () => read({ q: "x", language: "x".repeat(500) }),
    (error: Error) => error.message.length < 150,
  );
});

Deno.test("control characters in the query become spaces and the query is trimmed", () => {
  assert.equal(read({ q: "\u0000a\tb\r\n\u009f c " }).q, "a b c");
});

Deno.test("queries longer than the limit are refused", () => {
  assert.equal(read({ q: "é".repeat(MAX_QUERY_LENGTH) }).q.length, MAX_QUERY_LENGTH);
  assert.throws(() => read({ q: "a".repeat(MAX_QUERY_LENGTH + 1) }), ParamError);
});

Deno.test("timeout_limit and time_range accept SearXNG's None", () => {
  const params = read({ q: "x", timeout_limit: "None", time_range: "None" });
  assert.equal(params.timeoutLimit, null);
  assert.equal(params.timeRange, null);
  assert.equal(read({ q: "x", timeout_limit: "1.5" }).timeoutLimit, 1.5);
});
