// The operator commands, run as `deno task` runs them, against a real embedded database.
import assert from "node:assert/strict";
import { adminCommand } from "./helpers/diagram_instance.ts";
import { openDatabase } from "../diagram/db/database.ts";
import { createSession, findSessionUser } from "../diagram/store/sessions.ts";
import { findTokenOwner } from "../diagram/store/access_tokens.ts";
import { findUserByEmail } from "../diagram/store/users.ts";
import { verifyPassword } from "../diagram/auth/password.ts";

async function withDataDir(run: (dataDir: string) => Promise<void>): Promise<void> {
  const dataDir = await Deno.makeTempDir({ prefix: "diagram-admin-" });
  try {
    await run(dataDir);
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
}

Deno.test("reset-password creates the account on a fresh data folder and prints a generated password", async () => {
  await withDataDir(async (dataDir) => {
    const admin = adminCommand({ DATA_DIR: dataDir });
    const result = await admin("reset-password", "Owner@Example.com");
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /created account owner@example\.com/);
    const password = /password: (\S+)/.exec(result.stdout)?.[1];
    assert.ok(password && password.length >= 20);

    const db = await openDatabase({ url: `file:${dataDir}/diagram.db` });
    try {
      const user = await findUserByEmail(db, "owner@example.com");
      assert.ok(user);
      assert.equal(await verifyPassword(password, user.passwordHash), true);
      assert.doesNotMatch(user.passwordHash, new RegExp(password));
    } finally {
      db.close();
    }
  });
});

Deno.test("reset-password with a password sets it and ends every session of the account", async () => {
  await withDataDir(async (dataDir) => {
    const admin = adminCommand({ DATA_DIR: dataDir });
    assert.equal((await admin("reset-password", "me@example.com", "first password 1")).code, 0);
    const db = await openDatabase({ url: `file:${dataDir}/diagram.db` });
    try {
      const user = (await findUserByEmail(db, "me@example.com"))!;
      const session = await createSession(db, user.id);
      assert.ok(await findSessionUser(db, session));

      const result = await admin("reset-password", "me@example.com", "second password 2");
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stdout, /password reset for me@example\.com; 1 session\(s\) ended/);
      assert.doesNotMatch(result.stdout, /password: /);
      assert.equal(await findSessionUser(db, session), null);
      const updated = (await findUserByEmail(db, "me@example.com"))!;
      assert.equal(updated.id, user.id);
      assert.equal(await verifyPassword("second password 2", updated.passwordHash), true);
    } finally {
      db.close();
    }
  });
});

Deno.test("operator commands refuse bad input with one line and a non-zero exit", async () => {
  await withDataDir(async (dataDir) => {
    const admin = adminCommand({ DATA_DIR: dataDir });
    const cases: [Parameters<typeof admin>, number, RegExp][] = [
      [["reset-password", "not-an-email"], 2, /invalid email: expected an email address/],
      [["reset-password", "a@example.com", "short"], 2, /invalid password: use at least 12/],
      [["reset-password"], 2, /usage: deno task reset-password <EMAIL> \[<PASSWORD>\]/],
      [["reset-password", "a@example.com", "--force"], 2, /usage: deno task reset-password/],
      [
        ["create-token", "nobody@example.com", "laptop"],
        1,
        /no account with email nobody@example\.com/,
      ],
      [["create-token", "a@example.com", "two words"], 2, /invalid token name/],
      [["revoke-token", "a@example.com"], 2, /usage: deno task revoke-token/],
    ];
    for (const [args, code, message] of cases) {
      const result = await admin(...args);
      assert.equal(result.code, code, `${args.join(" ")}: ${result.stderr}`);
      assert.match(result.stderr, message);
      assert.equal(result.stderr.trim().split("\n").length, 1, result.stderr);
    }
  });
});

Deno.test("reset-password for another email refuses a second account unless asked, naming the one there is", async () => {
  await withDataDir(async (dataDir) => {
    const admin = adminCommand({ DATA_DIR: dataDir });
    assert.equal((await admin("reset-password", "owner@example.com", "owner password 1")).code, 0);
    const typo = await admin("reset-password", "ownr@example.com", "owner password 2");
    assert.equal(typo.code, 1);
    assert.match(typo.stderr, /already has the account owner@example\.com/);
    assert.match(typo.stderr, /--new-account/);
    assert.equal(typo.stderr.trim().split("\n").length, 1, typo.stderr);
    const second = await admin("reset-password", "second@example.com", "--new-account");
    assert.equal(second.code, 0, second.stderr);
    assert.match(second.stdout, /^created account second@example\.com/);
    assert.match(second.stdout, /^password: \S{20}$/m);
    // The owner's own reset, in any letter case, is still just a reset.
    const again = await admin("reset-password", "OWNER@example.com", "owner password 3");
    assert.match(again.stdout, /^password reset for owner@example\.com/);
  });
});

Deno.test("an unreachable database is one clear line and exit 1", async () => {
  const admin = adminCommand({ DATABASE_URL: "http://127.0.0.1:9" });
  const result = await admin("reset-password", "a@example.com", "long enough password");
  assert.equal(result.code, 1);
  assert.match(result.stderr, /reset-password: cannot open database http:\/\/127\.0\.0\.1:9/);
});

Deno.test("create-token prints a token once; list-tokens shows it; revoke-token ends it", async () => {
  await withDataDir(async (dataDir) => {
    const admin = adminCommand({ DATA_DIR: dataDir });
    await admin("reset-password", "me@example.com", "a long password");
    const created = await admin("create-token", "me@example.com", "claude-desktop");
    assert.equal(created.code, 0, created.stderr);
    const token = created.stdout.trim().split("\n").at(-1)!;
    assert.match(token, /^dgm_[A-Za-z0-9_-]{43}$/);

    const again = await admin("create-token", "me@example.com", "claude-desktop");
    assert.equal(again.code, 1);
    assert.match(again.stderr, /a live token named "claude-desktop" exists/);

    const listed = await admin("list-tokens", "me@example.com");
    assert.match(listed.stdout, /^claude-desktop\tcreated \S+\tlast used never\tlive$/m);
    assert.doesNotMatch(listed.stdout, new RegExp(token));

    const db = await openDatabase({ url: `file:${dataDir}/diagram.db` });
    try {
      assert.ok(await findTokenOwner(db, token));
      const revoked = await admin("revoke-token", "me@example.com", "claude-desktop");
      assert.equal(revoked.code, 0, revoked.stderr);
      assert.equal(await findTokenOwner(db, token), null);
    } finally {
      db.close();
    }
    assert.match((await admin("list-tokens", "me@example.com")).stdout, /\trevoked \S+$/m);
    const missing = await admin("revoke-token", "me@example.com", "claude-desktop");
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /no live token named "claude-desktop"/);
  });
});
