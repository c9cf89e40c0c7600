// A Deno worker holding some of bench/collab_bench.ts's fan-out clients, each editing its own
// rectangle at a steady rate and recording, for every edit of another client it receives,
// receive − send time (both performance.timeOrigin + performance.now(): one clock for every
// thread of the process, within ~0.1 ms). Two kinds of client:
// - "provider": the real y-websocket WebsocketProvider, which applies every update it receives
//   to its own Y.Doc, as an editor does; on one machine the clients then cost as much CPU as the
//   server, so crowded scenarios measure the clients;
// - "wire": a bare WebSocket that speaks the sync protocol (step 1 on open, its own edits as
//   sync updates made by a Y.Doc of its own) and reads the send time out of each update's bytes
//   without applying it: the time until the server's fan-out reaches the client's socket, which
//   is what remote editors would see of the server.
// Messages in: connect → synced; start (edits begin); window {from, to} (latencies of receipts in
// it are kept); stop → result once edits stopped and the last ones arrived: every latency, and per
// edit (room/element/version) its first and last receipt here; `lags`: how late a 5 ms timer of
// this worker fired, sampled through the window, the time a message waits here for its turn.
import process from "node:process";
import * as encoding from "lib0/encoding.js";
import * as syncProtocol from "y-protocols/sync.js";
import * as Y from "yjs";
import { MESSAGE_SYNC } from "../collab/protocol/protocol.ts";
import { joinRoom, whenSynced } from "../tests/helpers/collab_instance.ts";
import { ELEMENT_DEFAULTS } from "../tests/helpers/scene_fixture.ts";

export interface ClientSpec {
  /** The diagram id, which is also the room name. */
  room: string;
  token: string;
  /** The id and fractional index of the rectangle this client keeps moving. */
  elementId: string;
  index: string;
}

export type ClientKind = "provider" | "wire";

export type ToClients =
  | {
    type: "connect";
    serverUrl: string;
    clients: ClientSpec[];
    editsPerSecond: number;
    kind: ClientKind;
  }
  | { type: "start" }
  | { type: "window"; from: number; to: number }
  | { type: "stop" };

export type FromClients =
  | { type: "synced" }
  | {
    type: "result";
    latencies: Float64Array;
    /** Per edit received: its key, and the latency of its first and last receipt here. */
    edits: [string, number, number][];
    lags: Float64Array;
    sent: number;
  };

const clock = () => performance.timeOrigin + performance.now();

/**
 * The element a client keeps moving, as a room holds it (JSON text): its `updated` is when this
 * version was sent. id, version and updated come first, so a wire client finds them in an update's
 * bytes (EDIT_MARK).
 */
export function movedRectangle(id: string, index: string, version: number, sentAt: number) {
  const { version: _, updated: __, ...defaults } = ELEMENT_DEFAULTS;
  return JSON.stringify({
    id,
    version,
    updated: sentAt,
    ...defaults,
    type: "rectangle",
    x: (version * 7) % 800,
    y: (version * 3) % 600,
    width: 160,
    height: 80,
    index,
    versionNonce: Math.floor(Math.random() * 2 ** 31),
    boundElements: null,
  });
}

// A Y.Map string value travels in an update as its UTF-8 bytes, so the edit is readable as is.
const EDIT_MARK = /\{"id":"([^"]+)","version":(\d+),"updated":([\d.]+)/g;
const latin1 = new TextDecoder("latin1");
const SYNC_STEP2 = 1;

// Every provider adds a process exit listener; a hundred of them are not a leak.
process.setMaxListeners(0);

const post = (message: FromClients, transfer: Transferable[] = []) =>
  (self as unknown as Worker).postMessage(message, transfer);

let latencies: number[] = [];
const edits = new Map<string, [number, number]>();
const lags: number[] = [];
const LAG_PROBE_MS = 5;
let windowFrom = Infinity;
let windowTo = -Infinity;
let sent = 0;
const timers: ReturnType<typeof setTimeout>[] = [];

interface Client {
  spec: ClientSpec;
  /** The client's own Y.Doc: where its edits are made. */
  elements: Y.Map<string>;
  synced: Promise<void>;
  destroy(): void;
}
const clients: Client[] = [];
let period = 1000;

/** One receipt of another client's edit, at `at`. */
function received(room: string, key: string, version: number, updated: number, at: number) {
  if (at < windowFrom || at > windowTo) return;
  const latency = at - updated;
  latencies.push(latency);
  const edit = `${room}/${key}/${version}`;
  const seen = edits.get(edit);
  if (!seen) edits.set(edit, [latency, latency]);
  else seen[1] = Math.max(seen[1], latency);
}

function providerClient(serverUrl: string, spec: ClientSpec): Client {
  const { doc, provider, destroy } = joinRoom({ url: new URL(serverUrl) }, spec.room, spec.token);
  const elements = doc.getMap<string>("elements");
  elements.observe((change) => {
    if (change.transaction.local) return;
    const at = clock();
    for (const key of change.keysChanged) {
      const text = elements.get(key);
      if (!text) continue;
      const element: { updated: number; version: number } = JSON.parse(text);
      received(spec.room, key, element.version, element.updated, at);
    }
  });
  return { spec, elements, synced: whenSynced(provider, 60_000), destroy };
}

function wireClient(serverUrl: string, spec: ClientSpec): Client {
  const doc = new Y.Doc();
  const socket = new WebSocket(`${serverUrl}/${spec.room}?token=${encodeURIComponent(spec.token)}`);
  socket.binaryType = "arraybuffer";
  doc.on("update", (update: Uint8Array) => {
    if (socket.readyState !== WebSocket.OPEN) return;
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE_SYNC);
    syncProtocol.writeUpdate(encoder, update);
    socket.send(encoding.toUint8Array(encoder));
  });
  let ready: () => void;
  const synced = new Promise<void>((resolve) => ready = resolve);
  socket.onopen = () => {
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE_SYNC);
    syncProtocol.writeSyncStep1(encoder, new Y.Doc());
    socket.send(encoding.toUint8Array(encoder));
  };
  socket.onmessage = (event) => {
    const at = clock();
    const bytes = new Uint8Array(event.data as ArrayBuffer);
    // [0, 1, …] is the server's sync step 2: the room's state, which a fresh room has none of.
    if (bytes[0] === MESSAGE_SYNC && bytes[1] === SYNC_STEP2) ready();
    if (bytes[0] !== MESSAGE_SYNC) return;
    for (const [, key, version, updated] of latin1.decode(bytes).matchAll(EDIT_MARK)) {
      if (key !== spec.elementId) received(spec.room, key, Number(version), Number(updated), at);
    }
  };
  return {
    spec,
    elements: doc.getMap<string>("elements"),
    synced,
    destroy: () => {
      socket.close();
      doc.destroy();
    },
  };
}

// Imported by the bench itself for movedRectangle: only a worker listens.
if ("WorkerGlobalScope" in globalThis) {
  self.addEventListener("message", async (event) => {
    const message = (event as MessageEvent<ToClients>).data;
    switch (message.type) {
      case "connect": {
        period = 1000 / message.editsPerSecond;
        const make = message.kind === "wire" ? wireClient : providerClient;
        for (const spec of message.clients) clients.push(make(message.serverUrl, spec));
        await Promise.all(clients.map((client) => client.synced));
        post({ type: "synced" });
        break;
      }
      case "start":
        // Each client at its own steady rate, the phases spread over one period.
        for (const { elements, spec } of clients) {
          let version = 1;
          const edit = () => {
            const at = clock();
            elements.set(spec.elementId, movedRectangle(spec.elementId, spec.index, ++version, at));
            if (at >= windowFrom && at <= windowTo) sent++;
          };
          timers.push(
            setTimeout(() => timers.push(setInterval(edit, period)), Math.random() * period),
          );
        }
        break;
      case "window": {
        windowFrom = message.from;
        windowTo = message.to;
        const probe = (due: number) => {
          const at = clock();
          if (at > windowTo) return;
          lags.push(at - due);
          const next = at + LAG_PROBE_MS;
          setTimeout(() => probe(next), LAG_PROBE_MS);
        };
        const first = clock() + LAG_PROBE_MS;
        setTimeout(() => probe(first), LAG_PROBE_MS);
        break;
      }
      case "stop": {
        for (const timer of timers) clearTimeout(timer);
        // The edits of the window's last moments are still on their way.
        await new Promise((resolve) => setTimeout(resolve, 500));
        const result = Float64Array.from(latencies);
        const lagged = Float64Array.from(lags);
        latencies = [];
        for (const client of clients) client.destroy();
        const perEdit = [...edits].map(([edit, [first, last]]) =>
          [edit, first, last] as [string, number, number]
        );
        post({ type: "result", latencies: result, edits: perEdit, lags: lagged, sent }, [
          result.buffer,
          lagged.buffer,
        ]);
        break;
      }
    }
  });
}
