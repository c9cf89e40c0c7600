// One diagram's room: its Y.Doc and awareness, the clients in it, and what the room knows about
// saving (the stored revision it is based on, and whether it holds edits not saved yet). Every
// document update is sent to every other client; presence too, and a client's presence is
// removed when it leaves.
import * as awarenessProtocol from "y-protocols/awareness.js";
import * as Y from "yjs";
import { awarenessMessage, handleMessage, syncStep1, updateMessage } from "./protocol.ts";

/** A connected client, as a room sees it. */
export interface Peer {
  send(frame: Uint8Array): void;
  close(code: number, reason: string): void;
  /** The awareness client ids this connection speaks for. */
  readonly awarenessIds: Set<number>;
}

/** Changes made by the server itself (seeding, recording a save): they are nobody's edits. */
export const SERVER_ORIGIN = Symbol("server");

export class Room {
  readonly doc = new Y.Doc();
  readonly awareness = new awarenessProtocol.Awareness(this.doc);
  readonly peers = new Set<Peer>();
  /** The stored revision the room's content is based on. */
  revision = 0;
  /** Counts the clients' edits; `savedEdits` is the count the last save included. */
  edits = 0;
  savedEdits = 0;

  constructor(readonly id: string) {
    // The server is no participant: it has no presence of its own.
    this.awareness.setLocalState(null);
    this.doc.on("update", (update: Uint8Array, origin: unknown) => {
      if (origin !== SERVER_ORIGIN) this.edits++;
      this.broadcast(updateMessage(update), origin);
    });
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
    const reply = handleMessage(frame, this.doc, this.awareness, peer);
    if (reply) peer.send(reply);
  }

  leave(peer: Peer): void {
    if (!this.peers.delete(peer)) return;
    awarenessProtocol.removeAwarenessStates(this.awareness, [...peer.awarenessIds], null);
  }

  /** Records a save: the new stored revision, shared with the clients as meta.revision. */
  saved(revision: number, edits: number): void {
    this.revision = revision;
    this.savedEdits = edits;
    this.doc.transact(() => this.doc.getMap("meta").set("revision", revision), SERVER_ORIGIN);
  }

  closeAll(code: number, reason: string): void {
    for (const peer of [...this.peers]) {
      this.leave(peer);
      peer.close(code, reason);
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
