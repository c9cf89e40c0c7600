import assert from "node:assert/strict";
import {
  bindAddress,
  ConfigError,
  databaseUrl,
  flag,
  integer,
  list,
  origins,
  path,
  port,
  readEnv,
  text,
  url,
} from "./env.ts";

Deno.test("unset and empty variables take their fallback", () => {
  const spec = { A_PORT: port(8080), A_FLAG: flag(false), A_TEXT: text() };
  assert.deepEqual(readEnv(spec, {}), { A_PORT: 8080, A_FLAG: false, A_TEXT: undefined });
  assert.deepEqual(readEnv(spec, { A_PORT: "", A_FLAG: "", A_TEXT: "" }), {
    A_PORT: 8080,
    A_FLAG: false,
    A_TEXT: undefined,
  });
});

Deno.test("port accepts 0 to 65535 and nothing else", () => {
  const spec = { P: port(1) };
  assert.equal(readEnv(spec, { P: "0" }).P, 0);
  assert.equal(readEnv(spec, { P: "65535" }).P, 65535);
  for (const bad of ["65536", "-1", "80.5", " 80", "0x50", "abc", "123456"]) {
    assert.throws(() => readEnv(spec, { P: bad }), ConfigError, bad);
  }
});

Deno.test("the error names the variable, the value and the expected form", () => {
  assert.throws(
    () => readEnv({ SEARCH_PORT: port(8080) }, { SEARCH_PORT: "abc" }),
    {
      name: "ConfigError",
      message:
        'invalid SEARCH_PORT="abc": expected an integer port number from 0 to 65535 (0 picks a free port)',
    },
  );
});

Deno.test("a long value is echoed whole, so the operator sees the mistake at its end", () => {
  const value = `https://search.example.org/a/long/path/that/goes/on/${"x".repeat(60)}#bad`;
  assert.throws(
    () => readEnv({ U: url("", ["https:"], "https://search.example") }, { U: value }),
    (error: Error) => error.message.startsWith(`invalid U=${JSON.stringify(value)}: expected`),
  );
});

Deno.test("secret values are never echoed in errors", () => {
  assert.throws(
    () => readEnv({ S: text({ secret: true, minLength: 32 }) }, { S: "hunter2" }),
    { message: "invalid S=<hidden, 7 characters>: expected at least 32 characters" },
  );
});

Deno.test("bind address accepts IPv4, IPv6 and host names", () => {
  const spec = { H: bindAddress("127.0.0.1") };
  for (
    const good of ["0.0.0.0", "127.0.0.1", "::", "::1", "fe80::1", "localhost", "search-1.internal"]
  ) {
    assert.equal(readEnv(spec, { H: good }).H, good);
  }
  for (const bad of ["256.1.1.1", "1.2.3", "a b", "http://x", "-bad", "::g"]) {
    assert.throws(() => readEnv(spec, { H: bad }), ConfigError, bad);
  }
});

Deno.test("flag reads the usual spellings of true and false", () => {
  const spec = { F: flag(false) };
  for (const yes of ["true", "TRUE", "1", "yes", "on"]) {
    assert.equal(readEnv(spec, { F: yes }).F, true);
  }
  for (const no of ["false", "0", "No", "off"]) assert.equal(readEnv(spec, { F: no }).F, false);
  assert.throws(() => readEnv(spec, { F: "maybe" }), {
    message: 'invalid F="maybe": expected true or false',
  });
});

Deno.test("url requires one of its schemes and a host, and drops a trailing slash", () => {
  const spec = { U: url("http://127.0.0.1:8080", ["http:", "https:"], "http://x") };
  assert.equal(readEnv(spec, { U: "https://search.example/" }).U, "https://search.example");
  assert.equal(
    readEnv(spec, { U: "http://user:pw@search:8080/base/" }).U,
    "http://user:pw@search:8080/base",
  );
  for (
    const bad of [
      "ftp://x",
      "search:8080",
      "http://",
      "/relative",
      "https://x/?q=1",
      "https://x/#f",
    ]
  ) {
    assert.throws(() => readEnv(spec, { U: bad }), ConfigError, bad);
  }
});

Deno.test("database URL accepts embedded files and libSQL servers only", () => {
  const spec = { D: databaseUrl() };
  assert.equal(readEnv(spec, {}).D, undefined);
  for (
    const good of [
      "file:./data/diagram.db",
      "file:/data/x.db",
      "libsql://db.example",
      "https://db.example",
      "http://127.0.0.1:8081",
      "wss://db.example",
    ]
  ) {
    assert.equal(readEnv(spec, { D: good }).D, good);
  }
  for (const bad of ["file:", "postgres://db/x", "diagram.db", "libsql://", "mysql://h"]) {
    assert.throws(() => readEnv(spec, { D: bad }), ConfigError, bad);
  }
});

Deno.test("text refuses control characters that would split a header or a log line", () => {
  const spec = { T: text() };
  assert.equal(readEnv(spec, { T: "token value" }).T, "token value");
  assert.throws(() => readEnv(spec, { T: "a\nb" }), ConfigError);
});

Deno.test("path keeps the value as given", () => {
  assert.equal(readEnv({ P: path("./data") }, {}).P, "./data");
  assert.equal(readEnv({ P: path() }, { P: "/srv/data dir" }).P, "/srv/data dir");
});

Deno.test("path drops trailing slashes so callers can append a file name, but keeps the root", () => {
  const spec = { P: path() };
  assert.equal(readEnv(spec, { P: "/srv/data/" }).P, "/srv/data");
  assert.equal(readEnv(spec, { P: "./data//" }).P, "./data");
  assert.equal(readEnv(spec, { P: "/" }).P, "/");
});

Deno.test("integer accepts whole numbers within its bounds only", () => {
  const spec = { N: integer(10, 1, 100) };
  assert.equal(readEnv(spec, {}).N, 10);
  assert.equal(readEnv(spec, { N: "100" }).N, 100);
  for (const bad of ["0", "101", "-1", "1.5", "ten", "1e3"]) {
    assert.throws(() => readEnv(spec, { N: bad }), /expected an integer from 1 to 100/, bad);
  }
});

Deno.test("list splits on commas and refuses empty items", () => {
  const spec = { L: list("a,b") };
  assert.equal(readEnv(spec, {}).L, undefined);
  assert.deepEqual(readEnv(spec, { L: " a.example , b:8080" }).L, ["a.example", "b:8080"]);
  for (const bad of ["a,,b", "a,", "a b"]) {
    assert.throws(() => readEnv(spec, { L: bad }), /comma-separated list/, bad);
  }
});

Deno.test("origins takes origins spelled as browsers send them, and nothing else", () => {
  const spec = { O: origins("https://a.example") };
  assert.equal(readEnv(spec, {}).O, undefined);
  assert.deepEqual(readEnv(spec, { O: "https://a.example, http://localhost:6274" }).O, [
    "https://a.example",
    "http://localhost:6274",
  ]);
  for (
    const bad of [
      "https://a.example/",
      "https://a.example/path",
      "https://A.example",
      "https://a.example:443",
      "a.example",
      "null",
      "file:///tmp",
      "ftp://a.example",
      "https://a.example,",
    ]
  ) {
    assert.throws(
      () => readEnv(spec, { O: bad }),
      /expected a comma-separated list of origins \(http\(s\):\/\/host\[:port\], no path\)/,
      bad,
    );
  }
});
