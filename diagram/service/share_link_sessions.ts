// Room connections granted by share links, as sessions the collab server can ask about like a
// sign-in: a visitor of a link is `v:<link id>` (the collab server lets that kind read only), an
// edit link's guest `g:<link id><since>`, `since` being when the link's access last changed (base
// 36 ms). Such a session ends when its link does (revoked or deleted with everything at a password
// reset: at a time nobody can tell; expired; its diagram in the trash), and a guest's also when
// its link is turned view-only. Turned back to editing, the link's new guests are a new session:
// the collab server remembers an ended one for a token's lifetime.
import type { Database } from "../db/database.ts";
import { type ShareLinkState, shareLinkStates } from "../store/share_links.ts";
import { RANDOM_ID_SHAPE } from "../store/random_id.ts";

const VIEWER = "v:";
const GUEST = "g:";
/** Link ids are randomId()s: 22 characters, then a guest's `since`. */
const LINK_ID_LENGTH = 22;

/** The session reference of a link's visitors: a guest's when `state` allows editing. */
export function linkSessionRef(linkId: string, state: ShareLinkState): string {
  return state.access === "edit"
    ? `${GUEST}${linkId}${sinceMark(state.accessSince)}`
    : `${VIEWER}${linkId}`;
}

function sinceMark(accessSince: string): string {
  return Date.parse(accessSince).toString(36);
}

interface LinkRef {
  ref: string;
  linkId: string;
  /** A guest's `since` mark; null for a viewer. */
  since: string | null;
}

function parseLinkRef(ref: string): LinkRef | null {
  const guest = ref.startsWith(GUEST);
  if (!guest && !ref.startsWith(VIEWER)) return null;
  const linkId = ref.slice(2, 2 + LINK_ID_LENGTH);
  if (!RANDOM_ID_SHAPE.test(linkId)) return null;
  const since = ref.slice(2 + LINK_ID_LENGTH);
  if (guest === (since === "")) return null;
  return { ref, linkId, since: guest ? since : null };
}

/** The link references among `refs`. */
function linkRefs(refs: readonly string[]): LinkRef[] {
  return refs.map(parseLinkRef).filter((ref) => ref !== null);
}

/**
 * When each of these link sessions ended (ISO), or null while it is live; references of no link
 * (revoked, deleted with everything at a password reset, or never one) are left out: ended at a
 * time nobody can tell. Other kinds of reference are ignored.
 */
export async function linkSessionEnds(
  db: Database,
  refs: readonly string[],
  now: number,
): Promise<Map<string, string | null>> {
  const links = linkRefs(refs);
  const states = await shareLinkStates(db, links.map((link) => link.linkId));
  const at = new Date(now).toISOString();
  const ends = new Map<string, string | null>();
  for (const link of links) {
    const state = states.get(link.linkId);
    if (state === undefined) continue;
    if (state.expiresAt !== null && state.expiresAt <= at) ends.set(link.ref, state.expiresAt);
    else if (state.trashedAt !== null) ends.set(link.ref, state.trashedAt);
    else if (link.since === null) ends.set(link.ref, null);
    else if (state.access === "view") ends.set(link.ref, state.accessSince);
    // Turned view-only and back since the token: its guests' time ended, nobody knows when.
    else if (link.since === sinceMark(state.accessSince)) ends.set(link.ref, null);
  }
  return ends;
}

/**
 * Whom a save holding the edits of `writers` (session references) credits besides the owner: the
 * labels of the edit links whose guests are among them, or "" when only unlabelled or vanished
 * links' guests are; null when no guest wrote.
 */
export async function guestCredit(
  db: Database,
  writers: readonly string[],
): Promise<string | null> {
  const guests = linkRefs(writers).filter((link) => link.since !== null);
  if (guests.length === 0) return null;
  const states = await shareLinkStates(db, guests.map((guest) => guest.linkId));
  const labels = new Set([...states.values()].map((state) => state.label).filter(Boolean));
  return [...labels].join(", ");
}
