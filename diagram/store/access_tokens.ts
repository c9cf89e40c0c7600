// Personal access tokens for MCP clients and scripts: shown once, stored as sha256.
import type { Database } from "../db/database.ts";
import { generateAccessToken, hashAccessToken, isAccessTokenShape } from "../auth/access_token.ts";
import { randomId } from "./random_id.ts";
import { ConflictError } from "./errors.ts";
import { optionalText, text, timestamp } from "./rows.ts";

export interface AccessTokenInfo {
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface TokenOwner {
  userId: string;
  tokenId: string;
  /** What the owner named it: what the history says a write was made with. */
  tokenName: string;
}

/** Writing last_used_at on every call would turn each read into a write; minutes are enough. */
const LAST_USED_RESOLUTION_MS = 60_000;

export async function createAccessToken(
  db: Database,
  userId: string,
  name: string,
): Promise<string> {
  const { token, hash } = generateAccessToken();
  try {
    await db.execute({
      sql: `INSERT INTO access_tokens (id, user_id, name, token_hash, created_at)
            VALUES (?, ?, ?, ?, ?)`,
      args: [randomId(), userId, name, hash, timestamp()],
    });
  } catch (error) {
    if (String(error).includes("UNIQUE")) {
      throw new ConflictError(
        `a live token named ${JSON.stringify(name)} exists; revoke it first or pick another name`,
      );
    }
    throw error;
  }
  return token;
}

export async function listAccessTokens(db: Database, userId: string): Promise<AccessTokenInfo[]> {
  const { rows } = await db.execute({
    sql: `SELECT name, created_at, last_used_at, revoked_at FROM access_tokens
          WHERE user_id = ? ORDER BY created_at, name`,
    args: [userId],
  });
  return rows.map((row) => ({
    name: text(row, "name"),
    createdAt: text(row, "created_at"),
    lastUsedAt: optionalText(row, "last_used_at"),
    revokedAt: optionalText(row, "revoked_at"),
  }));
}

/** False when no live token has that name. */
export async function revokeAccessToken(
  db: Database,
  userId: string,
  name: string,
): Promise<boolean> {
  const { rowsAffected } = await db.execute({
    sql: `UPDATE access_tokens SET revoked_at = ?
          WHERE user_id = ? AND name = ? AND revoked_at IS NULL`,
    args: [timestamp(), userId, name],
  });
  return rowsAffected > 0;
}

/** When each of these tokens was revoked, or null while it is live; unknown ids are left out. */
export async function tokenRevocations(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.execute({
    sql: "SELECT id, revoked_at FROM access_tokens WHERE id IN (SELECT value FROM json_each(?))",
    args: [JSON.stringify(ids)],
  });
  return new Map(rows.map((row) => [text(row, "id"), optionalText(row, "revoked_at")]));
}

/** The owner of a live token, or null for an unknown, malformed or revoked one. */
export async function findTokenOwner(db: Database, token: string): Promise<TokenOwner | null> {
  if (!isAccessTokenShape(token)) return null;
  const { rows } = await db.execute({
    sql: `SELECT id, user_id, name, last_used_at FROM access_tokens
          WHERE token_hash = ? AND revoked_at IS NULL`,
    args: [hashAccessToken(token)],
  });
  const row = rows[0];
  if (!row) return null;
  const owner = {
    userId: text(row, "user_id"),
    tokenId: text(row, "id"),
    tokenName: text(row, "name"),
  };
  const lastUsed = optionalText(row, "last_used_at");
  if (lastUsed === null || Date.now() - Date.parse(lastUsed) > LAST_USED_RESOLUTION_MS) {
    await db.execute({
      sql: "UPDATE access_tokens SET last_used_at = ? WHERE id = ?",
      args: [timestamp(), owner.tokenId],
    });
  }
  return owner;
}
