import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { type Database, openDatabase } from "./database.ts";
import {
  loadMigrations,
  migrate,
  MigrationError,
  migrationFromFile,
  MIGRATIONS_DIR,
  pendingMigrations,
} from "./migrate.ts";

/** A temporary folder holding a database file and any number of migration folders. */
interface Sandbox {
  db: Database;
  /** Writes `files` into a new migration folder and returns its URL (with a trailing slash). */
  folder(files: Record<string, string>): Promise<URL>;
}

async function withSandbox(run: (sandbox: Sandbox) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "migrate-test-" });
  let folders = 0;
  let db: Database | undefined;
  try {
    db = await openDatabase({ url: `file:${dir}/diagram.db` });
    await run({
      db,
      async folder(files) {
        const url = new URL(`migrations-${++folders}/`, `file://${dir}/`);
        await Deno.mkdir(url);
        for (const [name, sql] of Object.entries(files)) {
          await Deno.writeTextFile(new URL(name, url), sql);
        }
        return url;
      },
    });
  } finally {
    db?.close();
    await Deno.remove(dir, { recursive: true });
  }
}

/** Everything a migration could change: the schema, the bookkeeping and the rows of every table. */
async function snapshot(db: Database): Promise<unknown> {
  const schema = await db.execute(
    "SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name",
  );
  const tables: Record<string, unknown[]> = {};
  for (const row of schema.rows) {
    if (row.type !== "table" || String(row.name).startsWith("sqlite_")) continue;
    // Sorted here: some tables (the search index's) have no rowid to order by.
    const rows = await db.execute(`SELECT * FROM "${row.name}"`);
    tables[String(row.name)] = rows.rows.map((r) => JSON.stringify({ ...r }, bigints)).sort();
  }
  return { schema: schema.rows.map((r) => ({ ...r })), tables };
}

function bigints(_key: string, value: unknown): unknown {
  return typeof value === "bigint" ? String(value) : value;
}

async function tableNames(db: Database): Promise<string[]> {
  const result = await db.execute(
    "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
  );
  return result.rows.map((row) => String(row.name));
}

async function appliedFiles(db: Database): Promise<string[]> {
  const result = await db.execute("SELECT file FROM schema_migrations ORDER BY version");
  return result.rows.map((row) => String(row.file));
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

const BASE = {
  "0001_base.sql": `CREATE TABLE base (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
INSERT INTO base (name) VALUES ('first');
`,
};

Deno.test("the shipped migrations create the account tables and record every file with its checksum", async () => {
  await withSandbox(async ({ db }) => {
    const migrations = await loadMigrations();
    assert.equal(migrations[0].file, "0001_accounts.sql");
    const before = Date.now();
    assert.deepEqual(await migrate(db, migrations), migrations.map((m) => m.file));

    const tables = await tableNames(db);
    for (const table of ["users", "sessions", "access_tokens", "schema_migrations"]) {
      assert.ok(tables.includes(table), `missing table ${table} in ${tables}`);
    }
    const rows = await db.execute(
      "SELECT version, file, checksum, applied_at FROM schema_migrations ORDER BY version",
    );
    assert.equal(rows.rows.length, migrations.length);
    for (const [i, row] of rows.rows.entries()) {
      const file = String(row.file);
      assert.equal(file, migrations[i].file);
      assert.equal(row.version, Number(file.slice(0, 4)));
      // Checked against the file on disk, independently of the runner's own hashing.
      assert.equal(row.checksum, sha256(await Deno.readTextFile(new URL(file, MIGRATIONS_DIR))));
      assert.match(String(row.checksum), /^[0-9a-f]{64}$/);
      assert.ok(Date.parse(String(row.applied_at)) >= before - 1000, String(row.applied_at));
    }
  });
});

Deno.test("migrating again applies nothing and changes nothing", async () => {
  await withSandbox(async ({ db }) => {
    const migrations = await loadMigrations();
    await migrate(db, migrations);
    const before = await snapshot(db);
    assert.deepEqual(await migrate(db, migrations), []);
    assert.deepEqual(await migrate(db, await loadMigrations()), []);
    assert.deepEqual(await snapshot(db), before);
  });
});

Deno.test("foreign keys are enforced after migrating: a session of an unknown user is refused", async () => {
  await withSandbox(async ({ db }) => {
    await migrate(db, await loadMigrations());
    const now = new Date().toISOString();
    const addSession = (user: string) =>
      db.execute({
        sql:
          "INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
        args: [`hash-of-${user}`, user, now, now],
      });
    await assert.rejects(addSession("nobody"), /FOREIGN KEY constraint failed/);

    await db.execute({
      sql:
        "INSERT INTO users (id, email, password_hash, created_at, updated_at) VALUES ('u1', 'a@example.com', 'h', ?, ?)",
      args: [now, now],
    });
    await addSession("u1");
    // ON DELETE CASCADE also only works with enforcement on.
    await db.execute("DELETE FROM users WHERE id = 'u1'");
    assert.equal((await db.execute("SELECT count(*) AS n FROM sessions")).rows[0].n, 0);
  });
});

for (
  const [kind, broken] of [
    ["a syntax error", "CREATE TABLE widgets (id INTEGER PRIMARY KEY);\nCREATE TABLE oops (;\n"],
    [
      "a constraint failure",
      `CREATE TABLE widgets (id INTEGER PRIMARY KEY);
INSERT INTO widgets (id) VALUES (1);
UPDATE base SET name = 'renamed';
INSERT INTO base (name) VALUES ('renamed');
`,
    ],
  ]
) {
  Deno.test(`a migration failing on ${kind} after a valid statement leaves the database as it was`, async () => {
    await withSandbox(async ({ db, folder }) => {
      assert.deepEqual(await migrate(db, await loadMigrations(await folder(BASE))), [
        "0001_base.sql",
      ]);
      const before = await snapshot(db);

      const withBroken = await folder({ ...BASE, "0002_widgets.sql": broken });
      await assert.rejects(migrate(db, await loadMigrations(withBroken)), (error) => {
        assert.ok(error instanceof MigrationError, String(error));
        assert.match(error.message, /^migration 0002_widgets\.sql failed/);
        assert.ok(error.cause, "the SQLite error is kept as the cause");
        return true;
      });
      assert.deepEqual(await snapshot(db), before);
      assert.ok(!(await tableNames(db)).includes("widgets"));
      assert.deepEqual(await appliedFiles(db), ["0001_base.sql"]);

      const fixed = await folder({
        ...BASE,
        "0002_widgets.sql": "CREATE TABLE widgets (id INTEGER PRIMARY KEY);\n",
      });
      assert.deepEqual(await migrate(db, await loadMigrations(fixed)), ["0002_widgets.sql"]);
      assert.deepEqual(await appliedFiles(db), ["0001_base.sql", "0002_widgets.sql"]);
      assert.ok((await tableNames(db)).includes("widgets"));
    });
  });
}

Deno.test("migrations run in numeric order across files and a later run applies only the new file", async () => {
  await withSandbox(async ({ db, folder }) => {
    // Written out of order; each file depends on the one before it.
    const files = {
      "0010_third.sql":
        "ALTER TABLE steps ADD COLUMN note TEXT;\nINSERT INTO steps (name, note) VALUES ('third', 'x');\n",
      "0001_first.sql":
        "CREATE TABLE steps (seq INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL);\nINSERT INTO steps (name) VALUES ('first');\n",
      "0002_second.sql": "INSERT INTO steps (name) VALUES ('second');\n",
    };
    assert.deepEqual(await migrate(db, await loadMigrations(await folder(files))), [
      "0001_first.sql",
      "0002_second.sql",
      "0010_third.sql",
    ]);
    const steps = async () =>
      (await db.execute("SELECT name FROM steps ORDER BY seq")).rows.map((row) => row.name);
    assert.deepEqual(await steps(), ["first", "second", "third"]);

    const later = await folder({
      ...files,
      "0011_fourth.sql": "INSERT INTO steps (name) VALUES ('fourth');\n",
    });
    assert.deepEqual(await migrate(db, await loadMigrations(later)), ["0011_fourth.sql"]);
    assert.deepEqual(await steps(), ["first", "second", "third", "fourth"]);
    assert.deepEqual(await appliedFiles(db), [
      "0001_first.sql",
      "0002_second.sql",
      "0010_third.sql",
      "0011_fourth.sql",
    ]);
  });
});

Deno.test("a migration edited after it was applied is refused and nothing else is applied", async () => {
  await withSandbox(async ({ db, folder }) => {
    await migrate(db, await loadMigrations(await folder(BASE)));
    const before = await snapshot(db);
    const edited = await folder({
      "0001_base.sql": BASE["0001_base.sql"].replace("'first'", "'changed'"),
      "0002_more.sql": "CREATE TABLE more (x);\n",
    });
    await assert.rejects(migrate(db, await loadMigrations(edited)), (error) => {
      assert.ok(error instanceof MigrationError, String(error));
      assert.match(error.message, /migration 0001_base\.sql was changed after it was applied/);
      return true;
    });
    assert.deepEqual(await snapshot(db), before);
  });
});

Deno.test("a database holding a migration the files do not have is refused", async () => {
  await withSandbox(async ({ db, folder }) => {
    await migrate(
      db,
      await loadMigrations(
        await folder({ ...BASE, "0002_newer.sql": "CREATE TABLE newer (x);\n" }),
      ),
    );
    const before = await snapshot(db);
    await assert.rejects(migrate(db, await loadMigrations(await folder(BASE))), (error) => {
      assert.ok(error instanceof MigrationError, String(error));
      assert.match(
        error.message,
        /the database has migration 0002_newer\.sql, which this version does not ship/,
      );
      return true;
    });
    assert.deepEqual(await snapshot(db), before);
  });
});

Deno.test("loadMigrations refuses a misnamed .sql file and ignores other files", async () => {
  await withSandbox(async ({ folder }) => {
    for (
      const name of [
        "2_short.sql",
        "0002-dash.sql",
        "0002_Upper.sql",
        "00002_five.sql",
        "0002_.sql",
      ]
    ) {
      await assert.rejects(
        loadMigrations(await folder({ ...BASE, [name]: "SELECT 1;\n" })),
        (error) => {
          assert.ok(error instanceof MigrationError, `${name}: ${error}`);
          assert.equal(
            error.message,
            `migration file ${name} is misnamed: expected NNNN_lowercase_name.sql, e.g. 0002_add_tags.sql`,
          );
          return true;
        },
      );
    }
    const withNotes = await folder({ ...BASE, "README.md": "notes", "0002_draft.sql.bak": "x" });
    assert.deepEqual((await loadMigrations(withNotes)).map((m) => m.file), ["0001_base.sql"]);
  });
});

Deno.test("loadMigrations refuses two files with the same number", async () => {
  await withSandbox(async ({ folder }) => {
    const dir = await folder({
      ...BASE,
      "0002_tags.sql": "CREATE TABLE tags (x);\n",
      "0002_labels.sql": "CREATE TABLE labels (x);\n",
    });
    await assert.rejects(loadMigrations(dir), (error) => {
      assert.ok(error instanceof MigrationError, String(error));
      assert.match(
        error.message,
        /^migrations 0002_\w+\.sql and 0002_\w+\.sql share the number 2$/,
      );
      assert.ok(
        error.message.includes("0002_tags.sql") && error.message.includes("0002_labels.sql"),
      );
      return true;
    });
  });
});

Deno.test("loadMigrations accepts a folder URL without a trailing slash", async () => {
  await withSandbox(async ({ db, folder }) => {
    const dir = await folder(BASE);
    const migrations = await loadMigrations(new URL(dir.href.replace(/\/$/, "")));
    assert.deepEqual(migrations.map((m) => m.file), ["0001_base.sql"]);
    assert.deepEqual(await migrate(db, migrations), ["0001_base.sql"]);
  });
});

Deno.test("a migration that begins, commits or rolls back its own transaction is refused", async () => {
  const cases: [string, string, string][] = [
    ["BEGIN;\nCREATE TABLE a (x);\nCOMMIT;\n", "BEGIN", "1"],
    ["begin transaction;\nCREATE TABLE a (x);\n", "BEGIN", "1"],
    ["BEGIN IMMEDIATE;\nCREATE TABLE a (x);\n", "BEGIN", "1"],
    ["CREATE TABLE a (x);\nCOMMIT;\nCREATE TABLE b (x);\n", "COMMIT", "2"],
    ["CREATE TABLE a (x);\n-- done\nEND;\nCREATE TABLE b (x);\n", "END", "3"],
    ["CREATE TABLE a (x); END TRANSACTION;\n", "END", "1"],
    ["CREATE TABLE a (x);\n/* undo */ ROLLBACK;\n", "ROLLBACK", "2"],
    [
      "CREATE TABLE a (x);\nCREATE TRIGGER t AFTER INSERT ON a BEGIN SELECT 1; END;\nCOMMIT;\n",
      "COMMIT",
      "3",
    ],
  ];
  for (const [sql, keyword, line] of cases) {
    assert.throws(() => migrationFromFile("0002_own_tx.sql", sql), (error) => {
      assert.ok(error instanceof MigrationError, `${JSON.stringify(sql)}: ${error}`);
      assert.equal(
        error.message,
        `migration 0002_own_tx.sql controls its own transaction (${keyword} on line ${line}): remove BEGIN/COMMIT/END/ROLLBACK, the runner wraps each file in one`,
        JSON.stringify(sql),
      );
      return true;
    });
  }
  // The same check guards loading a folder, before anything touches a database.
  await withSandbox(async ({ db, folder }) => {
    const dir = await folder({ ...BASE, "0002_own_tx.sql": "CREATE TABLE a (x);\nEND;\n" });
    await assert.rejects(loadMigrations(dir), /0002_own_tx\.sql controls its own transaction/);
    assert.deepEqual(await tableNames(db), []);
  });
});

Deno.test("a CREATE TRIGGER … BEGIN … END migration is accepted and its trigger works", async () => {
  await withSandbox(async ({ db, folder }) => {
    const triggers = `CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, size INTEGER);
CREATE TABLE audit (item_id INTEGER, what TEXT, kind TEXT);

-- BEGIN on its own line, several body statements and a CASE … END inside the body.
CREATE TRIGGER items_audit AFTER INSERT ON items
FOR EACH ROW
BEGIN
  INSERT INTO audit (item_id, what, kind)
    VALUES (NEW.id, 'insert', CASE WHEN NEW.size > 10 THEN 'big' ELSE 'small' END);
  UPDATE items SET name = upper(NEW.name) WHERE id = NEW.id;
END;

create temp trigger if not exists never_used after delete on items begin select 1; end;

CREATE TRIGGER items_no_delete BEFORE DELETE ON items FOR EACH ROW BEGIN SELECT RAISE(ABORT, 'items are kept'); END;
`;
    const dir = await folder({ "0001_items.sql": triggers });
    assert.deepEqual(await migrate(db, await loadMigrations(dir)), ["0001_items.sql"]);

    await db.execute("INSERT INTO items (id, name, size) VALUES (1, 'anvil', 50), (2, 'pin', 1)");
    const audit = await db.execute("SELECT item_id, what, kind FROM audit ORDER BY item_id");
    assert.deepEqual(audit.rows.map((row) => ({ ...row })), [
      { item_id: 1, what: "insert", kind: "big" },
      { item_id: 2, what: "insert", kind: "small" },
    ]);
    const names = await db.execute("SELECT name FROM items ORDER BY id");
    assert.deepEqual(names.rows.map((row) => row.name), ["ANVIL", "PIN"]);
    await assert.rejects(db.execute("DELETE FROM items"), /items are kept/);
  });
});

Deno.test("transaction words inside comments, strings and names are not taken for transaction control", async () => {
  await withSandbox(async ({ db, folder }) => {
    const sql = `-- We COMMIT to nothing here; ROLLBACK is the runner's job.
/* BEGIN;
   END; */
CREATE TABLE notes (id INTEGER PRIMARY KEY, "end" TEXT, [begin] TEXT, commit_sha TEXT, body TEXT);
INSERT INTO notes ("end", [begin], commit_sha, body)
  VALUES ('x; END; y', 'it''s; COMMIT;', 'abc', '
ROLLBACK;
BEGIN;');
`;
    const dir = await folder({ "0001_notes.sql": sql });
    assert.deepEqual(await migrate(db, await loadMigrations(dir)), ["0001_notes.sql"]);
    const row = (await db.execute(`SELECT "end", [begin], body FROM notes`)).rows[0];
    assert.deepEqual({ ...row }, {
      end: "x; END; y",
      begin: "it's; COMMIT;",
      body: "\nROLLBACK;\nBEGIN;",
    });
  });
});

Deno.test("pendingMigrations keeps the files' order and skips what the database has", () => {
  const one = migrationFromFile("0001_a.sql", "CREATE TABLE a (x);");
  const two = migrationFromFile("0002_b.sql", "CREATE TABLE b (x);");
  const three = migrationFromFile("0003_c.sql", "CREATE TABLE c (x);");
  const applied = [one, two].map(({ version, file, checksum }) => ({ version, file, checksum }));
  assert.deepEqual(pendingMigrations([one, two, three], []), [one, two, three]);
  assert.deepEqual(pendingMigrations([one, two, three], applied), [three]);
  assert.deepEqual(pendingMigrations([one, two], applied), []);
  assert.equal(one.checksum, sha256("CREATE TABLE a (x);"));
});

Deno.test("a new migration numbered below one already applied is refused, not run out of order", () => {
  const one = migrationFromFile("0001_a.sql", "CREATE TABLE a (x);");
  const two = migrationFromFile("0002_b.sql", "CREATE TABLE b (x);");
  const three = migrationFromFile("0003_c.sql", "CREATE TABLE c (x);");
  const applied = [one, three].map(({ version, file, checksum }) => ({ version, file, checksum }));
  assert.throws(
    () => pendingMigrations([one, two, three], applied),
    {
      name: "MigrationError",
      message:
        "migration 0002_b.sql is numbered below 0003_c.sql, which is already applied: give it a number above 3",
    },
  );
});
