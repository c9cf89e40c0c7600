// The y-websocket wire protocol (y-protocols 1.0): every binary frame is a varUint message type
// and its payload. Sync (0) carries step 1 (a state vector), step 2 (the missing updates) and
// incremental updates; awareness (1) carries presence states; query-awareness (3) asks for all of
// them. Auth (2) is never sent by clients here: tokens are checked before the socket opens.
import * as decoding from "lib0/decoding.js";
import * as encoding from "lib0/encoding.js";
import * as awarenessProtocol from "y-protocols/awareness.js";
import * as syncProtocol from "y-protocols/sync.js";
import * as Y from "yjs";
import { updateProblem } from "./update_check.ts";

export const MESSAGE_SYNC = 0;
export const MESSAGE_AWARENESS = 1;
export const MESSAGE_QUERY_AWARENESS = 3;
const SYNC_STEP1 = 0;
const SYNC_STEP2 = 1;
const SYNC_UPDATE = 2;

/** A frame that does not follow the protocol: its connection is closed, nothing else is touched. */
export class ProtocolError extends Error {
  override name = "ProtocolError";
}

/**
 * A change to the room from a connection that may only read (a share link's viewer): refused,
 * and its connection closed, but not held against it as a malformed frame.
 */
export class ReadOnlyError extends Error {
  override name = "ReadOnlyError";
}

/** Sync step 1: our state vector, which the client answers with what we lack. */
export function syncStep1(doc: Y.Doc): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_SYNC);
  syncProtocol.writeSyncStep1(encoder, doc);
  return encoding.toUint8Array(encoder);
}

/** An incremental document update, as broadcast to every client of a room. */
export function updateMessage(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_SYNC);
  syncProtocol.writeUpdate(encoder, update);
  return encoding.toUint8Array(encoder);
}

/** The awareness states of `clients` (all known ones when omitted). */
export function awarenessMessage(
  awareness: awarenessProtocol.Awareness,
  clients: number[] = [...awareness.getStates().keys()],
): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_AWARENESS);
  encoding.writeVarUint8Array(
    encoder,
    awarenessProtocol.encodeAwarenessUpdate(awareness, clients),
  );
  return encoding.toUint8Array(encoder);
}

/** Room left in front of the update for its frame's header: two type bytes and its length. */
const HEADER_ROOM = 2 + 5;

/**
 * Yjs's update encoder, writing into one buffer of `capacity` bytes with room in front for the
 * sync step 2 header, and giving back the whole frame instead of the update alone. Yjs's own path
 * holds a large document four times over while it answers (the encoder's doubling buffers, the
 * update copied out of them, the frame's encoder, the frame copied out of that): a 5 MB room's
 * first client made the server's memory peak at nearly three times the room's. Written in place
 * it is held once. Pages of the buffer past the update are never touched, so they take no memory.
 */
class SyncStep2Encoder extends Y.UpdateEncoderV1 {
  constructor(capacity: number) {
    super();
    this.restEncoder.cbuf = new Uint8Array(HEADER_ROOM + capacity);
    this.restEncoder.cpos = HEADER_ROOM;
  }

  override toUint8Array(): Uint8Array {
    const { bufs, cbuf, cpos } = this.restEncoder;
    // Outgrown (the capacity was a guess): the frame is assembled from the pieces instead.
    if (bufs.length > 0) return frameOf(super.toUint8Array().subarray(HEADER_ROOM));
    const header = encoding.createEncoder();
    encoding.writeVarUint(header, MESSAGE_SYNC);
    encoding.writeVarUint(header, SYNC_STEP2);
    encoding.writeVarUint(header, cpos - HEADER_ROOM);
    const head = encoding.toUint8Array(header);
    const start = HEADER_ROOM - head.byteLength;
    cbuf.set(head, start);
    return cbuf.subarray(start, cpos);
  }
}

/** A sync step 2 frame carrying `update`. */
function frameOf(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_SYNC);
  encoding.writeVarUint(encoder, SYNC_STEP2);
  encoding.writeVarUint8Array(encoder, update);
  return encoding.toUint8Array(encoder);
}

/**
 * Sync step 2: what a client with `stateVector` lacks, as a frame. `capacity` is a guess at its
 * size in bytes (the room's largest so far); a wrong guess costs a copy, never a wrong frame.
 */
export function syncStep2(doc: Y.Doc, stateVector: Uint8Array, capacity: number): Uint8Array {
  // Updates waiting for what they depend on are merged in by Yjs, past any encoder of ours.
  if (doc.store.pendingStructs !== null || doc.store.pendingDs !== null) {
    return frameOf(Y.encodeStateAsUpdate(doc, stateVector));
  }
  return Y.encodeStateAsUpdateV2(doc, stateVector, new SyncStep2Encoder(capacity));
}

/**
 * Applies one client frame to the room's document and awareness (with `origin` as the change's
 * origin) and returns the reply for that client, if any; `syncBytes` is the capacity guess for a
 * sync step 2 (see `syncStep2`). Malformed input is a ProtocolError.
 *
 * A client that may not write (`mayWrite` false) is answered but changes nothing: its sync step 2
 * (its answer to ours on connecting, which may hold history the room has forgotten since it was
 * compacted) and its presence are dropped quietly, an empty update too; an update that would
 * change the document is a ReadOnlyError.
 */
export function handleMessage(
  frame: Uint8Array,
  doc: Y.Doc,
  awareness: awarenessProtocol.Awareness,
  origin: unknown,
  syncBytes = 0,
  mayWrite = true,
): Uint8Array | null {
  try {
    const decoder = decoding.createDecoder(frame);
    const type = decoding.readVarUint(decoder);
    switch (type) {
      case MESSAGE_SYNC: {
        // Read here rather than with y-protocols' readSyncMessage, which logs a broken update
        // and carries on: a broken update is the sender's fault and ends its connection.
        const subtype = decoding.readVarUint(decoder);
        if (subtype === SYNC_STEP1) {
          return syncStep2(doc, decoding.readVarUint8Array(decoder), syncBytes);
        }
        if (subtype !== SYNC_STEP2 && subtype !== SYNC_UPDATE) {
          throw new ProtocolError(`unknown sync message ${subtype}`);
        }
        const update = decoding.readVarUint8Array(decoder);
        if (!mayWrite && subtype === SYNC_STEP2) return null;
        // Walked first: a few bytes claiming millions of structs cost Yjs a long allocation.
        const problem = updateProblem(update);
        if (problem !== null) throw new ProtocolError(`malformed update: ${problem}`);
        if (!mayWrite) {
          if (isEmptyUpdate(update)) return null;
          throw new ReadOnlyError("this connection may only view the diagram; writes are refused");
        }
        Y.applyUpdate(doc, update, origin);
        return null;
      }
      case MESSAGE_AWARENESS: {
        const update = decoding.readVarUint8Array(decoder);
        if (!mayWrite) return null;
        awarenessProtocol.applyAwarenessUpdate(awareness, update, origin);
        return null;
      }
      case MESSAGE_QUERY_AWARENESS:
        return awarenessMessage(awareness);
      default:
        throw new ProtocolError(`unknown message type ${type}`);
    }
  } catch (error) {
    if (error instanceof ProtocolError || error instanceof ReadOnlyError) throw error;
    // lib0 and Yjs throw plain errors on truncated or garbled payloads.
    throw new ProtocolError(`malformed frame: ${error instanceof Error ? error.message : error}`);
  }
}

/** An update that carries no struct and no deletion (checked for shape already). */
function isEmptyUpdate(update: Uint8Array): boolean {
  const { structs, ds } = Y.decodeUpdate(update);
  return structs.length === 0 && ds.clients.size === 0;
}
