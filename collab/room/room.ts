// One diagram's room: its Y.Doc and awareness, the clients in it, and what the room knows about
// saving (the stored revision it is based on, and whether it holds edits not saved yet). Every
// document update is sent to every other client; presence too, and a client's presence is
// removed when it leaves. What each session's clients wrote is kept until the session is
// confirmed live, so that the room can take back what a session wrote after it ended.
import * as awarenessProtocol from "y-protocols/awareness.js";
import * as Y from "yjs";
import { sessionMayWrite } from "../../shared/collab_token.ts";
import { awarenessMessage, handleMessage, syncStep1, updateMessage } from "../protocol/protocol.ts";
import { SCENE_MAPS, undoElementChange } from "./scene.ts";
import { SessionEdits } from "./session_edits.ts";

/** A connected client, as a room sees it. */
export interface Peer {
  send(frame: Uint8Array): void;
  /** Closes the connection; settles once the client has answered (or the socket is gone). */
  close(code: number, reason: string): Promise<void> | void;
  /** The awareness client ids this connection speaks for. */
  readonly awarenessIds: Set<number>;
  /** The session that granted its token (opaque: the token's `sid`). */
  readonly session: string;
}

/** Changes made by the server itself (seeding, recording a save): they are nobody's edits. */
export const SERVER_ORIGIN = Symbol("server");
/** The room taking back what an ended session wrote: an edit to save, like a client's. */
const UNDO_ORIGIN = Symbol("undo");

/** A size with room to grow: the pages of a buffer never written take no memory. */
const withMargin = (bytes: number) => Math.ceil(bytes * 1.25) + 64 * 1024;

export class Room {
  readonly doc = new Y.Doc();
  readonly awareness = new awarenessProtocol.Awareness(this.doc);
  readonly peers = new Set<Peer>();
  /** The stored revision the room's content is based on. */
  revision = 0;
  /** Counts the clients' edits; `savedEdits` is the count the last save included. */
  edits = 0;
  savedEdits = 0;
  /** When the last edit arrived, unix ms (0: none yet). */
  lastEditAt = 0;
  private readonly unconfirmed = new SessionEdits();
  /** Sessions that wrote since the last save, each with the edit count after its latest write. */
  private readonly writers = new Map<string, number>();
  /**
   * A guess at the size of a client's first sync (the document's whole state), in bytes: what
   * the room was filled with, then the largest sync step 2 sent, each with a margin to grow.
   */
  private syncBytes = 0;

  constructor(readonly id: string, private readonly now: () => number = Date.now) {
    // The server is no participant: it has no presence of its own.
    this.awareness.setLocalState(null);
    for (const name of SCENE_MAPS) {
      this.doc.getMap(name).observe((event) => {
        const peer = event.transaction.origin as Peer;
        if (this.peers.has(peer)) this.unconfirmed.record(peer.session, event, this.now());
      });
    }
    this.doc.on("update", this.onUpdate);
    this.awareness.on(
      "update",
      (
        change: { added: number[]; updated: number[]; removed: number[] },
        origin: unknown,
      ) => {
        const peer = this.peers.has(origin as Peer) ? origin as Peer : undefined;
        // Re-added states (a client back after a reconnect) are this peer's too.
        for (const id of [...change.added, ...change.updated]) peer?.awarenessIds.add(id);
        for (const id of change.removed) peer?.awarenessIds.delete(id);
        const changed = [...change.added, ...change.updated, ...change.removed];
        this.broadcast(awarenessMessage(this.awareness, changed));
      },
    );
  }

  private readonly onUpdate = (update: Uint8Array, origin: unknown) => {
    if (origin !== SERVER_ORIGIN) {
      this.edits++;
      this.lastEditAt = this.now();
    }
    if (this.peers.has(origin as Peer)) this.writers.set((origin as Peer).session, this.edits);
    this.broadcast(updateMessage(update), origin);
  };

  /**
   * Fills the document before anyone joins (a seed, a room file); `write` returns about how many
   * bytes it wrote. With nobody to send it to, the update is not encoded at all (Yjs encodes one
   * only for an "update" listener), which would have been a second copy of the whole document,
   * and a third as its message, while loading.
   */
  fill(write: (doc: Y.Doc) => number): void {
    if (this.peers.size > 0) throw new Error("a room is filled before anyone joins");
    this.doc.off("update", this.onUpdate);
    try {
      this.syncBytes = withMargin(write(this.doc));
    } finally {
      this.doc.on("update", this.onUpdate);
    }
  }

  get dirty(): boolean {
    return this.edits !== this.savedEdits;
  }

  /** Edits from before a restart that were never stored: the room owes a save. */
  markUnsaved(): void {
    this.edits++;
  }

  join(peer: Peer): void {
    this.peers.add(peer);
    peer.send(syncStep1(this.doc));
    if (this.awareness.getStates().size > 0) peer.send(awarenessMessage(this.awareness));
  }

  /** One frame from a peer; a ProtocolError means that peer broke the protocol. */
  receive(peer: Peer, frame: Uint8Array): void {
    // A peer the room sent away (its session ended) may still have frames on their way in.
    if (!this.peers.has(peer)) return;
    const reply = handleMessage(
      frame,
      this.doc,
      this.awareness,
      peer,
      this.syncBytes,
      sessionMayWrite(peer.session),
    );
    if (!reply) return;
    this.syncBytes = Math.max(this.syncBytes, withMargin(reply.byteLength));
    peer.send(reply);
  }

  leave(peer: Peer): void {
    if (!this.peers.delete(peer)) return;
    awarenessProtocol.removeAwarenessStates(this.awareness, [...peer.awarenessIds], null);
  }

  /** Sessions that wrote since the last save: a save of the room now holds their edits. */
  unsavedWriters(): string[] {
    return [...this.writers.keys()];
  }

  /** Records a save: the new stored revision, shared with the clients as meta.revision. */
  saved(revision: number, edits: number): void {
    this.revision = revision;
    this.savedEdits = edits;
    for (const [session, last] of this.writers) if (last <= edits) this.writers.delete(session);
    this.doc.transact(() => this.doc.getMap("meta").set("revision", revision), SERVER_ORIGIN);
  }

  /** Closes every peer, or those of `session` only; settles when all of them have closed. */
  closePeers(code: number, reason: string, session?: string): Promise<unknown> {
    const closing = [];
    for (const peer of [...this.peers]) {
      if (session !== undefined && peer.session !== session) continue;
      this.leave(peer);
      closing.push(peer.close(code, reason));
    }
    return Promise.all(closing);
  }

  /** Sessions with a peer here, or with edits not confirmed yet: what the next check asks about. */
  sessions(): Set<string> {
    const sessions = this.unconfirmed.sessions();
    for (const peer of this.peers) sessions.add(peer.session);
    return sessions;
  }

  /** `session` was live at `asOf`: what it wrote before then is its own to keep. */
  confirmSession(session: string, asOf: number): void {
    this.unconfirmed.confirm(session, asOf);
  }

  /**
   * `session` ended at `endedAt` (null: at an unknown time): its peers are closed, then what it
   * wrote since is taken back, for every other client too.
   */
  endSession(session: string, endedAt: number | null, code: number, reason: string): void {
    void this.closePeers(code, reason, session);
    // Everything of theirs not confirmed is taken back: no save is theirs any more.
    if (endedAt === null) this.writers.delete(session);
    const elements = this.doc.getMap("elements");
    for (const undo of this.unconfirmed.undo(session, endedAt)) {
      const { map, key, after } = undo;
      // A nested shared type, once replaced, cannot be put back: the key goes instead.
      const before = undo.before instanceof Y.AbstractType ? undefined : undo.before;
      const steps = map === elements ? undoElementChange(before, after, this.now()) : [before];
      // Each step its own update: an editor sees an element deleted before its key goes.
      for (const value of steps) {
        this.doc.transact(() => {
          if (value === undefined) map.delete(key);
          else map.set(key, value);
        }, UNDO_ORIGIN);
      }
    }
  }

  destroy(): void {
    this.awareness.destroy();
    this.doc.destroy();
  }

  private broadcast(frame: Uint8Array, except?: unknown): void {
    for (const peer of this.peers) if (peer !== except) peer.send(frame);
  }
}
