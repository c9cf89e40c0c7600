// A small ustar archive of regular files, written and read as streams: what a backup needs to put
// a database of any size and a few small files in one file without holding any of it in memory.
// Names are plain ASCII of at most 100 bytes; links, folders and extensions are not written and
// are refused when read.

const BLOCK = 512;
const NAME_BYTES = 100;
/** An octal size field of 11 digits holds up to 8 GiB − 1. */
const MAX_SIZE = 8 ** 11 - 1;

export interface TarFile {
  name: string;
  size: number;
  /** Seconds since the epoch. */
  modified: number;
  body: ReadableStream<Uint8Array> | Uint8Array;
}

export class TarError extends Error {
  override name = "TarError";
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, "0") + "\0";
}

function header(file: TarFile): Uint8Array {
  if (!/^[\x21-\x7e][\x20-\x7e]*$/.test(file.name) || file.name.length > NAME_BYTES) {
    throw new TarError(`tar: name ${JSON.stringify(file.name)} is not short printable ASCII`);
  }
  if (!(Number.isSafeInteger(file.size) && file.size >= 0 && file.size <= MAX_SIZE)) {
    throw new TarError(`tar: size ${file.size} of ${file.name} does not fit an ustar header`);
  }
  const block = new Uint8Array(BLOCK);
  const put = (at: number, text: string) => block.set(new TextEncoder().encode(text), at);
  put(0, file.name);
  put(100, octal(0o600, 8));
  put(108, octal(0, 8));
  put(116, octal(0, 8));
  put(124, octal(file.size, 12));
  put(136, octal(Math.max(0, Math.floor(file.modified)), 12));
  put(148, " ".repeat(8));
  put(156, "0");
  put(257, "ustar\0" + "00");
  put(148, octal(block.reduce((sum, byte) => sum + byte, 0), 7) + " ");
  return block;
}

/** The archive of `files`, in order, ending with the two empty blocks tar expects. */
export function tarStream(files: Iterable<TarFile>): ReadableStream<Uint8Array> {
  const queue = files[Symbol.iterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = queue.next();
      if (next.done) {
        controller.enqueue(new Uint8Array(2 * BLOCK));
        controller.close();
        return;
      }
      const file = next.value;
      controller.enqueue(header(file));
      let written = 0;
      const chunks = file.body instanceof Uint8Array ? [file.body] : file.body;
      for await (const chunk of chunks) {
        written += chunk.length;
        if (written > file.size) break;
        controller.enqueue(chunk);
      }
      if (written !== file.size) {
        throw new TarError(`tar: ${file.name} has ${written} bytes, its header says ${file.size}`);
      }
      const padding = (BLOCK - (file.size % BLOCK)) % BLOCK;
      if (padding > 0) controller.enqueue(new Uint8Array(padding));
    },
  });
}

/** Reads exactly the bytes asked for, across chunk boundaries. */
class ExactReader {
  #reader: ReadableStreamDefaultReader<Uint8Array>;
  #buffered: Uint8Array = new Uint8Array(0);

  constructor(stream: ReadableStream<Uint8Array>) {
    this.#reader = stream.getReader();
  }

  /** Up to `max` bytes (fewer only at the end of the stream); empty at the end. */
  async some(max: number): Promise<Uint8Array> {
    if (this.#buffered.length === 0) {
      const { value, done } = await this.#reader.read();
      if (done) return new Uint8Array(0);
      this.#buffered = value;
    }
    const taken = this.#buffered.subarray(0, max);
    this.#buffered = this.#buffered.subarray(taken.length);
    return taken;
  }

  async exactly(count: number, what: string): Promise<Uint8Array> {
    const out = new Uint8Array(count);
    for (let at = 0; at < count;) {
      const chunk = await this.some(count - at);
      if (chunk.length === 0) {
        throw new TarError(`the archive ends inside ${what}: it is truncated`);
      }
      out.set(chunk, at);
      at += chunk.length;
    }
    return out;
  }

  cancel(): Promise<void> {
    return this.#reader.cancel();
  }
}

function field(block: Uint8Array, at: number, width: number): string {
  const bytes = block.subarray(at, at + width);
  const end = bytes.indexOf(0);
  return new TextDecoder().decode(end === -1 ? bytes : bytes.subarray(0, end));
}

function octalField(
  block: Uint8Array,
  at: number,
  width: number,
  what: string,
): number {
  const text = field(block, at, width).trim();
  if (!/^[0-7]{1,12}$/.test(text)) throw new TarError(`not a tar archive: bad ${what} field`);
  return parseInt(text, 8);
}

export interface TarEntry {
  name: string;
  size: number;
  /** The entry's bytes; read them (or not) before asking for the next entry. */
  chunks(): AsyncIterable<Uint8Array>;
}

/**
 * The regular files of an archive, in order. Throws TarError on anything that is not a plain
 * ustar archive of regular files, and when it ends early.
 */
export async function* readTar(
  stream: ReadableStream<Uint8Array>,
): AsyncGenerator<TarEntry> {
  const input = new ExactReader(stream);
  try {
    for (;;) {
      const block = await input.exactly(BLOCK, "a header");
      if (block.every((byte) => byte === 0)) return;
      const stored = octalField(block, 148, 8, "checksum");
      const sum = block.reduce(
        (total, byte, index) => total + (index >= 148 && index < 156 ? 0x20 : byte),
        0,
      );
      if (stored !== sum) throw new TarError("not a tar archive: a header's checksum is wrong");
      const type = String.fromCharCode(block[156]);
      const name = field(block, 0, NAME_BYTES);
      if (type !== "0" && type !== "\0") {
        throw new TarError(`the archive holds ${JSON.stringify(name)}, which is not a plain file`);
      }
      const size = octalField(block, 124, 12, "size");
      let left = size;
      const chunks = async function* () {
        while (left > 0) {
          const chunk = await input.some(left);
          if (chunk.length === 0) {
            throw new TarError(`the archive ends inside ${name}: it is truncated`);
          }
          left -= chunk.length;
          yield chunk;
        }
      };
      yield { name, size, chunks };
      // Whatever the caller did not read is skipped, then the padding to the next block.
      for await (const _ of chunks());
      const padding = (BLOCK - (size % BLOCK)) % BLOCK;
      if (padding > 0) await input.exactly(padding, name);
    }
  } finally {
    await input.cancel().catch(() => {});
  }
}
