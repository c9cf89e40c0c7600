// The images of a diagram: bytes over HTTP, only their metadata in the room. An image added here is
// uploaded once (`PUT /api/diagrams/:id/files/:fileId`) and then announced in the room's
// Y.Map "files"; an image element whose file this editor lacks (a peer's, or an agent's) is
// fetched from the web app and handed to Excalidraw. Excalidraw's file ids are content hashes, so
// an id names the same bytes everywhere and nothing is ever uploaded or fetched twice. A share
// link's visitor only fetches, from the link's own files address (`/s/<secret>/files/:fileId`),
// and writes nothing to the room.
import type { BinaryFileData, ExcalidrawImperativeAPI } from "@excalidraw/excalidraw/types";
import type * as Y from "yjs";
import type { SceneElement } from "./scene_binding.ts";

/** What the room and a direct save carry of a file: everything but its bytes. */
export interface FileMetadata {
  id: string;
  mimeType: string;
  created: number;
}

/** Where a diagram's images are, and whether this editor may add any. */
export interface ImageSource {
  /** The address of file `fileId`'s bytes. */
  url(fileId: string): string;
  /** Only fetch: upload nothing and announce nothing in the room (a share link's visitor). */
  fetchOnly?: boolean;
}

/** The owner's files API for diagram `diagramId`. */
export function ownerImages(diagramId: string): ImageSource {
  return { url: (fileId) => `/api/diagrams/${diagramId}/files/${encodeURIComponent(fileId)}` };
}

export interface ImageFiles {
  /** After every scene change: uploads this editor's new images, fetches the ones it lacks. */
  sync(elements: readonly SceneElement[]): void;
  /** The files the web app holds, as metadata: what a direct save sends (bytes are stored). */
  stored(): Record<string, FileMetadata>;
  /** Announces uploads in `doc`'s room, and watches its announcements (null: no room). */
  useRoom(doc: Y.Doc | null): void;
}

/** Waits between fetches of a file the web app does not have yet (a peer still uploading). */
const FETCH_RETRY_MS = [500, 1_000, 2_000, 5_000, 10_000];

export function trackImages(
  source: ImageSource,
  api: ExcalidrawImperativeAPI,
  problem: (text: string) => void,
): ImageFiles {
  const filesUrl = source.url;
  const fetchOnly = source.fetchOnly === true;
  /** Files the web app holds: those the diagram came with, and every upload that succeeded. */
  const stored = new Map<string, FileMetadata>();
  for (const file of Object.values(api.getFiles())) stored.set(file.id, metadataOf(file));
  /** Uploads and fetches under way, by file id: never two at once for one file. */
  const busy = new Set<string>();
  const fetchFailures = new Map<string, number>();
  let room: Y.Map<FileMetadata> | null = null;

  function announce(file: FileMetadata) {
    if (room && !fetchOnly && !room.has(file.id)) room.set(file.id, file);
  }

  async function upload(file: BinaryFileData) {
    busy.add(file.id);
    try {
      const response = await fetch(filesUrl(file.id), {
        method: "PUT",
        headers: { "Content-Type": file.mimeType },
        body: bytesOf(file.dataURL),
      });
      if (!response.ok) {
        const body = await response.json().catch(() => ({}));
        problem(`an image was not saved: ${body.error ?? `HTTP ${response.status}`}`);
        return;
      }
      const metadata = metadataOf(file);
      stored.set(file.id, metadata);
      announce(metadata);
    } catch (error) {
      problem(`an image was not saved: ${error}`);
    } finally {
      busy.delete(file.id);
    }
  }

  async function download(fileId: string) {
    busy.add(fileId);
    try {
      const response = await fetch(filesUrl(fileId));
      if (!response.ok) {
        // Not there yet (a peer's upload still under way): again later, or at its announcement.
        const failures = (fetchFailures.get(fileId) ?? 0) + 1;
        fetchFailures.set(fileId, failures);
        const wait = FETCH_RETRY_MS[failures - 1];
        if (wait !== undefined) setTimeout(() => need(fileId), wait);
        return;
      }
      const mimeType = response.headers.get("Content-Type") ?? "application/octet-stream";
      const dataURL = await dataUrlOf(await response.blob());
      const created = room?.get(fileId)?.created ?? Date.now();
      const file = { id: fileId, mimeType, dataURL, created } as unknown as BinaryFileData;
      api.addFiles([file]);
      stored.set(fileId, metadataOf(file));
      fetchFailures.delete(fileId);
    } catch {
      // The web app unreachable: the next scene change asks again.
    } finally {
      busy.delete(fileId);
    }
  }

  function need(fileId: string) {
    if (busy.has(fileId) || fileId in api.getFiles()) return;
    void download(fileId);
  }

  const onAnnounced = (event: Y.YMapEvent<FileMetadata>) => {
    for (const fileId of event.keysChanged) {
      fetchFailures.delete(fileId);
      need(fileId);
    }
  };

  return {
    sync(elements) {
      const files = api.getFiles();
      for (const file of Object.values(files)) {
        if (!fetchOnly && !stored.has(file.id) && !busy.has(file.id)) void upload(file);
      }
      for (const element of elements) {
        const fileId = element.type === "image" ? element.fileId : null;
        if (typeof fileId !== "string" || fileId in files) continue;
        if (!fetchFailures.has(fileId)) need(fileId);
      }
    },
    stored() {
      return Object.fromEntries(stored);
    },
    useRoom(doc) {
      room?.unobserve(onAnnounced);
      room = doc ? doc.getMap<FileMetadata>("files") : null;
      if (!room) return;
      room.observe(onAnnounced);
      for (const file of stored.values()) announce(file);
    },
  };
}

function metadataOf(file: Pick<BinaryFileData, "id" | "mimeType" | "created">): FileMetadata {
  return { id: file.id, mimeType: file.mimeType, created: file.created };
}

/** A data: URL's bytes (Excalidraw's are base64). */
function bytesOf(dataURL: string): Uint8Array<ArrayBuffer> {
  const base64 = dataURL.slice(dataURL.indexOf(",") + 1);
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}
