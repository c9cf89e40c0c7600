// Share links: rows of what a link shows and how, found by the SHA-256 of its secret.
import type { InStatement, Row } from "@libsql/client";
import type { Database } from "../db/database.ts";
import { randomId } from "./random_id.ts";
import { integer, optionalText, text, timestamp } from "./rows.ts";

export type ShareAccess = "view" | "edit";

/** What a link shows: one diagram, or the diagrams of one collection. */
export type ShareTarget = { diagramId: string } | { collectionId: string };

export interface NewShareLink {
  target: ShareTarget;
  access: ShareAccess;
  label: string;
  downloads: boolean;
  /** Visitors may see the diagram's kept revisions. */
  history: boolean;
  /** ISO time; null: until revoked. */
  expiresAt: string | null;
}

export interface ShareLink extends NewShareLink {
  id: string;
  userId: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** The diagram's or the collection's name. */
  targetName: string;
}

/** Writing last_used_at on every view would turn each read into a write; minutes are enough. */
const LAST_USED_RESOLUTION_MS = 60_000;

const SELECT = `SELECT l.id, l.user_id, l.diagram_id, l.collection_id, l.access, l.label,
    l.downloads, l.history, l.created_at, l.expires_at, l.last_used_at,
    coalesce(d.name, c.name) AS target_name
  FROM share_links l
  LEFT JOIN diagrams d ON d.id = l.diagram_id
  LEFT JOIN collections c ON c.id = l.collection_id`;

/** Live: not past its expiry, and not showing a diagram that is in the trash. */
const LIVE = `(l.expires_at IS NULL OR l.expires_at > ?) AND d.trashed_at IS NULL`;

function linkOf(r: Row): ShareLink {
  const diagramId = optionalText(r, "diagram_id");
  return {
    id: text(r, "id"),
    userId: text(r, "user_id"),
    target: diagramId === null ? { collectionId: text(r, "collection_id") } : { diagramId },
    access: text(r, "access") as ShareAccess,
    label: text(r, "label"),
    downloads: integer(r, "downloads") === 1,
    history: integer(r, "history") === 1,
    createdAt: text(r, "created_at"),
    expiresAt: optionalText(r, "expires_at"),
    lastUsedAt: optionalText(r, "last_used_at"),
    targetName: text(r, "target_name"),
  };
}

export async function insertShareLink(
  db: Database,
  userId: string,
  secretHash: string,
  link: NewShareLink,
): Promise<ShareLink> {
  const id = randomId();
  const diagramId = "diagramId" in link.target ? link.target.diagramId : null;
  const collectionId = "collectionId" in link.target ? link.target.collectionId : null;
  await db.execute({
    sql: `INSERT INTO share_links (id, user_id, diagram_id, collection_id, secret_hash, access,
            label, downloads, history, created_at, expires_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [
      id,
      userId,
      diagramId,
      collectionId,
      secretHash,
      link.access,
      link.label,
      link.downloads ? 1 : 0,
      link.history ? 1 : 0,
      timestamp(),
      link.expiresAt,
    ],
  });
  return (await findShareLink(db, userId, id))!;
}

export async function findShareLink(
  db: Database,
  userId: string,
  id: string,
): Promise<ShareLink | null> {
  const { rows } = await db.execute({
    sql: `${SELECT} WHERE l.user_id = ? AND l.id = ?`,
    args: [userId, id],
  });
  return rows[0] ? linkOf(rows[0]) : null;
}

/** The account's live links, newest first; or one diagram's. */
export async function listShareLinks(
  db: Database,
  userId: string,
  now: string,
  diagramId?: string,
): Promise<ShareLink[]> {
  const { rows } = await db.execute({
    sql: `${SELECT} WHERE l.user_id = ? AND ${LIVE} ${
      diagramId === undefined ? "" : "AND l.diagram_id = ?"
    } ORDER BY l.created_at DESC, l.id`,
    args: diagramId === undefined ? [userId, now] : [userId, now, diagramId],
  });
  return rows.map(linkOf);
}

/** The live link with this secret hash, its last use noted; null for anything else. */
export async function useShareLink(
  db: Database,
  secretHash: string,
  now: Date,
): Promise<ShareLink | null> {
  const { rows } = await db.execute({
    sql: `${SELECT} WHERE l.secret_hash = ? AND ${LIVE}`,
    args: [secretHash, now.toISOString()],
  });
  if (!rows[0]) return null;
  const link = linkOf(rows[0]);
  const last = link.lastUsedAt === null ? 0 : Date.parse(link.lastUsedAt);
  if (now.getTime() - last >= LAST_USED_RESOLUTION_MS) {
    await db.execute({
      sql: "UPDATE share_links SET last_used_at = ? WHERE id = ?",
      args: [now.toISOString(), link.id],
    });
  }
  return link;
}

/** Changes what an edit link may do: turned view-only, its live editors lose their writes. */
export async function setShareAccess(
  db: Database,
  userId: string,
  id: string,
  access: ShareAccess,
): Promise<boolean> {
  const { rowsAffected } = await db.execute({
    sql: `UPDATE share_links SET access = ?,
            access_changed_at = CASE WHEN access = ? THEN access_changed_at ELSE ? END
          WHERE user_id = ? AND id = ? AND (access = 'view' OR diagram_id IS NOT NULL)`,
    args: [access, access, timestamp(), userId, id],
  });
  return rowsAffected > 0;
}

/** Lets a link's visitors see the diagram's history, or no longer; false when there is no link. */
export async function setShareHistory(
  db: Database,
  userId: string,
  id: string,
  history: boolean,
): Promise<boolean> {
  const { rowsAffected } = await db.execute({
    sql: "UPDATE share_links SET history = ? WHERE user_id = ? AND id = ?",
    args: [history ? 1 : 0, userId, id],
  });
  return rowsAffected > 0;
}

/** What a live room connection granted by a link depends on: the link as it is now. */
export interface ShareLinkState {
  access: ShareAccess;
  label: string;
  /** When its access last changed, or when it was made: what an edit link's guests date from. */
  accessSince: string;
  expiresAt: string | null;
  /** When the diagram it shows went to the trash; null for one outside it, or a collection. */
  trashedAt: string | null;
}

/** The links among `ids` that still exist (revoked ones are deleted), by id. */
export async function shareLinkStates(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, ShareLinkState>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.execute({
    sql: `SELECT l.id, l.access, l.label, coalesce(l.access_changed_at, l.created_at) AS since,
            l.expires_at, d.trashed_at
          FROM share_links l LEFT JOIN diagrams d ON d.id = l.diagram_id
          WHERE l.id IN (SELECT value FROM json_each(?))`,
    args: [JSON.stringify(ids)],
  });
  return new Map(rows.map((r) => [text(r, "id"), {
    access: text(r, "access") as ShareAccess,
    label: text(r, "label"),
    accessSince: text(r, "since"),
    expiresAt: optionalText(r, "expires_at"),
    trashedAt: optionalText(r, "trashed_at"),
  }]));
}

export async function deleteShareLink(db: Database, userId: string, id: string): Promise<boolean> {
  const { rowsAffected } = await db.execute({
    sql: "DELETE FROM share_links WHERE user_id = ? AND id = ?",
    args: [userId, id],
  });
  return rowsAffected > 0;
}

/** Every link of an account, for a password reset: it ends everything the account granted. */
export function deleteShareLinksOf(user: { sql: string; args: string[] }): InStatement {
  return { sql: `DELETE FROM share_links WHERE user_id = ${user.sql}`, args: user.args };
}
