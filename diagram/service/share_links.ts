// Share links: a diagram, or a collection's diagrams, shown to whoever holds the link. The secret
// has 256 random bits and appears once, in the link returned when it is made; the database keeps
// its SHA-256, so a visitor's link is looked up by hash and every miss (unknown, revoked, expired,
// a diagram in the trash) is the same null.
import { randomBytes } from "node:crypto";
import { encodeBase64Url } from "../../shared/base64url.ts";
import type { Database } from "../db/database.ts";
import { sha256Hex } from "../digest.ts";
import { getCollection } from "../store/collections.ts";
import { type DiagramMeta, diagramRevision } from "../store/diagrams.ts";
import { collectionTreeDiagrams } from "../store/shared_collections.ts";
import {
  deleteShareLink,
  findShareLink,
  insertShareLink,
  listShareLinks,
  setShareAccess,
  setShareHistory,
  type ShareAccess,
  type ShareLink,
  type ShareTarget,
  useShareLink,
} from "../store/share_links.ts";
import { InvalidInputError, NotFoundError } from "./errors.ts";

export type { ShareAccess, ShareLink, ShareTarget };

const HOUR_MS = 60 * 60 * 1000;
/** The lifetimes a link may be given; "never" lasts until it is revoked. */
export const SHARE_LIFETIMES = {
  "1h": HOUR_MS,
  "1d": 24 * HOUR_MS,
  "7d": 7 * 24 * HOUR_MS,
  "30d": 30 * 24 * HOUR_MS,
  never: null,
} as const;
export type ShareLifetime = keyof typeof SHARE_LIFETIMES;

export interface ShareOptions {
  access: ShareAccess;
  expires: ShareLifetime;
  label: string;
  downloads: boolean;
  history: boolean;
}

const SECRET_BYTES = 32;
const SECRET_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** What the API and the pages show of a link: never its secret, which only its maker saw. */
export interface ShareLinkView {
  id: string;
  target: { type: "diagram" | "collection"; id: string; name: string };
  access: ShareAccess;
  label: string;
  downloads: boolean;
  /** Visitors may see the diagram's kept revisions. */
  history: boolean;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
}

export function shareLinkView(link: ShareLink): ShareLinkView {
  const target = "diagramId" in link.target
    ? { type: "diagram" as const, id: link.target.diagramId, name: link.targetName }
    : { type: "collection" as const, id: link.target.collectionId, name: link.targetName };
  return {
    id: link.id,
    target,
    access: link.access,
    label: link.label,
    downloads: link.downloads,
    history: link.history,
    createdAt: link.createdAt,
    expiresAt: link.expiresAt,
    lastUsedAt: link.lastUsedAt,
  };
}

/**
 * The links that show a diagram: its own, and those of its collection or of any collection around
 * it (a collection's link shows the diagrams of its whole tree).
 */
export function linksShowing(
  links: ShareLinkView[],
  diagram: { id: string; collectionId: string | null },
  collections: { id: string; parentId: string | null }[],
): ShareLinkView[] {
  const parentOf = new Map(collections.map((c) => [c.id, c.parentId]));
  const around = new Set<string>();
  for (
    let id = diagram.collectionId;
    id !== null && !around.has(id);
    id = parentOf.get(id) ?? null
  ) {
    around.add(id);
  }
  return links.filter((link) =>
    link.target.type === "diagram" ? link.target.id === diagram.id : around.has(link.target.id)
  );
}

/** The path a link opens at: `/s/<secret>`. */
export function sharePath(secret: string): string {
  return `/s/${secret}`;
}

export type ShareLinkOperations = ReturnType<typeof shareLinkOperations>;

export function shareLinkOperations(deps: { db: Database; baseUrl: string; now: () => number }) {
  const { db, baseUrl, now } = deps;
  return {
    /** A new link, and its address (shown once). Edit links are for one diagram only. */
    async create(
      userId: string,
      target: ShareTarget,
      options: ShareOptions,
    ): Promise<{ link: ShareLinkView; url: string }> {
      if ("diagramId" in target) {
        // NotFoundError for a diagram that is not there or is in the trash.
        await diagramRevision(db, userId, target.diagramId);
      } else {
        await getCollection(db, userId, target.collectionId);
        if (options.access === "edit") {
          throw new InvalidInputError([
            "access: a collection is shared to view only; share a diagram of it to edit",
          ]);
        }
      }
      const secret = encodeBase64Url(randomBytes(SECRET_BYTES));
      const lifetime = SHARE_LIFETIMES[options.expires];
      const link = await insertShareLink(db, userId, sha256Hex(secret), {
        target,
        access: options.access,
        label: options.label,
        downloads: options.downloads,
        history: options.history,
        expiresAt: lifetime === null ? null : new Date(now() + lifetime).toISOString(),
      });
      return { link: shareLinkView(link), url: `${baseUrl}${sharePath(secret)}` };
    },

    /** The account's live links, newest first; or those of one diagram. */
    async list(userId: string, diagramId?: string): Promise<ShareLinkView[]> {
      const links = await listShareLinks(db, userId, new Date(now()).toISOString(), diagramId);
      return links.map(shareLinkView);
    },

    /** Turns an edit link view-only, or back. NotFoundError when there is no such link. */
    async setAccess(userId: string, id: string, access: ShareAccess): Promise<ShareLinkView> {
      if (!(await setShareAccess(db, userId, id, access))) {
        const exists = await findShareLink(db, userId, id);
        if (exists === null) throw new NotFoundError("share link not found");
        throw new InvalidInputError(["access: a collection is shared to view only"]);
      }
      return shareLinkView((await findShareLink(db, userId, id))!);
    },

    /** Shows the diagram's history to the link's visitors, or stops. NotFoundError: no link. */
    async setHistory(userId: string, id: string, history: boolean): Promise<ShareLinkView> {
      if (!(await setShareHistory(db, userId, id, history))) {
        throw new NotFoundError("share link not found");
      }
      return shareLinkView((await findShareLink(db, userId, id))!);
    },

    /** NotFoundError when there is no such link. */
    async revoke(userId: string, id: string): Promise<void> {
      if (!(await deleteShareLink(db, userId, id))) {
        throw new NotFoundError("share link not found");
      }
    },

    /** The live link a visitor's secret names; null for anything else, told apart by nothing. */
    async open(secret: string): Promise<ShareLink | null> {
      if (!SECRET_SHAPE.test(secret)) return null;
      return await useShareLink(db, sha256Hex(secret), new Date(now()));
    },

    /**
     * What a collection link shows: the live diagrams of its collection and of those nested in it,
     * most recently changed first, at most `limit`; with `onlyId`, that one if it is among them.
     * A diagram link shows no collection: none.
     */
    async collectionDiagrams(
      link: ShareLink,
      options: { limit: number; onlyId?: string },
    ): Promise<DiagramMeta[]> {
      if (!("collectionId" in link.target)) return [];
      return await collectionTreeDiagrams(db, link.userId, link.target.collectionId, options);
    },
  };
}
