// The image files of diagrams: their bytes, stored once per diagram and file id, apart from the
// Excalidraw file that names them. Excalidraw's file ids are content hashes, so a row is never
// rewritten: the same id is the same bytes.
import type { Row } from "@libsql/client";
import type { Database } from "../db/database.ts";
import { blob, integer, text, timestamp } from "./rows.ts";

export interface DiagramFileMeta {
  fileId: string;
  mimeType: string;
  byteSize: number;
  createdAt: string;
}

export interface DiagramFile extends DiagramFileMeta {
  bytes: Uint8Array<ArrayBuffer>;
}

/**
 * Stores an image unless the diagram has one with this id already; true when it was new. Nothing
 * is stored for a diagram that is gone (deleted since its owner was checked).
 */
export async function putDiagramFile(
  db: Database,
  diagramId: string,
  file: { fileId: string; mimeType: string; bytes: Uint8Array },
): Promise<boolean> {
  const { rowsAffected } = await db.execute({
    sql: `INSERT OR IGNORE INTO diagram_files
            (diagram_id, file_id, mime_type, byte_size, created_at, data)
          SELECT ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM diagrams WHERE id = ?)`,
    args: [
      diagramId,
      file.fileId,
      file.mimeType,
      file.bytes.byteLength,
      timestamp(),
      file.bytes,
      diagramId,
    ],
  });
  return rowsAffected === 1;
}

/** One image with its bytes; null when the diagram has none with this id. */
export async function getDiagramFile(
  db: Database,
  diagramId: string,
  fileId: string,
): Promise<DiagramFile | null> {
  const { rows } = await db.execute({
    sql: `SELECT file_id, mime_type, byte_size, created_at, data FROM diagram_files
          WHERE diagram_id = ? AND file_id = ?`,
    args: [diagramId, fileId],
  });
  return rows[0] ? { ...toMeta(rows[0]), bytes: blob(rows[0], "data") } : null;
}

/** Which of `fileIds` the diagram has, without their bytes. */
export async function listDiagramFiles(
  db: Database,
  diagramId: string,
  fileIds: readonly string[],
): Promise<DiagramFileMeta[]> {
  if (fileIds.length === 0) return [];
  const { rows } = await db.execute({
    sql: `SELECT file_id, mime_type, byte_size, created_at FROM diagram_files
          WHERE diagram_id = ? AND file_id IN (SELECT value FROM json_each(?))`,
    args: [diagramId, JSON.stringify(fileIds)],
  });
  return rows.map(toMeta);
}

/** Gives the diagram `toId` every image of `fromId` (a duplicate shows the same pictures). */
export async function copyDiagramFiles(db: Database, fromId: string, toId: string): Promise<void> {
  await db.execute({
    sql: `INSERT INTO diagram_files (diagram_id, file_id, mime_type, byte_size, created_at, data)
          SELECT ?, file_id, mime_type, byte_size, created_at, data FROM diagram_files
          WHERE diagram_id = ?`,
    args: [toId, fromId],
  });
}

/** The bytes of all of a diagram's images together; 0 when it has none. */
export async function diagramFilesBytes(db: Database, diagramId: string): Promise<number> {
  const { rows } = await db.execute({
    sql: "SELECT coalesce(sum(byte_size), 0) AS total FROM diagram_files WHERE diagram_id = ?",
    args: [diagramId],
  });
  return integer(rows[0], "total");
}

function toMeta(row: Row): DiagramFileMeta {
  return {
    fileId: text(row, "file_id"),
    mimeType: text(row, "mime_type"),
    byteSize: integer(row, "byte_size"),
    createdAt: text(row, "created_at"),
  };
}
