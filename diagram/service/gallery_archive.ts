// The whole-gallery archive's layout, shared by its export and its import: a zip holding
//   manifest.json                                  what is inside (below), with a sha256 per entry
//   diagrams/<collection>/…/<name>--<id>.excalidraw  each live diagram's current drawing
//   trash/<name>--<id>.excalidraw                   each diagram in the trash
//   history/<id>/<revision>.excalidraw              each kept revision
// Every .excalidraw file is a standard one, its images inline in `files` (Excalidraw opens it as
// it is); the manifest says which of them were uploaded apart, so an import keeps them apart again.
import { createHash } from "node:crypto";
import { z } from "zod";
import { fileNameOf } from "../file_name.ts";
import { DIAGRAM_SOURCES } from "../store/sources.ts";

export const ARCHIVE_FORMAT = "diagram-gallery";
export const ARCHIVE_VERSION = 1;
export const MANIFEST = "manifest.json";

const timestamp = z.iso.datetime();
const id = z.string().min(1).max(100);
const entryPath = z.string().min(1).max(1000);
const source = z.enum(DIAGRAM_SOURCES);

const collectionSchema = z.object({
  id,
  name: z.string(),
  parentId: id.nullable(),
  /** The names from the top down to this collection, for people reading the manifest. */
  path: z.array(z.string()),
  createdAt: timestamp,
  updatedAt: timestamp,
});

const revisionSchema = z.object({
  revision: z.number().int().min(1),
  source,
  withToken: z.string().nullable(),
  savedAt: timestamp,
  keptAt: timestamp,
  file: entryPath,
});

const diagramSchema = z.object({
  id,
  name: z.string(),
  collectionId: id.nullable(),
  collectionPath: z.array(z.string()),
  createdAt: timestamp,
  updatedAt: timestamp,
  savedAt: timestamp,
  revision: z.number().int().min(1),
  source,
  changedVia: source,
  changedWithToken: z.string().nullable(),
  /** When it went into the trash (null: not in the trash), and the collection it came from. */
  trashedAt: timestamp.nullable(),
  trashedFrom: id.nullable(),
  file: entryPath,
  /** Images uploaded apart from the file; their bytes are in the files' `files` entries. */
  images: z.array(z.object({ id: z.string(), mimeType: z.string(), createdAt: timestamp })),
  /** Kept revisions, oldest first. */
  revisions: z.array(revisionSchema),
});

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(ARCHIVE_VERSION),
  exportedAt: timestamp,
  instanceVersion: z.string(),
  counts: z.object({
    collections: z.number().int(),
    diagrams: z.number().int(),
    trashed: z.number().int(),
    revisions: z.number().int(),
    images: z.number().int(),
  }),
  collections: z.array(collectionSchema),
  diagrams: z.array(diagramSchema),
  /** Every other entry of the archive by its path: the sha256 of its bytes, in hex. */
  checksums: z.record(entryPath, z.string().regex(/^[0-9a-f]{64}$/)),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestCollection = z.infer<typeof collectionSchema>;
export type ManifestDiagram = z.infer<typeof diagramSchema>;

/** Where a diagram's current drawing goes: its collection's folders, or the trash's. */
export function diagramPath(
  diagram: { id: string; name: string; trashedAt: string | null },
  collectionPath: readonly string[],
): string {
  const folders = diagram.trashedAt === null
    ? ["diagrams", ...collectionPath.map(fileNameOf)]
    : ["trash"];
  return [...folders, `${fileNameOf(diagram.name)}--${diagram.id}.excalidraw`].join("/");
}

export function revisionPath(diagramId: string, revision: number): string {
  return `history/${diagramId}/${revision}.excalidraw`;
}

export function sha256Of(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}
