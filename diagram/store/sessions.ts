// Browser sessions. The cookie carries 256 random bits; the table keeps only their sha256, so a
// copy of the database cannot be replayed as a login. Each session also has a random id, which
// collaboration tokens carry (never the cookie or its hash). Ending a session marks its row with
// when it ended rather than deleting it, so the collab server can learn when a connection's
// session ended; ended rows are swept with the expired ones.
import type { InStatement, InValue } from "@libsql/client";
import { randomBytes } from "node:crypto";
import type { Database } from "../db/database.ts";
import { encodeBase64Url } from "../../shared/base64url.ts";
import { sha256Hex } from "../digest.ts";
import { randomId } from "./random_id.ts";
import { optionalText, text, timestamp } from "./rows.ts";

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
const SESSION_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export interface SessionUser {
  userId: string;
  email: string;
  /** The session's id (not its secret). */
  sessionId: string;
}

export async function createSession(db: Database, userId: string): Promise<string> {
  const token = encodeBase64Url(randomBytes(32));
  const now = Date.now();
  await db.batch([
    // Expired rows are swept whenever someone logs in, so the table cannot grow without bound.
    { sql: "DELETE FROM sessions WHERE expires_at < ?", args: [new Date(now).toISOString()] },
    {
      sql: `INSERT INTO sessions (id, token_hash, user_id, created_at, expires_at)
            VALUES (?, ?, ?, ?, ?)`,
      args: [
        randomId(),
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
    sql: `SELECT users.id AS user_id, users.email AS email, sessions.id AS session_id
          FROM sessions JOIN users ON users.id = sessions.user_id
          WHERE sessions.token_hash = ? AND sessions.expires_at > ? AND sessions.ended_at IS NULL`,
    args: [sha256Hex(token), timestamp()],
  });
  const row = rows[0];
  return row
    ? {
      userId: text(row, "user_id"),
      email: text(row, "email"),
      sessionId: text(row, "session_id"),
    }
    : null;
}

/** Signs one session out. */
export async function endSession(db: Database, token: string): Promise<void> {
  const now = timestamp();
  await db.execute({
    sql: "UPDATE sessions SET ended_at = ? WHERE token_hash = ? AND ended_at IS NULL",
    args: [now, sha256Hex(token)],
  });
}

/**
 * Ends every live session of one account, as a statement for the caller's batch (a password
 * set in the same transaction). `user` is the account id as SQL: `?` with the id, or a subquery.
 */
export function endSessionsOf(user: { sql: string; args: InValue[] }): InStatement {
  const now = timestamp();
  return {
    sql: `UPDATE sessions SET ended_at = ?
          WHERE user_id = ${user.sql} AND ended_at IS NULL AND expires_at > ?`,
    args: [now, ...user.args, now],
  };
}

/**
 * When each of these sessions ended (signed out, or its expiry passed), or null while it is live;
 * ids of no known session are left out.
 */
export async function sessionEnds(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const now = timestamp();
  const { rows } = await db.execute({
    sql: `SELECT id, ended_at, expires_at FROM sessions
          WHERE id IN (SELECT value FROM json_each(?))`,
    args: [JSON.stringify(ids)],
  });
  return new Map(rows.map((row) => {
    const expiresAt = text(row, "expires_at");
    const ended = optionalText(row, "ended_at") ?? (expiresAt <= now ? expiresAt : null);
    return [text(row, "id"), ended];
  }));
}
