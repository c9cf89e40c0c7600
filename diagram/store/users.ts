// The account. The service is single-user, but every row still carries its owner so queries are
// scoped by account and a second account would not see the first one's data.
import type { Database } from "../db/database.ts";
import { randomId } from "./random_id.ts";
import { text, timestamp } from "./rows.ts";
import { deleteShareLinksOf } from "./share_links.ts";
import { endSessionsOf } from "./sessions.ts";

export interface UserCredentials {
  id: string;
  email: string;
  passwordHash: string;
}

export async function findUserByEmail(
  db: Database,
  email: string,
): Promise<UserCredentials | null> {
  const { rows } = await db.execute({
    sql: "SELECT id, email, password_hash FROM users WHERE email = ?",
    args: [email],
  });
  const row = rows[0];
  if (!row) return null;
  return {
    id: text(row, "id"),
    email: text(row, "email"),
    passwordHash: text(row, "password_hash"),
  };
}

/**
 * Sets the password of the account with this email, creating the account when there is none, and
 * ends every session of it in the same transaction: a reset must lock out whoever knew the old one.
 */
export async function setPassword(
  db: Database,
  email: string,
  passwordHash: string,
): Promise<{ userId: string; created: boolean; sessionsEnded: number }> {
  const now = timestamp();
  const newId = randomId();
  const [upsert, ended] = await db.batch([
    {
      sql:
        `INSERT INTO users (id, email, password_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (email) DO UPDATE SET password_hash = excluded.password_hash,
              updated_at = excluded.updated_at
            RETURNING id`,
      args: [newId, email, passwordHash, now, now],
    },
    endSessionsOf({ sql: "(SELECT id FROM users WHERE email = ?)", args: [email] }),
    // A reset ends everything the account granted: its share links too.
    deleteShareLinksOf({ sql: "(SELECT id FROM users WHERE email = ?)", args: [email] }),
  ], "write");
  const userId = text(upsert.rows[0], "id");
  return { userId, created: userId === newId, sessionsEnded: ended.rowsAffected };
}

/** Every account's email, oldest first (a single-user install has one). */
export async function listAccountEmails(db: Database): Promise<string[]> {
  const { rows } = await db.execute("SELECT email FROM users ORDER BY created_at, email");
  return rows.map((row) => text(row, "email"));
}

/** The scrypt hash of the account's password; null when there is no such account. */
export async function findPasswordHash(db: Database, userId: string): Promise<string | null> {
  const { rows } = await db.execute({
    sql: "SELECT password_hash FROM users WHERE id = ?",
    args: [userId],
  });
  return rows[0] ? text(rows[0], "password_hash") : null;
}

/** A new password, and every session of the account ended in the same transaction. */
export async function changePassword(
  db: Database,
  userId: string,
  passwordHash: string,
): Promise<void> {
  await db.batch([
    {
      sql: "UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?",
      args: [passwordHash, timestamp(), userId],
    },
    endSessionsOf({ sql: "?", args: [userId] }),
  ], "write");
}
