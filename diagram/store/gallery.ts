// The whole gallery of one account at once, for its export and its import (service/gallery_*.ts):
// every diagram, the trash included, with its images; and the import's writes, as statements the
// caller runs in one batch, so an import lands whole or not at all. A row written here keeps the
// times, revision numbers and credits the archive gives it.
import type { InStatement, Row } from "@libsql/client";
import type { Database } from "../db/database.ts";
import { type DiagramContent, type DiagramMeta, META_COLUMNS, toMeta } from "./diagrams.ts";
import { blob, optionalText, text } from "./rows.ts";
import type { DiagramSource } from "./sources.ts";

export interface GalleryDiagram extends DiagramMeta {
  file: string;
  /** When it went into the trash; null for a live diagram. */
  trashedAt: string | null;
  /** The collection a trashed diagram goes back to. */
  trashedFrom: string | null;
}

/** Every diagram of the account, in the trash or not, oldest first. */
export async function listGalleryDiagrams(
  db: Database,
  userId: string,
): Promise<GalleryDiagram[]> {
  const { rows } = await db.execute({
    sql: `SELECT ${META_COLUMNS}, file, trashed_at, trashed_from FROM diagrams
          WHERE user_id = ? ORDER BY created_at, rowid`,
    args: [userId],
  });
  return rows.map((row: Row) => ({
    ...toMeta(row),
    file: text(row, "file"),
    trashedAt: optionalText(row, "trashed_at"),
    trashedFrom: optionalText(row, "trashed_from"),
  }));
}

export interface UploadedImage {
  fileId: string;
  mimeType: string;
  createdAt: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/** The images uploaded for a diagram (kept apart from its file), with their bytes. */
export async function listUploadedImages(
  db: Database,
  diagramId: string,
): Promise<UploadedImage[]> {
  const { rows } = await db.execute({
    sql: `SELECT file_id, mime_type, created_at, data FROM diagram_files WHERE diagram_id = ?
          ORDER BY file_id`,
    args: [diagramId],
  });
  return rows.map((row) => ({
    fileId: text(row, "file_id"),
    mimeType: text(row, "mime_type"),
    createdAt: text(row, "created_at"),
    bytes: blob(row, "data"),
  }));
}

/** Which of `ids` a diagram or a collection of any account already has. */
export async function takenIds(db: Database, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await db.execute({
    sql: `SELECT id FROM diagrams WHERE id IN (SELECT value FROM json_each(?1))
          UNION SELECT id FROM collections WHERE id IN (SELECT value FROM json_each(?1))`,
    args: [JSON.stringify(ids)],
  });
  return new Set(rows.map((row) => text(row, "id")));
}

/** A collection as the archive had it; parents are inserted before their children. */
export function insertCollection(
  userId: string,
  collection: {
    id: string;
    name: string;
    parentId: string | null;
    createdAt: string;
    updatedAt: string;
  },
): InStatement {
  return {
    sql: `INSERT INTO collections (id, user_id, parent_id, name, created_at, updated_at)
          VALUES (?, ?, ?, ?, ?, ?)`,
    args: [
      collection.id,
      userId,
      collection.parentId,
      collection.name,
      collection.createdAt,
      collection.updatedAt,
    ],
  };
}

/** A diagram with its current contents, revision number, credits and times, in the trash or not. */
export function insertDiagram(
  userId: string,
  diagram: Omit<DiagramMeta, "collectionId"> & DiagramContent & {
    collectionId: string | null;
    trashedAt: string | null;
    trashedFrom: string | null;
  },
): InStatement {
  return {
    sql: `INSERT INTO diagrams (id, user_id, collection_id, name, file, thumbnail_svg,
            element_count, revision, source, changed_via, changed_with_token, created_at,
            updated_at, saved_at, trashed_at, trashed_from)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [
      diagram.id,
      userId,
      diagram.collectionId,
      diagram.name,
      diagram.file,
      diagram.thumbnailSvg,
      diagram.elementCount,
      diagram.revision,
      diagram.source,
      diagram.changedVia,
      diagram.changedWithToken,
      diagram.createdAt,
      diagram.updatedAt,
      diagram.savedAt,
      diagram.trashedAt,
      diagram.trashedFrom,
    ],
  };
}

/** A kept revision, as text (the upkeep compresses it later, as it does every new one). */
export function insertRevision(
  diagramId: string,
  revision: {
    revision: number;
    source: DiagramSource;
    withToken: string | null;
    savedAt: string;
    keptAt: string;
    elementCount: number;
    file: string;
  },
): InStatement {
  return {
    sql: `INSERT INTO diagram_revisions (diagram_id, revision, source, with_token, saved_at,
            kept_at, element_count, byte_size, encoding, contents)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'text', ?)`,
    args: [
      diagramId,
      revision.revision,
      revision.source,
      revision.withToken,
      revision.savedAt,
      revision.keptAt,
      revision.elementCount,
      new TextEncoder().encode(revision.file).byteLength,
      revision.file,
    ],
  };
}

/** An uploaded image of a diagram, kept apart from its file as an upload is. */
export function insertUploadedImage(diagramId: string, image: UploadedImage): InStatement {
  return {
    sql: `INSERT INTO diagram_files (diagram_id, file_id, mime_type, byte_size, created_at, data)
          VALUES (?, ?, ?, ?, ?, ?)`,
    args: [
      diagramId,
      image.fileId,
      image.mimeType,
      image.bytes.byteLength,
      image.createdAt,
      image.bytes,
    ],
  };
}

/** Runs the import's statements as one transaction: all of them, or none. */
export async function writeAll(db: Database, statements: InStatement[]): Promise<void> {
  await db.batch(statements, "write");
}
