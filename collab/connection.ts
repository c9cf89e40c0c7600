// One client's WebSocket, as a room's Peer: frames out with a bound on what may wait in the send
// buffer (a client too slow to take them is closed, never waited for), frames in checked for
// type, size and rate before the room sees them.
import type { CollabLimits } from "./config.ts";
import type { Peer } from "./room/room.ts";
import { CLOSE } from "./rooms/rooms.ts";

export interface Connection extends Peer {
  /** A frame from the client: its bytes, or null when the frame was refused (socket closed). */
  accept(data: unknown): Uint8Array | null;
}

/** Bytes of the frames a connection took in and sent out, for /metrics. */
export interface Traffic {
  received(bytes: number): void;
  sent(bytes: number): void;
}

/** `session`: the session that granted the connection's token. */
export function connection(
  socket: WebSocket,
  limits: CollabLimits,
  session: string,
  traffic?: Traffic,
): Connection {
  const burst = limits.messagesPerSecond * 10;
  let tokens = burst;
  let refilledAt = performance.now();
  const closed = new Promise<void>((resolve) => socket.addEventListener("close", () => resolve()));
  const close = (code: number, reason: string) => {
    if (socket.readyState === WebSocket.CLOSED) return;
    if (socket.readyState !== WebSocket.CLOSING) socket.close(code, reason);
    return closed;
  };
  return {
    awarenessIds: new Set(),
    session,
    close,
    send(frame) {
      if (socket.readyState !== WebSocket.OPEN) return;
      if (socket.bufferedAmount > limits.maxBufferedBytes) {
        close(CLOSE.tryLater, "too slow to keep up; reconnect");
        return;
      }
      socket.send(frame);
      traffic?.sent(frame.byteLength);
    },
    accept(data) {
      if (!(data instanceof ArrayBuffer)) {
        close(CLOSE.badFrame, "text frames are not part of the protocol");
        return null;
      }
      if (data.byteLength > limits.maxMessageBytes) {
        close(CLOSE.tooLarge, `a message is at most ${limits.maxMessageBytes} bytes`);
        return null;
      }
      const at = performance.now();
      tokens = Math.min(burst, tokens + (at - refilledAt) / 1000 * limits.messagesPerSecond);
      refilledAt = at;
      if (tokens < 1) {
        close(CLOSE.tooMany, "too many messages; slow down");
        return null;
      }
      tokens--;
      traffic?.received(data.byteLength);
      return new Uint8Array(data);
    },
  };
}
