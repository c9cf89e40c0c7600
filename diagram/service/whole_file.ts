// A stored file as a whole `.excalidraw` file: the bytes of the uploaded images it names put back
// in. The current contents and every kept revision are handed out this way.
import type { Database } from "../db/database.ts";
import type { ExcalidrawFile } from "../drawing/excalidraw/types.ts";
import { type DiagramFile, diagramFilesBytes, getDiagramFile } from "../store/diagram_files.ts";
import { idsWithoutBytes, type ImageEntry, type ImageType, withImageBytes } from "./images.ts";

/**
 * Diagram `id`'s stored text `stored` with its uploaded images' bytes. A diagram without uploaded
 * images (most, and every import) gets the text as stored, unparsed, so an import still exports
 * byte for byte.
 */
export async function wholeFile(db: Database, id: string, stored: string): Promise<string> {
  if (await diagramFilesBytes(db, id) === 0) return stored;
  const file: ExcalidrawFile = JSON.parse(stored);
  const found = await Promise.all(
    idsWithoutBytes(file).map((fileId) => getDiagramFile(db, id, fileId)),
  );
  const images = found.filter((image) => image !== null).map(imageEntry);
  return images.length === 0 ? stored : JSON.stringify(withImageBytes(file, images));
}

/** A stored image as Excalidraw lists it (its table row was checked on upload). */
export function imageEntry(file: DiagramFile): ImageEntry {
  return {
    id: file.fileId,
    mimeType: file.mimeType as ImageType,
    bytes: file.bytes,
    created: Date.parse(file.createdAt),
  };
}
