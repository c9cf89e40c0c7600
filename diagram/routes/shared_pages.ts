// The visitor's side of share links, for anyone who holds one (no session, no cookie needed):
// /s/<secret> (a diagram's page, or a collection link's gallery whose diagrams open at
// /s/<secret>/d/<id>), each diagram's embeddable image.svg and image.png, its downloads, the
// uploaded images its scene shows (files/<fileId>, for the live view), its history when the link
// shows it (history, history/<n> and their pictures), the gallery's thumbnails, and /oembed. Every address a link does not reach answers the same 404, and
// every client address gets SHARE_RATE_LIMIT of these requests, so secrets cannot be guessed fast.
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { clientAddress } from "../../runtime/http.ts";
import { html } from "../../runtime/markup.ts";
import { bodyOrNotModified, ifNoneMatchHits } from "../../runtime/etag.ts";
import { VERSION } from "../../runtime/version.ts";
import { createRateLimiter, type LimiterOptions } from "../../shared/rate_limiter.ts";
import { NotFoundError } from "../service/errors.ts";
import { sharePath } from "../service/share_links.ts";
import type { DiagramOperations } from "../service/diagram_operations.ts";
import type { ShareLinkOperations } from "../service/share_links.ts";
import {
  pngSizeHint,
  type SharedDiagram,
  sharedViewOperations,
  type Size,
  svgSize,
} from "../service/shared_view.ts";
import type { HistoryOperations } from "../service/history.ts";
import { sharedHistoryOperations } from "../service/shared_history.ts";
import { sharedHistoryPage, sharedRevisionPage } from "../pages/shared_history_page.ts";
import { attachment } from "../http/content_disposition.ts";
import { imageFileName } from "../service/images.ts";
import { UPLOADED_IMAGE_HEADERS } from "./diagram_files.ts";
import {
  NOT_FOUND_SHARE_PAGE,
  sharedCollectionPage,
  sharedDiagramPage,
} from "../pages/shared_page.ts";
import { SHARED_CSS, SHARED_FIT_JS } from "../pages/shared_assets.ts";
import { editorPagePolicy } from "../pages/editor_page.ts";
import type { EditorSetup } from "./diagram_pages.ts";
import { THUMBNAIL_HEADERS } from "./diagrams.ts";

/** What the visitor's share pages need. */
export interface SharedPageDeps {
  shares: ShareLinkOperations;
  diagrams: DiagramOperations;
  /** The owner's history, which a link that shows it reads. */
  history: HistoryOperations;
  baseUrl: string;
  trustProxy: boolean;
  /** The editor bundle, whose live view a diagram's page loads when it is built. */
  editor: EditorSetup;
  now?: () => number;
}

/**
 * Per client address, on everything under /s/ and on /oembed: a page and its image are two, a
 * gallery of 48 diagrams 49; guessing a 256-bit secret at two a second is hopeless anyway, and this
 * keeps one address from making the service draw PNGs all day.
 */
export const SHARE_RATE_LIMIT: LimiterOptions = { burst: 120, perMinute: 120 };

/**
 * Embeds are revalidated on every view (no-cache, public so that a proxy may keep a copy to
 * revalidate): the next view after an edit shows it, the next after a revoke is the 404, and a view
 * that changed nothing is a 304 that costs a lookup, not a drawing. Any origin may embed them.
 */
const EMBED_HEADERS = {
  "Cache-Control": "public, no-cache",
  "Cross-Origin-Resource-Policy": "cross-origin",
};

const PNG_HEADERS = {
  "Content-Type": "image/png",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'",
};

/** When a PNG that could not be drawn now (the drawing pool busy) may be asked for again. */
const PNG_RETRY_SECONDS = 5;

/** /s/*, /oembed and the shared pages' assets: the visitor's side of share links. */
export function sharedPageRoutes(deps: SharedPageDeps): Hono {
  const { baseUrl } = deps;
  const shared = sharedViewOperations(deps);
  const sharedHistory = sharedHistoryOperations(deps);
  const now = deps.now ?? Date.now;
  const ownOrigin = new URL(baseUrl).origin;
  const app = new Hono();

  const limiter = createRateLimiter(SHARE_RATE_LIMIT);
  const limited: MiddlewareHandler = async (c, next) => {
    const wait = limiter.take(clientAddress(c, deps.trustProxy));
    if (wait !== null) {
      return c.text(`Too many requests from this address: try again in ${wait} s.`, 429, {
        "Retry-After": String(wait),
      });
    }
    await next();
  };
  app.use("/s/*", limited);
  app.use("/oembed", limited);

  const notFound = (c: Context) =>
    c.html(NOT_FOUND_SHARE_PAGE, 404, { "Cache-Control": "no-store" });
  // A diagram trashed between the link's lookup and the read of it is a miss like any other.
  app.onError((error, c) => {
    if (error instanceof NotFoundError) return notFound(c);
    throw error;
  });

  app.get("/static/shared.css", (c) =>
    bodyOrNotModified(c, SHARED_CSS, {
      "Content-Type": "text/css; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    }));
  app.get("/static/shared-fit.js", (c) =>
    bodyOrNotModified(c, SHARED_FIT_JS, {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    }));

  /** `/s/<secret>`, or `/s/<secret>/d/<id>` for a diagram of a collection link. */
  const pathOf = (secret: string, id?: string) =>
    id === undefined ? sharePath(secret) : `${sharePath(secret)}/d/${id}`;

  /** The diagram the request's secret (and, under /d/, id) reach; null for anything else. */
  const reached = (c: Context) => shared.diagram(c.req.param("secret")!, c.req.param("id"));

  async function page(c: Context) {
    const secret = c.req.param("secret")!;
    const id = c.req.param("id");
    const visited = await shared.visit(secret, id);
    if (visited === null) return notFound(c);
    const headers = { "Cache-Control": "private, no-cache" };
    if ("collection" in visited) {
      const path = sharePath(secret);
      return c.html(
        sharedCollectionPage({ collection: visited.collection, path, baseUrl, now: now() }),
        200,
        headers,
      );
    }
    const { diagram } = visited;
    const size = sizeOf(await shared.svg(diagram));
    const live = deps.editor.bundle?.shared;
    // The live view talks to collab and runs Excalidraw: the editor's policy, not the pages'.
    if (live) c.header("Content-Security-Policy", editorPagePolicy(deps.editor.collabOrigin));
    return c.html(
      sharedDiagramPage({
        diagram,
        path: pathOf(secret, id),
        collection: id === undefined
          ? undefined
          : { path: sharePath(secret), name: diagram.link.targetName },
        size,
        pngSize: pngSizeHint(size),
        baseUrl,
        now: now(),
        live,
      }),
      200,
      headers,
    );
  }

  type Drawn = string | Uint8Array<ArrayBuffer> | Response;

  /** The current revision's image, or a 304 when the client holds it: no drawing then. */
  function embed(headers: Record<string, string>, draw: (d: SharedDiagram) => Promise<Drawn>) {
    return async (c: Context) => {
      const diagram = await reached(c);
      if (diagram === null) return notFound(c);
      // From the revision read before drawing: should an edit land meanwhile, the tag is older than
      // the picture and the next request draws again; it never names a picture older than itself.
      const all = { ...headers, ...EMBED_HEADERS, ETag: `"${diagram.revision}-${VERSION}"` };
      if (ifNoneMatchHits(c.req.header("if-none-match"), all.ETag)) return c.body(null, 304, all);
      const body = await draw(diagram);
      return body instanceof Response ? body : c.body(body, 200, all);
    };
  }

  /** A download, when the link allows them; its ETag is of its content, as the owner's exports'. */
  function download(
    headers: Record<string, string>,
    send: (d: SharedDiagram) => Promise<{ fileName: string; body: Drawn }>,
  ) {
    return async (c: Context) => {
      const diagram = await reached(c);
      if (diagram === null || !diagram.link.downloads) return notFound(c);
      const { fileName, body } = await send(diagram);
      if (body instanceof Response) return body;
      return bodyOrNotModified(c, body, {
        ...headers,
        "Cache-Control": "private, no-cache",
        "Content-Disposition": attachment(fileName),
      });
    };
  }

  /** The PNG, or the 503 that says why there is none now (the drawing pool busy, say). */
  async function png(diagram: SharedDiagram): Promise<{ fileName: string; body: Drawn }> {
    const drawn = await shared.png(diagram);
    if ("png" in drawn) return { fileName: drawn.fileName, body: drawn.png };
    const refusal = new Response(`No PNG now: ${drawn.error}.`, {
      status: 503,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Retry-After": String(PNG_RETRY_SECONDS),
        "Cache-Control": "no-store",
      },
    });
    return { fileName: "", body: refusal };
  }

  /** A revision number as an address holds it; null for anything else. */
  const revisionNumber = (value: string | undefined) =>
    value !== undefined && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : null;

  /** The history's list: a page of 50, older ones from `?before=<revision>`. */
  async function historyList(c: Context) {
    const before = c.req.query("before");
    const from = before === undefined ? undefined : revisionNumber(before);
    const diagram = await reached(c);
    const listed = diagram === null || from === null
      ? null
      : await sharedHistory.list(diagram, from);
    if (diagram === null || listed === null) return notFound(c);
    const path = pathOf(c.req.param("secret")!, c.req.param("id"));
    const olderPage = listed.nextBefore === null
      ? undefined
      : `${path}/history?before=${listed.nextBefore}`;
    return c.html(
      sharedHistoryPage({
        diagram,
        path,
        revisions: listed.revisions,
        olderPage,
        paged: from !== undefined,
        now: now(),
      }),
      200,
      { "Cache-Control": "private, no-cache" },
    );
  }

  /** Revision `:revision` drawn at natural size, when the link shows the history; else null. */
  async function revisionDrawing(c: Context) {
    const revision = revisionNumber(c.req.param("revision"));
    const diagram = await reached(c);
    if (diagram === null || revision === null) return null;
    const drawn = await sharedHistory.drawing(diagram, revision);
    return drawn === null ? null : { diagram, ...drawn };
  }

  for (const base of ["/s/:secret", "/s/:secret/d/:id"]) {
    app.get(base, page);
    app.get(`${base}/history`, historyList);
    app.get(`${base}/history/:revision`, async (c) => {
      const drawn = await revisionDrawing(c);
      if (drawn === null) return notFound(c);
      return c.html(
        sharedRevisionPage({
          diagram: drawn.diagram,
          path: pathOf(c.req.param("secret")!, c.req.param("id")),
          revision: drawn.revision,
          size: sizeOf(svgSize(drawn.svg)),
          now: now(),
        }),
        200,
        { "Cache-Control": "private, no-cache" },
      );
    });
    // A revision never changes: revalidated only so that a link turned off ends its pictures too.
    app.get(`${base}/history/:revision/image.svg`, async (c) => {
      const drawn = await revisionDrawing(c);
      if (drawn === null) return notFound(c);
      return bodyOrNotModified(c, drawn.svg, THUMBNAIL_HEADERS);
    });
    app.get(`${base}/history/:revision/thumbnail.svg`, async (c) => {
      const revision = revisionNumber(c.req.param("revision"));
      const diagram = await reached(c);
      const svg = diagram === null || revision === null
        ? null
        : await sharedHistory.thumbnail(diagram, revision);
      if (svg === null) return notFound(c);
      return bodyOrNotModified(c, svg, THUMBNAIL_HEADERS);
    });
    app.get(`${base}/image.svg`, embed(THUMBNAIL_HEADERS, async (d) => (await shared.svg(d)).svg));
    app.get(`${base}/image.png`, embed(PNG_HEADERS, async (d) => (await png(d)).body));
    app.get(`${base}/thumbnail.svg`, embed(THUMBNAIL_HEADERS, (d) => shared.thumbnail(d)));
    app.get(
      `${base}/download.svg`,
      download(THUMBNAIL_HEADERS, async (d) => {
        const { fileName, svg } = await shared.svg(d);
        return { fileName, body: svg };
      }),
    );
    app.get(`${base}/download.png`, download(PNG_HEADERS, png));
    // An image the scene shows, for the live view: revalidated on every request, so that a
    // revoked link's images go with it; a 304 costs a lookup.
    app.get(`${base}/files/:fileId`, async (c) => {
      const diagram = await reached(c);
      const fileId = c.req.param("fileId");
      const image = diagram === null ? null : await shared.image(diagram, fileId);
      if (image === null) return notFound(c);
      return bodyOrNotModified(c, image.bytes, {
        "Content-Type": image.mimeType,
        "Content-Disposition": attachment(imageFileName(fileId, image.mimeType)),
        "Cache-Control": "private, no-cache",
        ...UPLOADED_IMAGE_HEADERS,
      });
    });
    app.get(
      `${base}/download.excalidraw`,
      download({ "Content-Type": "application/vnd.excalidraw+json" }, async (d) => {
        const { fileName, file } = await shared.file(d);
        return { fileName, body: file };
      }),
    );
  }

  app.get("/oembed", async (c) => {
    const format = c.req.query("format") ?? "json";
    if (format !== "json") return c.json({ error: "only format=json is served" }, 501);
    const url = c.req.query("url");
    if (url === undefined || url === "") {
      return c.json({ error: "url: give the share link to describe" }, 400);
    }
    const bounds = { width: c.req.query("maxwidth"), height: c.req.query("maxheight") };
    const problems = Object.entries(bounds)
      .filter(([, value]) => value !== undefined && !/^[1-9][0-9]{0,4}$/.test(value))
      .map(([name]) => `max${name}: a whole number of pixels from 1 to 99999`);
    if (problems.length > 0) return c.json({ error: problems.join("; ") }, 400);

    const address = shareAddress(url, ownOrigin);
    const visited = address === null ? null : await shared.visit(address.secret, address.id);
    if (address === null || visited === null) return c.json({ error: "not found" }, 404);
    const common = { version: "1.0", provider_name: "Diagrams" };
    if ("collection" in visited) {
      return c.json({ ...common, type: "link", title: visited.collection.name });
    }
    const { diagram } = visited;
    const natural = sizeOf(await shared.svg(diagram));
    const shown = fitted(natural, {
      width: bounds.width === undefined ? Infinity : Number(bounds.width),
      height: bounds.height === undefined ? Infinity : Number(bounds.height),
    });
    const absolute = `${baseUrl}${pathOf(address.secret, address.id)}`;
    const thumbnail = pngSizeHint(natural);
    const sized = html`width="${shown.width}" height="${shown.height}"`;
    return c.json(
      {
        ...common,
        type: "rich",
        title: diagram.name,
        html: html`<img src="${absolute}/image.svg" ${sized} alt="${diagram.name}">`.toString(),
        width: shown.width,
        height: shown.height,
        thumbnail_url: `${absolute}/image.png`,
        thumbnail_width: thumbnail.width,
        thumbnail_height: thumbnail.height,
      },
      200,
      { "Cache-Control": "private, no-cache" },
    );
  });

  // Any other address under /s/ is the same miss. (GET only: other methods are other routes'.)
  app.get("/s/*", notFound);
  return app;
}

function sizeOf({ width, height }: Size): Size {
  return { width, height };
}

/** `natural` scaled down (never up) to fit within `bounds`, in whole pixels none past them. */
function fitted(natural: Size, bounds: Size): Size {
  const scale = Math.min(1, bounds.width / natural.width, bounds.height / natural.height);
  return {
    width: Math.max(1, Math.min(bounds.width, Math.round(natural.width * scale))),
    height: Math.max(1, Math.min(bounds.height, Math.round(natural.height * scale))),
  };
}

/** The secret (and diagram id) of one of our share links' addresses; null for anything else. */
function shareAddress(url: string, ownOrigin: string): { secret: string; id?: string } | null {
  if (!URL.canParse(url)) return null;
  const parsed = new URL(url);
  if (parsed.origin !== ownOrigin) return null;
  const parts = parsed.pathname.split("/");
  // ["", "s", secret] or ["", "s", secret, "d", id]
  if (parts[1] !== "s" || parts[2] === undefined) return null;
  if (parts.length === 3) return { secret: parts[2] };
  if (parts.length === 5 && parts[3] === "d") {
    return { secret: parts[2], id: parts[4] };
  }
  return null;
}
