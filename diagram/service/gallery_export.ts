// The whole gallery of an account as one zip (gallery_archive.ts says the layout): every diagram,
// the trash included, its kept revisions, its collections and its images, for a person to keep or
// to take to another instance (gallery_import.ts reads it back).
import type { Database } from "../db/database.ts";
import type { ExcalidrawFile } from "../drawing/excalidraw/types.ts";
import { listCollections } from "../store/collections.ts";
import { type GalleryDiagram, listGalleryDiagrams, listUploadedImages } from "../store/gallery.ts";
import { getRevision, listRevisions } from "../store/revisions.ts";
import { VERSION } from "../../runtime/version.ts";
import { writeZip, type ZipEntry } from "../archives/zip_writer.ts";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  diagramPath,
  MANIFEST,
  type Manifest,
  type ManifestCollection,
  type ManifestDiagram,
  revisionPath,
  sha256Of,
} from "./gallery_archive.ts";
import { idsWithoutBytes } from "./images.ts";
import { wholeFile } from "./whole_file.ts";

/** Revisions read per query while exporting one diagram's history. */
const REVISION_PAGE = 100;

export async function exportGallery(
  db: Database,
  userId: string,
  now: () => number,
): Promise<{ fileName: string; zip: Uint8Array<ArrayBuffer> }> {
  const exportedAt = new Date(now());
  const collections = collectionsWithPaths(await listCollections(db, userId));
  const pathOf = new Map(collections.map((collection) => [collection.id, collection.path]));
  const entries: ZipEntry[] = [];
  const encoder = new TextEncoder();
  const add = (name: string, text: string) => entries.push({ name, bytes: encoder.encode(text) });

  const diagrams: ManifestDiagram[] = [];
  for (const diagram of await listGalleryDiagrams(db, userId)) {
    const collectionPath = pathOf.get(diagram.collectionId ?? diagram.trashedFrom ?? "") ?? [];
    const file = diagramPath(diagram, collectionPath);
    add(file, await wholeFile(db, diagram.id, diagram.file));
    const named = new Set(idsWithoutBytes(JSON.parse(diagram.file)));
    const revisions: ManifestDiagram["revisions"] = [];
    for (const kept of await keptRevisions(db, diagram.id)) {
      const path = revisionPath(diagram.id, kept.revision);
      add(path, await wholeFile(db, diagram.id, kept.file));
      for (const fileId of idsWithoutBytes(JSON.parse(kept.file) as ExcalidrawFile)) {
        named.add(fileId);
      }
      const { revision, source, withToken, savedAt, keptAt } = kept;
      revisions.push({ revision, source, withToken, savedAt, keptAt, file: path });
    }
    // An upload no kept file names has no bytes in the archive, and nothing would show it.
    const images = (await listUploadedImages(db, diagram.id))
      .filter((image) => named.has(image.fileId))
      .map(({ fileId, mimeType, createdAt }) => ({ id: fileId, mimeType, createdAt }));
    diagrams.push(manifestDiagram(diagram, collectionPath, file, images, revisions));
  }

  const manifest: Manifest = {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    exportedAt: exportedAt.toISOString(),
    instanceVersion: VERSION,
    counts: {
      collections: collections.length,
      diagrams: diagrams.length,
      trashed: diagrams.filter((diagram) => diagram.trashedAt !== null).length,
      revisions: diagrams.reduce((sum, diagram) => sum + diagram.revisions.length, 0),
      images: diagrams.reduce((sum, diagram) => sum + diagram.images.length, 0),
    },
    collections,
    diagrams,
    checksums: Object.fromEntries(entries.map((entry) => [entry.name, sha256Of(entry.bytes)])),
  };
  const zip = await writeZip(
    [{ name: MANIFEST, bytes: encoder.encode(JSON.stringify(manifest, null, 2)) }, ...entries],
    exportedAt,
  );
  return { fileName: `gallery-${exportedAt.toISOString().slice(0, 10)}.zip`, zip };
}

/** Each collection with the names from the top down to it, parents before their children. */
function collectionsWithPaths(
  list: {
    id: string;
    name: string;
    parentId: string | null;
    createdAt: string;
    updatedAt: string;
  }[],
): ManifestCollection[] {
  const byId = new Map(list.map((collection) => [collection.id, collection]));
  const pathOf = (id: string): string[] => {
    const collection = byId.get(id)!;
    return collection.parentId === null
      ? [collection.name]
      : [...pathOf(collection.parentId), collection.name];
  };
  return list
    .map(({ id, name, parentId, createdAt, updatedAt }) => ({
      id,
      name,
      parentId,
      path: pathOf(id),
      createdAt,
      updatedAt,
    }))
    .sort((a, b) => a.path.length - b.path.length);
}

/** Every kept revision of a diagram with its text, oldest first. */
async function keptRevisions(db: Database, diagramId: string) {
  const numbers: number[] = [];
  let before: number | undefined;
  while (true) {
    const page = await listRevisions(db, diagramId, { limit: REVISION_PAGE, before });
    numbers.push(...page.map((revision) => revision.revision));
    if (page.length < REVISION_PAGE) break;
    before = page[page.length - 1].revision;
  }
  return Promise.all(numbers.reverse().map((revision) => getRevision(db, diagramId, revision)));
}

function manifestDiagram(
  diagram: GalleryDiagram,
  collectionPath: string[],
  file: string,
  images: ManifestDiagram["images"],
  revisions: ManifestDiagram["revisions"],
): ManifestDiagram {
  return {
    id: diagram.id,
    name: diagram.name,
    collectionId: diagram.collectionId,
    collectionPath,
    createdAt: diagram.createdAt,
    updatedAt: diagram.updatedAt,
    savedAt: diagram.savedAt,
    revision: diagram.revision,
    source: diagram.source,
    changedVia: diagram.changedVia,
    changedWithToken: diagram.changedWithToken,
    trashedAt: diagram.trashedAt,
    trashedFrom: diagram.trashedFrom,
    file,
    images,
    revisions,
  };
}
