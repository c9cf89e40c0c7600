// What a visitor with a share link may read, and nothing else: the link's diagram (or a diagram of
// its collection's tree), drawn as our SVG or PNG of the current revision or as the whole file, and
// a collection link's list of diagrams, and the uploaded images its current scene shows. Every
// read starts from the secret; whatever it does not
// reach (unknown, revoked, expired, trashed, outside the collection) is the same null, so the
// pages can answer all of them with one 404.
import { fileNameOf } from "../file_name.ts";
import type { ExcalidrawFile } from "../drawing/excalidraw/types.ts";
import { PNG_LIMITS } from "../drawing/png/render_png.ts";
import type { DiagramOperations } from "./diagram_operations.ts";
import type { ShareLink, ShareLinkOperations } from "./share_links.ts";
import { NotFoundError } from "./errors.ts";
import { type Image, imageFileIds } from "./images.ts";
import { idSchema } from "./schemas.ts";

/** A collection link's page shows at most this many diagrams (each a thumbnail request). */
export const SHARED_GALLERY_LIMIT = 48;

/** The diagram a visitor reached, as the pages may show it: no ids of anything else. */
export interface SharedDiagram {
  link: ShareLink;
  id: string;
  name: string;
  revision: number;
  /** When its contents last changed. */
  savedAt: string;
}

export interface SharedCollection {
  link: ShareLink;
  name: string;
  diagrams: { id: string; name: string; savedAt: string }[];
}

/** An image's size in CSS pixels. */
export interface Size {
  width: number;
  height: number;
}

export type SharedViewOperations = ReturnType<typeof sharedViewOperations>;

export function sharedViewOperations(deps: {
  shares: ShareLinkOperations;
  diagrams: DiagramOperations;
}) {
  const { shares, diagrams } = deps;

  /** The diagram `diagramId` names under `link`; null where the link does not reach. */
  async function diagramOf(link: ShareLink, diagramId?: string): Promise<SharedDiagram | null> {
    let id: string;
    if ("diagramId" in link.target) {
      if (diagramId !== undefined) return null;
      id = link.target.diagramId;
    } else {
      if (diagramId === undefined || !idSchema.safeParse(diagramId).success) return null;
      const [found] = await shares.collectionDiagrams(link, { limit: 1, onlyId: diagramId });
      if (found === undefined) return null;
      id = found.id;
    }
    const details = await orNull(diagrams.details(link.userId, id));
    if (details === null) return null;
    return { link, id, name: details.name, revision: details.revision, savedAt: details.savedAt };
  }

  return {
    /**
     * What the secret opens: a diagram, or (for a collection link without `diagramId`) its
     * collection's diagrams, most recently changed first; null for anything else.
     */
    async visit(
      secret: string,
      diagramId?: string,
    ): Promise<{ diagram: SharedDiagram } | { collection: SharedCollection } | null> {
      const link = await shares.open(secret);
      if (link === null) return null;
      if ("collectionId" in link.target && diagramId === undefined) {
        const listed = await shares.collectionDiagrams(link, { limit: SHARED_GALLERY_LIMIT });
        const items = listed.map(({ id, name, savedAt }) => ({ id, name, savedAt }));
        return { collection: { link, name: link.targetName, diagrams: items } };
      }
      const diagram = await diagramOf(link, diagramId);
      return diagram === null ? null : { diagram };
    },

    /** The diagram the secret (and, for a collection link, `diagramId`) reaches; null otherwise. */
    async diagram(secret: string, diagramId?: string): Promise<SharedDiagram | null> {
      const link = await shares.open(secret);
      return link === null ? null : await diagramOf(link, diagramId);
    },

    /** Our SVG of the current revision at natural size, as export.svg draws it, and its size. */
    async svg(shared: SharedDiagram): Promise<{ fileName: string; svg: string } & Size> {
      const drawn = await diagrams.exportSvg(shared.link.userId, shared.id);
      return { ...drawn, ...svgSize(drawn.svg) };
    },

    /**
     * The PNG of the current revision, drawn on the drawing pool within its limits; or why there is
     * none now (the pool busy or past its time budget, the drawing too large for the limits).
     */
    async png(
      shared: SharedDiagram,
    ): Promise<{ fileName: string; png: Uint8Array<ArrayBuffer> } | { error: string }> {
      const { preview } = await diagrams.readSpec(shared.link.userId, shared.id, { preview: true });
      if (preview === undefined || "error" in preview) {
        return { error: preview?.error ?? "no PNG was drawn" };
      }
      return { fileName: `${fileNameOf(shared.name)}.png`, png: new Uint8Array(preview.png) };
    },

    /** The whole `.excalidraw` file, its uploaded images included. */
    file(shared: SharedDiagram): Promise<{ fileName: string; file: string }> {
      return diagrams.export(shared.link.userId, shared.id);
    },

    /**
     * Image `fileId`, when an image element of the current scene shows it (not a deleted one: a
     * visitor cannot bring it back); null for any other id, which may be another diagram's.
     */
    async image(shared: SharedDiagram, fileId: string): Promise<Image | null> {
      const { file } = await diagrams.stored(shared.link.userId, shared.id);
      const { elements }: ExcalidrawFile = JSON.parse(file);
      const shown = imageFileIds(elements.filter((element) => element.isDeleted !== true));
      if (!shown.includes(fileId)) return null;
      return await orNull(diagrams.image(shared.link.userId, shared.id, fileId));
    },

    /** The card thumbnail the gallery keeps. */
    thumbnail(shared: SharedDiagram): Promise<string> {
      return diagrams.thumbnail(shared.link.userId, shared.id);
    },
  };
}

/**
 * About the PNG's size for a drawing of `natural` size: its long side brought into the renderer's
 * range. The renderer may draw it smaller still to keep within its byte limit; a preview's
 * og:image:width/height are a hint for the layout, which that keeps right in proportion.
 */
export function pngSizeHint(natural: Size): Size {
  const long = Math.max(natural.width, natural.height, 1);
  const target = Math.min(PNG_LIMITS.maxLongSide, Math.max(PNG_LIMITS.minLongSide, long));
  const scale = target / long;
  return {
    width: Math.max(1, Math.round(natural.width * scale)),
    height: Math.max(1, Math.round(natural.height * scale)),
  };
}

/** The width and height renderFullSize writes on its root element. */
export function svgSize(svg: string): Size {
  const root = svg.slice(0, svg.indexOf(">") + 1);
  const number = (name: string) => Number(new RegExp(` ${name}="([0-9.]+)"`).exec(root)?.[1] ?? 0);
  return { width: number("width"), height: number("height") };
}

/** A read of a diagram that went to the trash (or away) since the link was opened: null. */
async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}
