// A cheap pass over a Yjs update (encoding v1, as y-websocket sends) before it is applied: it walks
// the structs and the delete set the way Yjs reads them, allocating nothing, and refuses an update
// that cannot be whole. Yjs trusts the counts it reads: a struct count of 2^25 in a 65-byte frame
// makes it allocate an array of that length before reading the first struct (170-450 ms here,
// most of it in `new Array(count)` and the garbage it leaves), and only then does it run out of
// bytes and throw. Every struct, string, entry and delete takes at least one byte, so no count
// can exceed the bytes left: such a count is refused here, as is anything that would read past
// the end (the crafted frame: 8 µs). A frame that passes may still be refused by Yjs; this pass
// only keeps the cheap cases cheap, at a twentieth of what applying costs (3 ms for a 1.3 MB
// update of 10,000 elements that Yjs applies in 60 ms).

/** Why `update` cannot be a whole Yjs v1 update, or null when it may be. */
export function updateProblem(update: Uint8Array): string | null {
  try {
    new Walker(update).update();
    return null;
  } catch (error) {
    if (error instanceof Malformed) return error.message;
    throw error;
  }
}

class Malformed extends Error {}

/** Content kinds (info & 31), as Yjs numbers them. */
const GC = 0;
const SKIP = 10;
/** Y.XmlElement and Y.XmlHook carry a name after their type ref. */
const NAMED_TYPES = new Set([3, 5]);
const MAX_TYPE_REF = 6;
const BIT6 = 0x20;
const BIT7 = 0x40;
const BIT8 = 0x80;
/** Nesting of lib0 "any" values (objects in arrays in objects…) beyond which we refuse. */
const MAX_DEPTH = 64;

class Walker {
  private pos = 0;
  constructor(private readonly bytes: Uint8Array) {}

  update(): void {
    const clients = this.count("clients");
    for (let c = 0; c < clients; c++) {
      const structs = this.count("structs");
      this.uint(); // client
      this.uint(); // clock
      for (let s = 0; s < structs; s++) this.struct();
    }
    // The delete set: per client, (clock, length) pairs.
    const deleters = this.count("delete set clients");
    for (let c = 0; c < deleters; c++) {
      this.uint(); // client
      const deletes = this.count("deletes");
      for (let d = 0; d < deletes; d++) {
        this.uint();
        this.uint();
      }
    }
  }

  private struct(): void {
    const info = this.byte();
    const kind = info & 0x1f;
    if (kind === GC || kind === SKIP) {
      this.uint(); // length
      return;
    }
    if (kind > 9) throw new Malformed(`unknown struct kind ${kind}`);
    if (info & BIT8) this.id(); // origin
    if (info & BIT7) this.id(); // right origin
    if ((info & (BIT7 | BIT8)) === 0) {
      // The parent: a root type's name, or an item's id; then the map key, if any.
      if (this.uint() === 1) this.string();
      else this.id();
      if (info & BIT6) this.string();
    }
    this.content(kind);
  }

  private content(kind: number): void {
    switch (kind) {
      case 1: // deleted
        this.uint();
        return;
      case 2: { // JSON
        const n = this.count("JSON values");
        for (let i = 0; i < n; i++) this.string();
        return;
      }
      case 3: // binary
      case 4: // string
      case 5: // embed
        this.string();
        return;
      case 6: // format: key, value
        this.string();
        this.string();
        return;
      case 7: { // a shared type
        const ref = this.uint();
        if (ref > MAX_TYPE_REF) throw new Malformed(`unknown type ${ref}`);
        if (NAMED_TYPES.has(ref)) this.string();
        return;
      }
      case 8: { // any
        const n = this.count("values");
        for (let i = 0; i < n; i++) this.any(0);
        return;
      }
      case 9: // a subdocument: guid, options
        this.string();
        this.any(0);
        return;
    }
  }

  /** One lib0 "any" value. */
  private any(depth: number): void {
    if (depth > MAX_DEPTH) throw new Malformed("values nested too deeply");
    const type = this.byte();
    switch (type) {
      case 127: // undefined
      case 126: // null
      case 121: // false
      case 120: // true
        return;
      case 125: // varint
        this.int();
        return;
      case 124:
        this.skip(4);
        return;
      case 123: // float64
      case 122: // bigint64
        this.skip(8);
        return;
      case 119: // string
      case 116: // bytes
        this.string();
        return;
      case 118: { // object
        const n = this.count("object keys");
        for (let i = 0; i < n; i++) {
          this.string();
          this.any(depth + 1);
        }
        return;
      }
      case 117: { // array
        const n = this.count("array items");
        for (let i = 0; i < n; i++) this.any(depth + 1);
        return;
      }
      default:
        throw new Malformed(`unknown value type ${type}`);
    }
  }

  private id(): void {
    this.uint();
    this.uint();
  }

  /** A length-prefixed run of bytes (strings, binaries). */
  private string(): void {
    this.skip(this.uint());
  }

  /** A count of things that take at least a byte each. */
  private count(what: string): number {
    const n = this.uint();
    const left = this.bytes.length - this.pos;
    if (n > left) throw new Malformed(`${n} ${what} claimed with ${left} bytes left`);
    return n;
  }

  private skip(n: number): void {
    if (n > this.bytes.length - this.pos) throw new Malformed("truncated");
    this.pos += n;
  }

  private byte(): number {
    if (this.pos >= this.bytes.length) throw new Malformed("truncated");
    return this.bytes[this.pos++];
  }

  private uint(): number {
    let value = 0;
    let factor = 1;
    for (;;) {
      const byte = this.byte();
      value += (byte & 0x7f) * factor;
      if (byte < 0x80) return value;
      factor *= 128;
      if (value > Number.MAX_SAFE_INTEGER) throw new Malformed("integer out of range");
    }
  }

  /** lib0's signed varint: sign and six bits first. */
  private int(): void {
    let byte = this.byte();
    let value = byte & 0x3f;
    let factor = 64;
    while (byte & 0x80) {
      byte = this.byte();
      value += (byte & 0x7f) * factor;
      factor *= 128;
      if (value > Number.MAX_SAFE_INTEGER) throw new Malformed("integer out of range");
    }
  }
}
