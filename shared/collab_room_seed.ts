// A room's seed on the wire (GET /internal/collab/rooms/:id, diagram → collab), as NDJSON: the
// first line is the room's header ({id, name, revision, files}), then one line per element, each
// the element's JSON text (JSON text has no raw line break), which the room keeps as it is. The
// collab server reads it as it arrives, one line at a time, each line decoded on its own: it never
// holds the whole body, its text and the parsed scene at once (a 5 MB room used to peak at three
// times its size while it loaded).

export const ROOM_SEED_CONTENT_TYPE = "application/x-ndjson; charset=utf-8";

const NEWLINE = 0x0a;

/** The seed as the diagram service sends it. */
export function roomSeedText(seed: { elements: string[] } & Record<string, unknown>): string {
  const { elements, ...header } = seed;
  return [JSON.stringify(header), ...elements].map((line) => `${line}\n`).join("");
}

/**
 * Reads a seed from `body` as it arrives: its header (parsed) and each element's text. Throws on
 * a body that is not one (no header line, bytes that are not UTF-8, a header that is not JSON).
 */
export async function readRoomSeed(
  body: ReadableStream<Uint8Array>,
): Promise<{ header: unknown; elements: string[] }> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const lines: string[] = [];
  /** The bytes of a line not complete yet: only those are ever copied. */
  let partial: Uint8Array | null = null;
  for await (const chunk of body) {
    let data = chunk;
    if (partial !== null) {
      data = new Uint8Array(partial.byteLength + chunk.byteLength);
      data.set(partial);
      data.set(chunk, partial.byteLength);
    }
    let start = 0;
    for (let end = data.indexOf(NEWLINE); end !== -1; end = data.indexOf(NEWLINE, start)) {
      if (end > start) lines.push(decoder.decode(data.subarray(start, end)));
      start = end + 1;
    }
    partial = start < data.byteLength ? data.slice(start) : null;
  }
  if (partial !== null) lines.push(decoder.decode(partial));
  if (lines.length === 0) throw new Error("an empty room seed");
  const [header, ...elements] = lines;
  return { header: JSON.parse(header), elements };
}
