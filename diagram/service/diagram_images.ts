// A diagram's images as operations: an upload kept under Excalidraw's id for it, one image served
// back, and how a write's \`files\` settle against the images uploaded for the diagram
// (store/diagram_files.ts), which file_writes.ts applies to every file it stores. What needs no
// database (types, signatures, limits, data: URLs) is in images.ts.
import type { Database } from "../db/database.ts";
import type { ExcalidrawFile } from "../drawing/excalidraw/types.ts";
import { diagramRevision, getDiagram } from "../store/diagrams.ts";
import {
  diagramFilesBytes,
  getDiagramFile,
  listDiagramFiles,
  putDiagramFile,
} from "../store/diagram_files.ts";
import type { Actor } from "./diagrams.ts";
import { InvalidInputError, NotFoundError } from "./errors.ts";
import {
  bytesOfDataUrl,
  diagramImagesProblem,
  type Image,
  imageProblem,
  imageTypeOf,
  settleFiles,
} from "./images.ts";
import { fileIdSchema, parseOrThrow } from "./schemas.ts";
import { imageEntry } from "./whole_file.ts";

export function imageOperations(deps: { db: Database }) {
  const { db } = deps;

  return {
    /**
     * Stores an image of the diagram under Excalidraw's id for it (a hash of its content, so a
     * second upload of the same id changes nothing): a type kept here, bytes that really are that
     * type, within the per-image and per-diagram limits.
     */
    async putImage(
      actor: Actor,
      id: string,
      fileId: string,
      image: { mimeType: string; bytes: Uint8Array },
    ): Promise<{ created: boolean }> {
      parseOrThrow(fileIdSchema, fileId, "fileId");
      await diagramRevision(db, actor.userId, id);
      const problem = imageProblem(image.mimeType, image.bytes);
      if (problem !== null) throw new InvalidInputError([problem], "the image was not stored");
      if ((await listDiagramFiles(db, id, [fileId])).length > 0) return { created: false };
      const limit = diagramImagesProblem(await diagramFilesBytes(db, id), image.bytes.byteLength);
      if (limit !== null) throw new InvalidInputError([limit], "the image was not stored");
      return { created: await putDiagramFile(db, id, { fileId, ...image }) };
    },

    /**
     * One image of the diagram: an uploaded one, else one its stored file holds inline (imported
     * files keep their images there) when its bytes are the image type the file says.
     */
    async image(userId: string, id: string, fileId: string): Promise<Image> {
      await diagramRevision(db, userId, id);
      const uploaded = await getDiagramFile(db, id, fileId);
      if (uploaded !== null) return imageEntry(uploaded);
      const { files }: ExcalidrawFile = JSON.parse((await getDiagram(db, userId, id)).file);
      const entry = Object.hasOwn(files, fileId)
        ? files[fileId] as { mimeType: string; dataURL?: string }
        : undefined;
      const bytes = entry?.dataURL === undefined ? null : await bytesOfDataUrl(entry.dataURL);
      if (entry === undefined || bytes === null) {
        throw new NotFoundError("no such file in this diagram");
      }
      const type = imageTypeOf(bytes);
      if (type === null || type !== entry.mimeType) {
        throw new NotFoundError(
          `this diagram's file ${JSON.stringify(fileId)} is not an image of a type served here`,
        );
      }
      return { mimeType: type, bytes };
    },
  };
}

/**
 * How diagram `id`'s new file keeps its images (settleFiles): bytes it has uploaded are dropped
 * from the file, and an entry sent without bytes must name an uploaded image or one the file
 * stored before holds inline (read only then: `storedFile` checks the owner, so a foreign id
 * answers "not found" rather than which files it has).
 */
export function filesOfDiagram(
  db: Database,
  id: string,
  storedFile: () => Promise<string>,
) {
  return async (files: ExcalidrawFile["files"]): Promise<ExcalidrawFile["files"]> => {
    const listed = await listDiagramFiles(db, id, Object.keys(files));
    const uploaded = new Set(listed.map((file) => file.fileId));
    let settled = settleFiles(files, uploaded, {});
    if (settled.missing.length > 0) {
      const before: ExcalidrawFile = JSON.parse(await storedFile());
      settled = settleFiles(files, uploaded, before.files);
    }
    if (settled.missing.length > 0) {
      throw missingImages(
        settled.missing,
        (fileId) =>
          `this diagram has no uploaded file with that id; PUT its bytes to /api/diagrams/${id}/files/${fileId} first`,
      );
    }
    return settled.files;
  };
}

/** A new diagram has no uploaded images: every image must come with its bytes. */
export function filesOfNewDiagram(
  files: ExcalidrawFile["files"],
): Promise<ExcalidrawFile["files"]> {
  const { missing } = settleFiles(files, new Set(), {});
  if (missing.length > 0) {
    throw missingImages(
      missing,
      () => "a new diagram has no uploaded files yet; send the image inline as a data: URL",
    );
  }
  return Promise.resolve(files);
}

/** Entries sent without their bytes that nothing here can supply; `why` says what to do instead. */
function missingImages(fileIds: string[], why: (fileId: string) => string): InvalidInputError {
  return new InvalidInputError(
    fileIds.map((fileId) => `files[${JSON.stringify(fileId)}] has no dataURL and ${why(fileId)}`),
    "the file names images without their bytes; nothing was saved",
  );
}
