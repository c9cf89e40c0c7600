// Browser sessions. The cookie carries 256 random bits; the table keeps only their sha256, so a
// copy of the database cannot be replayed as a login.
import { randomBytes } from "node:crypto";
import type { Database } from "../db/database.ts";
import { encodeBase64Url } from "../../shared/base64url.ts";
import { sha256Hex } from "../../shared/digest.ts";
import { text, timestamp } from "./rows.ts";

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
const SESSION_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export interface SessionUser {
  userId: string;
  email: string;
}

export async function createSession(db: Database, userId: string): Promise<string> {
  const token = encodeBase64Url(randomBytes(32));
  const now = Date.now();
  await db.batch([
    // Expired rows are swept whenever someone logs in, so the table cannot grow without bound.
    { sql: "DELETE FROM sessions WHERE expires_at < ?", args: [new Date(now).toISOString()] },
    {
      sql: "INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
      args: [
        sha256Hex(token),
        userId,
        timestamp(),
        new Date(now + SESSION_LIFETIME_MS).toISOString(),
      ],
    },
  ], "write");
  return token;
}

export async function findSessionUser(db: Database, token: string): Promise<SessionUser | null> {
  if (!SESSION_SHAPE.test(token)) return null;
  const { rows } = await db.execute({
    sql: `SELECT users.id AS user_id, users.email AS email FROM sessions
          JOIN users ON users.id = sessions.user_id
          WHERE sessions.token_hash = ? AND sessions.expires_at > ?`,
    args: [sha256Hex(token), timestamp()],
  });
  const row = rows[0];
  return row ? { userId: text(row, "user_id"), email: text(row, "email") } : null;
}

export async function deleteSession(db: Database, token: string): Promise<void> {
  await db.execute({ sql: "DELETE FROM sessions WHERE token_hash = ?", args: [sha256Hex(token)] });
}
