// A Deno worker holding some of bench/collab_bench.ts's fan-out clients: real y-websocket
// WebsocketProviders, each editing its own rectangle at a steady rate and recording, for every
// edit of another client it receives, receive − send time (both performance.timeOrigin +
// performance.now(): one clock for every thread of the process, within ~0.1 ms).
// Messages in: connect → synced; start (edits begin); window {from, to} (latencies of receipts in
// it are kept); stop → result once edits stopped and the last ones arrived: every latency, and per
// edit (room/element/version) its first and last receipt here; `lags`: how late a 5 ms timer of
// this worker fired, sampled through the window, the time a message waits here for its turn.
import process from "node:process";
import * as Y from "yjs";
import { WebsocketProvider } from "y-websocket";
import { ELEMENT_DEFAULTS } from "../tests/helpers/scene_fixture.ts";

export interface ClientSpec {
  /** The diagram id, which is also the room name. */
  room: string;
  token: string;
  /** The id and fractional index of the rectangle this client keeps moving. */
  elementId: string;
  index: string;
}

export type ToClients =
  | { type: "connect"; serverUrl: string; clients: ClientSpec[]; editsPerSecond: number }
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

/** The element a client keeps moving: its `updated` is when this version was sent. */
/** An edit as a room holds it: the element's JSON text. */
export function movedRectangle(id: string, index: string, version: number, sentAt: number) {
  return JSON.stringify({
    ...ELEMENT_DEFAULTS,
    id,
    type: "rectangle",
    x: (version * 7) % 800,
    y: (version * 3) % 600,
    width: 160,
    height: 80,
    index,
    version,
    versionNonce: Math.floor(Math.random() * 2 ** 31),
    updated: sentAt,
    boundElements: null,
  });
}

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
const clients: {
  doc: Y.Doc;
  provider: WebsocketProvider;
  elements: Y.Map<string>;
  spec: ClientSpec;
}[] = [];
let period = 1000;

// Imported by the bench itself for movedRectangle: only a worker listens.
if ("WorkerGlobalScope" in globalThis) {
  self.addEventListener("message", async (event) => {
    const message = (event as MessageEvent<ToClients>).data;
    switch (message.type) {
      case "connect": {
        period = 1000 / message.editsPerSecond;
        const synced: Promise<void>[] = [];
        for (const spec of message.clients) {
          const doc = new Y.Doc();
          const provider = new WebsocketProvider(message.serverUrl, spec.room, doc, {
            params: { token: spec.token },
            disableBc: true,
            // deno-lint-ignore no-explicit-any
            WebSocketPolyfill: WebSocket as any,
          });
          const elements = doc.getMap<string>("elements");
          elements.observe((change) => {
            if (change.transaction.local) return;
            const at = clock();
            if (at < windowFrom || at > windowTo) return;
            for (const key of change.keysChanged) {
              const text = elements.get(key);
              if (!text) continue;
              const element: { updated: number; version: number } = JSON.parse(text);
              const latency = at - element.updated;
              latencies.push(latency);
              const edit = `${spec.room}/${key}/${element.version}`;
              const seen = edits.get(edit);
              if (!seen) edits.set(edit, [latency, latency]);
              else seen[1] = Math.max(seen[1], latency);
            }
          });
          synced.push(
            new Promise((resolve) => {
              const onSync = (isSynced: boolean) => {
                if (!isSynced) return;
                provider.off("sync", onSync);
                resolve();
              };
              provider.on("sync", onSync);
            }),
          );
          clients.push({ doc, provider, elements, spec });
        }
        await Promise.all(synced);
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
        for (const { provider, doc } of clients) {
          provider.destroy();
          doc.destroy();
        }
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
