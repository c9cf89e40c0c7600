import assert from "node:assert/strict";
import { ConfigError } from "../../shared/env.ts";
import { freePort } from "../../tests/helpers/process.ts";
import { generateSqldJwtKey, startSqld } from "../../tests/helpers/sqld.ts";
import { type Database, DatabaseUnavailableError, openDatabase, redactUrl } from "./database.ts";
import { loadMigrations, migrate } from "./migrate.ts";

async function withTempDir(run: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "database-test-" });
  try {
    await run(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}

async function useDatabase(db: Database, run: (db: Database) => Promise<void>): Promise<void> {
  try {
    await run(db);
  } finally {
    db.close();
  }
}

Deno.test("openDatabase creates the missing parent folders of a file: URL and switches to WAL", async () => {
  await withTempDir(async (dir) => {
    assert.equal(await exists(`${dir}/nested`), false);
    await useDatabase(
      await openDatabase({ url: `file:${dir}/nested/deeper/diagram.db` }),
      async (db) => {
        await db.execute("CREATE TABLE t (x)");
        const mode = await db.execute("PRAGMA journal_mode");
        assert.equal(mode.rows[0].journal_mode, "wal");
      },
    );
    assert.equal((await Deno.stat(`${dir}/nested/deeper/diagram.db`)).isFile, true);
  });
});

Deno.test("openDatabase creates the folder libSQL opens for file://localhost/ and percent-encoded paths", async () => {
  await withTempDir(async (dir) => {
    const url = `file://localhost${dir}/with%20space/diagram.db?authToken=unused`;
    // Read as a plain path, the URL would name /localhost/tmp/…/with%20space instead.
    const misread = `/localhost${dir}`;
    try {
      await useDatabase(await openDatabase({ url }), async (db) => {
        await db.execute("CREATE TABLE t (x)");
      });
      assert.equal((await Deno.stat(`${dir}/with space/diagram.db`)).isFile, true);
      assert.equal(await exists(`${dir}/with%20space`), false);
      assert.equal(await exists(misread), false);
    } finally {
      if (await exists(misread)) {
        await Deno.remove(misread, { recursive: true });
        // Its parents too, if the stray folder left them empty.
        await Deno.remove(misread.slice(0, misread.lastIndexOf("/"))).catch(() => {});
        await Deno.remove("/localhost").catch(() => {});
      }
    }
  });
});

Deno.test("every pooled connection of an embedded database waits 5 s on locks and enforces foreign keys", async () => {
  await withTempDir(async (dir) => {
    await useDatabase(await openDatabase({ url: `file:${dir}/diagram.db` }), async (db) => {
      await db.executeMultiple(`
        CREATE TABLE parent (id TEXT PRIMARY KEY);
        CREATE TABLE child (parent_id TEXT NOT NULL REFERENCES parent (id));
      `);
      assert.equal((await db.execute("PRAGMA busy_timeout")).rows[0].timeout, 5000);
      // An open transaction holds the connection openDatabase set up, so the client opens another.
      const tx = await db.transaction("read");
      try {
        await tx.execute("SELECT 1");
        assert.equal((await db.execute("PRAGMA busy_timeout")).rows[0].timeout, 5000);
        assert.equal((await db.execute("PRAGMA foreign_keys")).rows[0].foreign_keys, 1);
        await assert.rejects(
          db.execute("INSERT INTO child (parent_id) VALUES ('missing')"),
          /FOREIGN KEY constraint failed/,
        );
      } finally {
        tx.close();
      }
    });
  });
});

Deno.test("openDatabase reports a file it cannot open as DatabaseUnavailableError, not as a bad URL", async () => {
  await withTempDir(async (dir) => {
    await Deno.mkdir(`${dir}/a-folder.db`);
    await assert.rejects(openDatabase({ url: `file:${dir}/a-folder.db` }), (error) => {
      assert.ok(error instanceof DatabaseUnavailableError, String(error));
      assert.match(error.message, /^cannot open database file:.*a-folder\.db: /);
      return true;
    });
    await Deno.writeTextFile(`${dir}/not-sqlite.db`, "this is not a database\n".repeat(200));
    await assert.rejects(
      openDatabase({ url: `file:${dir}/not-sqlite.db` }),
      DatabaseUnavailableError,
    );
  });
});

Deno.test("openDatabase refuses a URL libSQL cannot use with a ConfigError that hides credentials", async () => {
  const refused = [
    "ftp://user:hunter2@db.example.com/data",
    "1libsql://user:hunter2@db.example.com",
    "http://db.example.com?authToken=hunter2&bogus=1",
  ];
  for (const url of refused) {
    await assert.rejects(openDatabase({ url }), (error) => {
      assert.ok(error instanceof ConfigError, `${url}: ${error}`);
      assert.match(error.message, /^invalid DATABASE_URL=/);
      assert.doesNotMatch(error.message, /hunter2/);
      return true;
    });
  }
  // A file: URL naming another host is refused before any folder is made from its "path".
  const host = `no-such-host-${crypto.randomUUID()}`;
  try {
    await assert.rejects(openDatabase({ url: `file://${host}/tmp/diagram.db` }), ConfigError);
    assert.equal(await exists(`/${host}`), false);
  } finally {
    await Deno.remove(`/${host}`, { recursive: true }).catch(() => {});
  }
});

Deno.test("openDatabase fails fast with DatabaseUnavailableError when no server listens", async () => {
  const url = `http://127.0.0.1:${freePort()}`;
  const started = performance.now();
  await assert.rejects(openDatabase({ url }), (error) => {
    assert.ok(error instanceof DatabaseUnavailableError, String(error));
    assert.ok(error.message.startsWith(`cannot open database ${url}: `), error.message);
    return true;
  });
  const elapsed = performance.now() - started;
  assert.ok(elapsed < 3000, `took ${Math.round(elapsed)} ms`);
});

Deno.test("a JWT-protected libSQL server (real sqld)", async (t) => {
  const key = generateSqldJwtKey();
  const sqld = await startSqld({ jwtPublicKeyPem: key.publicKeyPem });
  try {
    await t.step(
      "runs the shipped migrations, stores and reads rows, and migrates idempotently",
      async () => {
        const migrations = await loadMigrations();
        await useDatabase(
          await openDatabase({ url: sqld.url, authToken: key.token() }),
          async (db) => {
            assert.deepEqual(await migrate(db, migrations), migrations.map((m) => m.file));
            const now = new Date().toISOString();
            await db.execute({
              sql:
                "INSERT INTO users (id, email, password_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
              args: ["u1", "Ada@Example.com", "hash", now, now],
            });
            const read = await db.execute({
              sql: "SELECT id, email FROM users WHERE email = ?",
              args: ["ada@example.com"], // the column collates NOCASE
            });
            assert.deepEqual(read.rows.map((row) => ({ ...row })), [{
              id: "u1",
              email: "Ada@Example.com",
            }]);
            await assert.rejects(
              db.execute({
                sql:
                  "INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
                args: ["h", "nobody", now, now],
              }),
              /FOREIGN KEY constraint failed/,
            );
          },
        );
        // A second process start: a new client finds everything applied.
        await useDatabase(
          await openDatabase({ url: sqld.url, authToken: key.token() }),
          async (db) => {
            assert.deepEqual(await migrate(db, migrations), []);
            const recorded = await db.execute(
              "SELECT file FROM schema_migrations ORDER BY version",
            );
            assert.deepEqual(recorded.rows.map((row) => row.file), migrations.map((m) => m.file));
            assert.equal((await db.execute("SELECT count(*) AS n FROM users")).rows[0].n, 1);
          },
        );
      },
    );

    await t.step("refuses a client without a token with DatabaseUnavailableError", async () => {
      await assert.rejects(openDatabase({ url: sqld.url }), (error) => {
        assert.ok(error instanceof DatabaseUnavailableError, String(error));
        assert.match(error.message, /401/);
        return true;
      });
    });

    await t.step("refuses a token signed by another key without echoing the token", async () => {
      const forged = generateSqldJwtKey().token();
      for (
        const config of [{ url: sqld.url, authToken: forged }, {
          url: `${sqld.url}?authToken=${forged}`,
        }]
      ) {
        await assert.rejects(openDatabase(config), (error) => {
          assert.ok(error instanceof DatabaseUnavailableError, String(error));
          assert.ok(error.message.startsWith(`cannot open database ${sqld.url}: `), error.message);
          assert.ok(!error.message.includes(forged), "the message contains the token");
          assert.ok(!String(error.stack).includes(forged), "the stack contains the token");
          return true;
        });
      }
    });
  } finally {
    await sqld.stop();
  }
});

Deno.test("redactUrl keeps the address and drops tokens and passwords", () => {
  assert.equal(redactUrl("libsql://db.example.com?authToken=secret"), "libsql://db.example.com");
  assert.equal(
    redactUrl("https://user:secret@db.example.com:8443/v2?authToken=secret&tls=1"),
    "https://db.example.com:8443/v2",
  );
  assert.equal(redactUrl("http://127.0.0.1:8080/"), "http://127.0.0.1:8080");
  assert.equal(redactUrl("file:data/diagram.db?authToken=secret"), "file:data/diagram.db");
  assert.equal(redactUrl("not a url with secret"), "<unparseable URL>");
});
