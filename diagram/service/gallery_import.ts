// A whole-gallery archive (gallery_archive.ts) read back into an account: its collections (nested
// as they were), its diagrams (the trash's back into the trash) with their names, times and
// credits, their kept revisions in order, and their uploaded images kept apart again. Everything
// is checked first, each drawing by the validation every other write uses (contentFromFile), and
// only then written, in one transaction: a refused archive leaves nothing behind. An id the
// instance already has (an archive imported twice, or into the instance it came from) is replaced
// by a new one, so an import never overwrites anything.
import type { InStatement } from "@libsql/client";
import type { Database } from "../db/database.ts";
import type { ExcalidrawFile } from "../drawing/excalidraw/types.ts";
import { MAX_COLLECTION_DEPTH } from "../store/collections.ts";
import {
  insertCollection,
  insertDiagram,
  insertRevision,
  insertUploadedImage,
  takenIds,
  type UploadedImage,
  writeAll,
} from "../store/gallery.ts";
import { RANDOM_ID_SHAPE, randomId } from "../store/random_id.ts";
import { readZip, ZipError } from "../archives/zip_reader.ts";
import { isRecord } from "../../shared/is_record.ts";
import { contentFromFile } from "../drawing/content.ts";
import { InvalidInputError, savedOrRefused } from "./errors.ts";
import {
  MANIFEST,
  type Manifest,
  type ManifestCollection,
  type ManifestDiagram,
  manifestSchema,
  sha256Of,
} from "./gallery_archive.ts";
import { bytesOfDataUrl, diagramImagesProblem, imageProblem, settleFiles } from "./images.ts";
import { fileIdSchema, nameSchema } from "./schemas.ts";

/** What an archive may unpack to: a large gallery with its history, never a bomb. */
export const ARCHIVE_LIMITS = { maxEntries: 100_000, maxTotalBytes: 1024 * 1024 * 1024 };
/** Problems listed at most, as every other refusal lists them. */
const MAX_PROBLEMS = 100;
const REFUSED = "the archive was not imported; nothing was written";

export interface GalleryImported {
  collections: number;
  diagrams: number;
  trashed: number;
  revisions: number;
  images: number;
}

export async function importGallery(
  db: Database,
  userId: string,
  archive: Uint8Array,
): Promise<GalleryImported> {
  const entries = await unpack(archive);
  const manifest = readManifest(entries);
  const problems: string[] = [];
  checkChecksums(manifest, entries, problems);
  const collections = orderedCollections(manifest.collections, problems);
  const known = new Set(collections.map((collection) => collection.id));
  const diagrams: Prepared[] = [];
  const ids = new Set<string>();
  if (problems.length === 0) {
    for (const diagram of manifest.diagrams) {
      if (ids.has(diagram.id)) problems.push(`diagram ${diagram.id} is listed twice`);
      ids.add(diagram.id);
      const prepared = await prepareDiagram(diagram, entries, known, problems);
      if (prepared !== null) diagrams.push(prepared);
      if (problems.length >= MAX_PROBLEMS) break;
    }
  }
  if (problems.length > 0) throw new InvalidInputError(problems.slice(0, MAX_PROBLEMS), REFUSED);

  const newId = await idsFor(db, [
    ...collections.map((collection) => collection.id),
    ...diagrams.map(({ diagram }) => diagram.id),
  ]);
  const mapped = (id: string | null) => id === null ? null : newId.get(id)!;
  const statements: InStatement[] = collections.map((collection) =>
    insertCollection(userId, {
      ...collection,
      id: mapped(collection.id)!,
      parentId: mapped(collection.parentId),
    })
  );
  for (const { diagram, content, revisions, images } of diagrams) {
    const id = mapped(diagram.id)!;
    statements.push(insertDiagram(userId, {
      ...diagram,
      ...content,
      id,
      name: nameSchema.parse(diagram.name),
      collectionId: diagram.trashedAt === null ? mapped(diagram.collectionId) : null,
      trashedFrom: diagram.trashedAt === null ? null : mapped(diagram.trashedFrom),
    }));
    for (const revision of revisions) statements.push(insertRevision(id, revision));
    for (const image of images) statements.push(insertUploadedImage(id, image));
  }
  await writeAll(db, statements);
  return {
    collections: collections.length,
    diagrams: diagrams.length,
    trashed: diagrams.filter(({ diagram }) => diagram.trashedAt !== null).length,
    revisions: diagrams.reduce((sum, { revisions }) => sum + revisions.length, 0),
    images: diagrams.reduce((sum, { images }) => sum + images.length, 0),
  };
}

async function unpack(archive: Uint8Array): Promise<Map<string, Uint8Array>> {
  try {
    return await readZip(archive, ARCHIVE_LIMITS);
  } catch (error) {
    if (!(error instanceof ZipError)) throw error;
    throw new InvalidInputError([error.message], REFUSED);
  }
}

function readManifest(entries: Map<string, Uint8Array>): Manifest {
  const bytes = entries.get(MANIFEST);
  if (bytes === undefined) {
    throw new InvalidInputError(
      [`the archive has no ${MANIFEST}: is it a gallery export?`],
      REFUSED,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new InvalidInputError([`${MANIFEST} is not JSON`], REFUSED);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    throw new InvalidInputError(
      parsed.error.issues.slice(0, MAX_PROBLEMS).map((issue) =>
        `${MANIFEST} ${issue.path.join(".") || "(root)"}: ${issue.message}`
      ),
      REFUSED,
    );
  }
  return parsed.data;
}

/** Every entry the manifest names is there, and every entry has the sha256 it lists. */
function checkChecksums(
  manifest: Manifest,
  entries: Map<string, Uint8Array>,
  problems: string[],
): void {
  const named = manifest.diagrams.flatMap((diagram) => [
    diagram.file,
    ...diagram.revisions.map((revision) => revision.file),
  ]);
  for (const path of named) {
    if (!entries.has(path)) problems.push(`${path} is named in ${MANIFEST} but not in the archive`);
    else if (manifest.checksums[path] === undefined) problems.push(`${path} has no checksum`);
  }
  for (const [path, bytes] of entries) {
    if (path === MANIFEST) continue;
    const expected = manifest.checksums[path];
    if (expected !== undefined && sha256Of(bytes) !== expected) {
      problems.push(`${path} does not match its sha256 in ${MANIFEST} (the archive is damaged)`);
    }
  }
}

/** The collections, parents first; each named, nested within the depth limit, in no circle. */
function orderedCollections(
  collections: ManifestCollection[],
  problems: string[],
): ManifestCollection[] {
  const byId = new Map<string, ManifestCollection>();
  for (const collection of collections) {
    if (byId.has(collection.id)) problems.push(`collection ${collection.id} is listed twice`);
    byId.set(collection.id, collection);
    const name = nameSchema.safeParse(collection.name);
    if (!name.success) {
      problems.push(`collection ${collection.id}'s name ${name.error.issues[0].message}`);
    }
  }
  const depthOf = new Map<string, number>();
  const depth = (collection: ManifestCollection, seen: Set<string>): number => {
    const known = depthOf.get(collection.id);
    if (known !== undefined) return known;
    if (seen.has(collection.id)) return Infinity;
    seen.add(collection.id);
    const parent = collection.parentId === null ? undefined : byId.get(collection.parentId);
    if (collection.parentId !== null && parent === undefined) {
      problems.push(
        `collection ${collection.id}'s parent ${collection.parentId} is not in the archive`,
      );
    }
    const found = parent === undefined ? 1 : depth(parent, seen) + 1;
    depthOf.set(collection.id, found);
    return found;
  };
  for (const collection of byId.values()) {
    const found = depth(collection, new Set());
    if (found === Infinity) problems.push(`collection ${collection.id} is inside itself`);
    else if (found > MAX_COLLECTION_DEPTH) {
      problems.push(
        `collection ${collection.id} is nested ${found} levels deep; at most ${MAX_COLLECTION_DEPTH}`,
      );
    }
  }
  return [...byId.values()].sort((a, b) => depthOf.get(a.id)! - depthOf.get(b.id)!);
}

interface Prepared {
  diagram: ManifestDiagram;
  content: { file: string; thumbnailSvg: string; elementCount: number };
  revisions: Parameters<typeof insertRevision>[1][];
  images: UploadedImage[];
}

/** One diagram checked whole: its drawing, every revision and every uploaded image; or problems. */
async function prepareDiagram(
  diagram: ManifestDiagram,
  entries: Map<string, Uint8Array>,
  collections: ReadonlySet<string>,
  problems: string[],
): Promise<Prepared | null> {
  const before = problems.length;
  const problem = (text: string) =>
    problems.push(`diagram ${JSON.stringify(diagram.name)}: ${text}`);
  const name = nameSchema.safeParse(diagram.name);
  if (!name.success) problem(`its name ${name.error.issues[0].message}`);
  if (diagram.collectionId !== null && !collections.has(diagram.collectionId)) {
    problem(`its collection ${diagram.collectionId} is not in the archive`);
  }
  // The collection a trashed diagram goes back to may have been deleted since: then none.
  if (diagram.trashedFrom !== null && !collections.has(diagram.trashedFrom)) {
    diagram = { ...diagram, trashedFrom: null };
  }
  const texts = [diagram.file, ...diagram.revisions.map((revision) => revision.file)]
    .map((path) => new TextDecoder().decode(entries.get(path)));
  const images = await uploadedImages(diagram, texts, problem);
  const uploaded = new Set(images.map((image) => image.fileId));
  const checked = async (path: string, text: string) => {
    try {
      return await storedContent(text, uploaded);
    } catch (error) {
      if (!(error instanceof InvalidInputError)) throw error;
      for (const found of error.problems.slice(0, 10)) problem(`${path}: ${found}`);
      return null;
    }
  };
  const content = await checked(diagram.file, texts[0]);
  const numbers = new Set<number>();
  const revisions: Prepared["revisions"] = [];
  for (const [i, revision] of diagram.revisions.entries()) {
    if (revision.revision >= diagram.revision || numbers.has(revision.revision)) {
      problem(`revision ${revision.revision} is listed twice or is not older than the drawing`);
    }
    numbers.add(revision.revision);
    const kept = await checked(revision.file, texts[i + 1]);
    if (kept !== null) {
      revisions.push({ ...revision, file: kept.file, elementCount: kept.elementCount });
    }
  }
  if (problems.length > before || content === null) return null;
  return { diagram, content, revisions, images };
}

/**
 * The images the manifest says were uploaded apart, their bytes taken from the first drawing that
 * holds them inline, each checked as an upload is (type, signature, size, the diagram's total).
 */
async function uploadedImages(
  diagram: ManifestDiagram,
  texts: string[],
  problem: (text: string) => void,
): Promise<UploadedImage[]> {
  const images: UploadedImage[] = [];
  let total = 0;
  for (const image of diagram.images) {
    if (!fileIdSchema.safeParse(image.id).success) {
      problem(`image id ${JSON.stringify(image.id)} is not a file id`);
      continue;
    }
    let bytes: Uint8Array<ArrayBuffer> | null = null;
    for (const text of texts) {
      const entry = inlineEntry(text, image.id);
      if (entry !== null) {
        bytes = await bytesOfDataUrl(entry);
        break;
      }
    }
    const refused = bytes === null
      ? "its bytes are in none of its drawings"
      : imageProblem(image.mimeType, bytes) ?? diagramImagesProblem(total, bytes.byteLength);
    if (refused !== null) {
      problem(`image ${image.id}: ${refused}`);
      continue;
    }
    total += bytes!.byteLength;
    images.push({
      fileId: image.id,
      mimeType: image.mimeType,
      createdAt: image.createdAt,
      bytes: bytes!,
    });
  }
  return images;
}

/** The dataURL a drawing's text holds for `fileId`, if it parses and holds one. */
function inlineEntry(text: string, fileId: string): string | null {
  try {
    const { files } = JSON.parse(text);
    const entry = isRecord(files) && Object.hasOwn(files, fileId) ? files[fileId] : undefined;
    return isRecord(entry) && typeof entry.dataURL === "string" ? entry.dataURL : null;
  } catch {
    return null;
  }
}

/**
 * A drawing as the store keeps it: uploaded images without their bytes (they are kept apart, as
 * the editor's uploads are), then validated and given a thumbnail like every other write. A
 * drawing without uploads keeps its text byte for byte when it needs no normalising.
 */
async function storedContent(text: string, uploaded: ReadonlySet<string>) {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new InvalidInputError(["the file is not JSON"]);
  }
  const stripped = uploaded.size > 0 && isRecord(json) && isRecord(json.files)
    ? { ...json, files: settleFiles(json.files as ExcalidrawFile["files"], uploaded, {}).files }
    : null;
  const file = stripped ?? json;
  return savedOrRefused(
    await contentFromFile(file, {
      sourceText: stripped === null ? text : undefined,
      settleFiles: (files) => {
        const { missing } = settleFiles(files, uploaded, {});
        if (missing.length === 0) return Promise.resolve(files);
        return Promise.reject(
          new InvalidInputError(missing.map((id) => `files[${JSON.stringify(id)}] has no bytes`)),
        );
      },
    }),
  );
}

/** Each archive id kept when this instance has no such id yet, else a new one. */
async function idsFor(db: Database, ids: string[]): Promise<Map<string, string>> {
  const taken = await takenIds(db, ids);
  return new Map(
    ids.map((id) => [id, RANDOM_ID_SHAPE.test(id) && !taken.has(id) ? id : randomId()]),
  );
}
