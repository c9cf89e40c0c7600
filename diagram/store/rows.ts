// Reading libSQL rows: columns come back as loosely typed values, so each read states its type.
import type { Row } from "@libsql/client";

export function text(row: Row, column: string): string {
  const value = row[column];
  if (typeof value !== "string") throw new Error(`column ${column} is not text`);
  return value;
}

export function optionalText(row: Row, column: string): string | null {
  const value = row[column];
  return value === null || value === undefined ? null : text(row, column);
}

export function integer(row: Row, column: string): number {
  const value = row[column];
  if (typeof value === "bigint") return Number(value);
  if (typeof value !== "number") throw new Error(`column ${column} is not a number`);
  return value;
}

export function timestamp(): string {
  return new Date().toISOString();
}

/** A BLOB column: libSQL hands it over as an ArrayBuffer. */
export function blob(row: Row, column: string): Uint8Array<ArrayBuffer> {
  const value = row[column];
  if (!(value instanceof ArrayBuffer)) throw new Error(`column ${column} is not a blob`);
  return new Uint8Array(value);
}
