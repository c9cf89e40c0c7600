// Every loaded room, and their lifecycle: loaded once on the first join (two clients joining at
// once share one load, so nothing is seeded twice), saved while dirty on every flush tick, checked
// against the stored revision on every tick (idle rooms too), closed with 4409 when the diagram
// was replaced elsewhere, unloaded when its last client has been gone `unloadMs`, and saved (or
// written to disk as pending) at shutdown. A client joins only while its token's session is live;
// every tick first asks which sessions of the rooms' clients have ended: their clients are closed
// with 4401 and what they wrote after the end is taken back, before any room is saved.
import * as Y from "yjs";
import { compactState } from "../room/compact.ts";
import type { DiagramClient } from "./diagram_client.ts";
import { DiagramUnavailableError } from "./diagram_client.ts";
import type { RoomFiles } from "./room_files.ts";
import { type Peer, Room, SERVER_ORIGIN } from "../room/room.ts";
import { sceneElements, seedDocument } from "../room/scene.ts";
import type { SessionGate } from "./session_gate.ts";

export const CLOSE = {
  /** Also a token whose session has ended (signed out, password reset, token revoked). */
  badToken: 4401,
  otherDiagram: 4403,
  gone: 4404,
  badFrame: 4400,
  replaced: 4409,
  tooLarge: 4413,
  /** A change sent by a connection that may only view (a share link's viewer). */
  readOnly: 4405,
  /** Not 44xx: the y-websocket client reconnects after these. */
  tryLater: 1013,
  restarting: 1012,
  tooMany: 1008,
} as const;

export const SESSION_ENDED = "the session that granted this token has ended; sign in again";

/** The room cannot be opened now, with the close code that tells the client why. */
export class RoomUnavailable extends Error {
  override name = "RoomUnavailable";
  constructor(readonly code: number, message: string) {
    super(message);
  }
}

export interface RoomsOptions {
  client: DiagramClient;
  /** Which tokens' sessions are live; asked before a join and on every tick. */
  sessions: SessionGate;
  files: RoomFiles;
  maxRooms: number;
  flushMs: number;
  unloadMs: number;
  log?: (line: string) => void;
  now?: () => number;
}

/** Saves in flight at once, so a thousand dirty rooms do not open a thousand requests. */
const SAVE_CONCURRENCY = 8;
const MAX_BACKOFF_MS = 5 * 60_000;
/** How long a shutdown waits for its clients to answer the close. */
const CLOSE_WAIT_MS = 2_000;

/** `promise`, or nothing once `ms` have passed. */
async function awaitAtMost(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([promise, new Promise((resolve) => timer = setTimeout(resolve, ms))]);
  clearTimeout(timer);
}

interface Loaded {
  room: Room;
  /** When the last client left; null while someone is in the room. */
  emptySince: number | null;
  failures: number;
  nextSaveAt: number;
  /** The last save failed because the diagram service was unreachable. */
  unreachable: boolean;
}

export type Rooms = ReturnType<typeof createRooms>;

/**
 * `work` on every item, at most `concurrency` at a time, each started on an event-loop turn of
 * its own: a save's synchronous part (its elements and their JSON) then runs between the frames
 * of the rooms being edited instead of all saves' in one block that holds them up.
 */
async function eachInTurn<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<unknown>,
): Promise<void> {
  const running = new Set<Promise<unknown>>();
  for (const item of items) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (running.size >= concurrency) await Promise.race(running);
    const done: Promise<unknown> = work(item).finally(() => running.delete(done));
    running.add(done);
  }
  await Promise.all(running);
}

export function createRooms(options: RoomsOptions) {
  const log = options.log ?? ((line: string) => console.error(`collab: ${line}`));
  const now = options.now ?? Date.now;
  const loaded = new Map<string, Loaded>();
  const loading = new Map<string, Promise<Loaded>>();
  /** Rooms with edits left on disk by an earlier run, still to be saved. */
  const unsavedOnDisk = new Set<string>();
  let ticking: Promise<void> | null = null;
  /** Saves to the diagram service since the start, for /metrics. */
  const saves = { done: 0, failed: 0 };
  /** Rooms loaded plus rooms dropped, so far: it changes whenever the set of rooms does. */
  let roomChanges = 0;

  async function load(id: string): Promise<Loaded> {
    if (loaded.size + loading.size >= options.maxRooms) {
      throw new RoomUnavailable(CLOSE.tryLater, "the collaboration server is full");
    }
    let seed;
    try {
      seed = await options.client.seed(id);
    } catch (error) {
      if (!(error instanceof DiagramUnavailableError)) throw error;
      log(`cannot load room ${id}: ${error.message}`);
      throw new RoomUnavailable(CLOSE.tryLater, "the diagram service is unreachable; retrying");
    }
    if (seed === null) throw new RoomUnavailable(CLOSE.gone, "the diagram does not exist");
    const room = new Room(id, now);
    const record = await options.files.read(id).catch((error) => {
      log(`room file of ${id} unreadable, starting from the stored diagram: ${error}`);
      return null;
    });
    if (record && record.revision === seed.revision) {
      // Same base: continue the same CRDT history, so reconnecting clients merge cleanly.
      room.fill((doc) => {
        Y.applyUpdate(doc, record.state, SERVER_ORIGIN);
        return record.state.byteLength;
      });
      room.revision = record.revision;
      if (record.pending) room.markUnsaved();
    } else {
      if (record?.pending) {
        const kept = await options.files.setAside(id);
        log(
          `room ${id}: unsaved edits on revision ${record.revision}, but the diagram is at ` +
            `${seed.revision}; kept in ${kept}`,
        );
      }
      room.fill((doc) => seedDocument(doc, seed, SERVER_ORIGIN));
      room.revision = seed.revision;
    }
    const entry: Loaded = {
      room,
      emptySince: now(),
      failures: 0,
      nextSaveAt: 0,
      unreachable: false,
    };
    loaded.set(id, entry);
    roomChanges++;
    return entry;
  }

  function open(id: string): Promise<Loaded> {
    const ready = loaded.get(id);
    if (ready) return Promise.resolve(ready);
    let pending = loading.get(id);
    if (!pending) {
      pending = load(id).finally(() => loading.delete(id));
      loading.set(id, pending);
    }
    return pending;
  }

  /** Saves one room now; false when it stays dirty (unreachable, refused) or was replaced. */
  async function save(entry: Loaded): Promise<boolean> {
    const { room } = entry;
    const edits = room.edits;
    const elements = sceneElements(room.doc, now());
    const writers = room.unsavedWriters();
    try {
      const outcome = await options.client.save(room.id, room.revision, elements, writers);
      if (outcome.saved) {
        saves.done++;
        room.saved(outcome.revision, edits);
        entry.failures = 0;
        entry.unreachable = false;
        // Edits that arrived while the save was in flight are in the state written, but not
        // stored: the record stays pending, or a crash now would leave them marked as saved.
        await writeRecord(room, room.dirty);
        return true;
      }
      if (outcome.stale) {
        await replaced(entry, outcome.currentRevision);
        return false;
      }
      log(
        `room ${room.id}: the diagram service refused the scene: ${
          outcome.problems.slice(0, 3).join("; ")
        }`,
      );
    } catch (error) {
      if (!(error instanceof DiagramUnavailableError)) throw error;
      log(`room ${room.id}: not saved, will retry: ${error.message}`);
      entry.unreachable = true;
    }
    saves.failed++;
    entry.failures++;
    entry.nextSaveAt = now() + Math.min(options.flushMs * 2 ** entry.failures, MAX_BACKOFF_MS);
    return false;
  }

  async function writeRecord(room: Room, pending: boolean): Promise<void> {
    try {
      await options.files.write(room.id, {
        revision: room.revision,
        pending,
        state: Y.encodeStateAsUpdate(room.doc),
      });
    } catch (error) {
      log(`room ${room.id}: cannot write its room file: ${error}`);
    }
  }

  /**
   * The stored diagram moved on (or is gone): the room's clients are sent away to reload, and the
   * room is dropped so the next join starts from the stored diagram. Edits the room had not saved
   * are kept on disk under conflicts/, never written over the newer diagram.
   */
  async function replaced(entry: Loaded, currentRevision: number | null): Promise<void> {
    const { room } = entry;
    loaded.delete(room.id);
    roomChanges++;
    if (room.dirty) {
      await writeRecord(room, true);
      const kept = await options.files.setAside(room.id).catch(() => "nowhere (write failed)");
      log(`room ${room.id}: replaced while holding unsaved edits; kept in ${kept}`);
    }
    void room.closePeers(
      currentRevision === null ? CLOSE.gone : CLOSE.replaced,
      currentRevision === null
        ? "the diagram was deleted"
        : "the diagram was replaced; reload it to see the new version",
    );
    room.destroy();
  }

  async function unload(entry: Loaded): Promise<void> {
    // Edits whose session is not confirmed yet wait for the next check.
    if (entry.room.sessions().size > 0) return;
    if (entry.room.dirty && !(await save(entry))) return;
    const { room } = entry;
    if (loaded.get(room.id) !== entry || room.peers.size > 0 || room.dirty) return;
    // Saved and empty: its file keeps the current content only, not every past session's history
    // (a client joining meanwhile finds the same content, in the room or in the file).
    const state = compactState(room.doc, now());
    await options.files.write(room.id, { revision: room.revision, pending: false, state })
      .catch((error) => log(`room ${room.id}: cannot write its compacted room file: ${error}`));
    if (loaded.get(room.id) !== entry || room.peers.size > 0) return;
    loaded.delete(room.id);
    roomChanges++;
    room.destroy();
  }

  /**
   * Asks which sessions of the rooms' clients (and of edits not confirmed yet) have ended: their
   * clients are closed and what they wrote after the end is taken back; the rest is confirmed.
   * False when the diagram service could not say.
   */
  async function checkSessions(): Promise<boolean> {
    const asked = new Set<string>();
    for (const entry of loaded.values()) {
      for (const session of entry.room.sessions()) asked.add(session);
    }
    if (asked.size === 0) return true;
    let verdict;
    try {
      verdict = await options.sessions.check(asked);
    } catch (error) {
      if (!(error instanceof DiagramUnavailableError)) throw error;
      log(`cannot check sessions, nothing saved until it can: ${error.message}`);
      return false;
    }
    for (const entry of loaded.values()) {
      for (const session of entry.room.sessions()) {
        if (!asked.has(session)) continue;
        if (verdict.ended.has(session)) {
          entry.room.endSession(
            session,
            verdict.ended.get(session)!,
            CLOSE.badToken,
            SESSION_ENDED,
          );
        } else {
          entry.room.confirmSession(session, verdict.asOf);
        }
      }
    }
    return true;
  }

  /** Checks sessions, then saves dirty rooms, finds replaced ones, unloads empty ones. */
  async function tick(): Promise<void> {
    for (const id of [...unsavedOnDisk]) {
      try {
        await open(id);
        unsavedOnDisk.delete(id);
      } catch (error) {
        if (!(error instanceof RoomUnavailable)) throw error;
        if (error.code === CLOSE.gone) unsavedOnDisk.delete(id);
      }
    }
    // A room is saved only once its writers are known to have been live when they wrote.
    if (!(await checkSessions())) return;
    const due = [...loaded.values()].filter((entry) =>
      entry.room.dirty && entry.nextSaveAt <= now()
    );
    await eachInTurn(due, SAVE_CONCURRENCY, save);
    const ids = [...loaded.keys()];
    if (ids.length > 0) {
      try {
        const stored = await options.client.revisions(ids);
        for (const id of ids) {
          const entry = loaded.get(id);
          if (!entry) continue;
          if (id in stored && stored[id] !== entry.room.revision) {
            await replaced(entry, stored[id]);
          } else if (entry.unreachable) {
            // The service answers again: saves put off by an outage's backoff are due now, not
            // minutes later.
            entry.unreachable = false;
            entry.nextSaveAt = 0;
          }
        }
      } catch (error) {
        if (!(error instanceof DiagramUnavailableError)) throw error;
        log(`cannot check stored revisions: ${error.message}`);
      }
    }
    for (const entry of [...loaded.values()]) {
      if (entry.emptySince !== null && now() - entry.emptySince >= options.unloadMs) {
        await unload(entry);
      }
    }
  }

  return {
    /**
     * Joins `peer` to the room of diagram `id`, loading it first if needed; RoomUnavailable with
     * 4401 when its session has ended, or 1013 when nobody can say.
     */
    async join(id: string, peer: Peer): Promise<Room> {
      let live;
      try {
        live = await options.sessions.admits(peer.session);
      } catch (error) {
        if (!(error instanceof DiagramUnavailableError)) throw error;
        log(`cannot check a joining client's session: ${error.message}`);
        throw new RoomUnavailable(CLOSE.tryLater, "the diagram service is unreachable; retrying");
      }
      if (!live) throw new RoomUnavailable(CLOSE.badToken, SESSION_ENDED);
      const entry = await open(id);
      entry.emptySince = null;
      entry.room.join(peer);
      return entry.room;
    },

    leave(room: Room, peer: Peer): void {
      room.leave(peer);
      const entry = loaded.get(room.id);
      if (entry?.room === room && room.peers.size === 0) entry.emptySince = now();
    },

    /** One flush tick; ticks never overlap. */
    tick(): Promise<void> {
      ticking ??= tick().finally(() => (ticking = null));
      return ticking;
    },

    /** Rooms left with unsaved edits by an earlier run: loaded and saved on the coming ticks. */
    async resumeUnsaved(): Promise<number> {
      for (const id of await options.files.pending()) unsavedOnDisk.add(id);
      return unsavedOnDisk.size;
    },

    /**
     * Saves every dirty room; those the diagram service does not take now stay on disk as
     * pending, saved at the next start. Clients are told to reconnect (1012).
     */
    async shutdown(): Promise<void> {
      await ticking;
      // What ended sessions wrote since the last tick is taken back before the last saves.
      await checkSessions();
      const dirty = [...loaded.values()].filter((entry) => entry.room.dirty);
      // On disk first (fast, local): whatever happens to the saves below, nothing is lost.
      for (const entry of dirty) await writeRecord(entry.room, true);
      for (let i = 0; i < dirty.length; i += SAVE_CONCURRENCY) {
        await Promise.all(
          dirty.slice(i, i + SAVE_CONCURRENCY).map(async (entry) => {
            entry.nextSaveAt = 0;
            if (!(await save(entry)) && loaded.has(entry.room.id)) {
              log(`room ${entry.room.id}: unsaved edits kept on disk, saved at the next start`);
            }
          }),
        );
      }
      const closing = [...loaded.values()].map((entry) =>
        entry.room.closePeers(CLOSE.restarting, "the collaboration server is restarting")
      );
      // Until the clients answer: a server that stops first makes Deno close their sockets
      // itself, with 1001, and they would not learn that this is a restart. A client that does
      // not answer is not waited for long.
      await awaitAtMost(Promise.all(closing), CLOSE_WAIT_MS);
      for (const entry of loaded.values()) entry.room.destroy();
      loaded.clear();
    },

    /** Saves that stored a room's edits, and saves that did not (refused or unreachable). */
    saveCounts(): { done: number; failed: number } {
      return { ...saves };
    },

    /** Rooms loaded plus rooms dropped (unloaded or replaced) since the start. */
    roomChanges(): number {
      return roomChanges;
    },

    /** When a loaded room last took an edit, unix ms (0: none has). */
    lastEditAt(): number {
      let last = 0;
      for (const entry of loaded.values()) last = Math.max(last, entry.room.lastEditAt);
      return last;
    },

    stats(): { rooms: number; connections: number } {
      let connections = 0;
      for (const entry of loaded.values()) connections += entry.room.peers.size;
      return { rooms: loaded.size, connections };
    },
  };
}
