// collab's own series: rooms and connections (read when scraped), bytes in and out, saves to the
// diagram service and those that failed, and malformed frames. Memory is the process's RSS,
// which every service reports (runtime/metrics/process.ts).
import type { Registry } from "../runtime/metrics/registry.ts";
import type { Traffic } from "./connection.ts";
import type { Rooms } from "./rooms/rooms.ts";

export interface CollabMetrics extends Traffic {
  malformedFrame(): void;
}

/** The families of the rooms; `connections` counts open WebSockets, in a room or still joining. */
export function collabMetrics(
  registry: Registry,
  rooms: Pick<Rooms, "stats" | "saveCounts">,
  connections: () => number,
): CollabMetrics {
  registry.collected("collab_rooms", "Rooms loaded.", "gauge", () => rooms.stats().rooms);
  registry.collected("collab_connections", "WebSockets open.", "gauge", connections);
  registry.collected(
    "collab_flushes_total",
    "Room saves the diagram service stored.",
    "counter",
    () => rooms.saveCounts().done,
  );
  registry.collected(
    "collab_flush_failures_total",
    "Room saves that did not store (the diagram service refused or was unreachable).",
    "counter",
    () => rooms.saveCounts().failed,
  );
  const received = registry.counter(
    "collab_received_bytes_total",
    "Bytes of the WebSocket frames taken in from clients.",
  );
  const sent = registry.counter(
    "collab_sent_bytes_total",
    "Bytes of the WebSocket frames sent to clients.",
  );
  const malformed = registry.counter(
    "collab_malformed_frames_total",
    "Frames that broke the protocol (their connection was closed with 4400).",
  );
  return {
    received: (bytes) => received.inc({}, bytes),
    sent: (bytes) => sent.inc({}, bytes),
    malformedFrame: () => malformed.inc(),
  };
}
