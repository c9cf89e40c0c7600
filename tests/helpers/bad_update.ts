// A malformed y-websocket frame that used to be expensive: sync (0), update (2), then a 62-byte
// "update" whose first client claims 2^25 - 1 structs, followed by garbage. Yjs allocates an array
// of that length before reading a struct (170-450 ms here), then runs out of bytes and throws.
import * as encoding from "lib0/encoding.js";
import * as syncProtocol from "y-protocols/sync.js";

/** The whole 65-byte frame. */
export function craftedUpdateFrame(): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, 0);
  syncProtocol.writeUpdate(encoder, craftedUpdate());
  return encoding.toUint8Array(encoder);
}

/** The update inside the frame: 62 bytes. */
export function craftedUpdate(): Uint8Array {
  const body = [1, 0xff, 0xff, 0xff, 0x0f];
  for (let i = body.length; i < 62; i++) body.push((i * 73 + 11) & 0xff);
  return new Uint8Array(body);
}
