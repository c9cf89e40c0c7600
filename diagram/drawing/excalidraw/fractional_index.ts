// Excalidraw orders elements by a fractional `index` (rocicorp fractional-indexing keys). A fresh
// scene needs only the keys that library generates for n elements in a row, which are its
// "integer" keys: a head letter giving the number of base-62 digits ('a' one, 'b' two, …) and
// then the digits. Keys of one length count up, and the next length starts after the last key
// of the previous one, so plain string comparison keeps them in order.

const DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const BASE = DIGITS.length;
const FIRST_HEAD = "a".charCodeAt(0);
const LAST_HEAD = "z".charCodeAt(0);

/** The first `count` keys after none: "a0", "a1", …, "az", "b00", "b01", …, "bzz", "c000", … */
export function indexKeys(count: number): string[] {
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new Error(`indexKeys: count must be a non-negative integer, got ${count}`);
  }
  return Array.from({ length: count }, (_, position) => integerKey(position));
}

function integerKey(position: number): string {
  let digitCount = 1;
  let offset = position;
  // Each head letter holds BASE^digitCount keys before the next letter takes over.
  while (offset >= BASE ** digitCount) {
    offset -= BASE ** digitCount;
    digitCount++;
  }
  const head = FIRST_HEAD + digitCount - 1;
  if (head > LAST_HEAD) throw new Error(`indexKeys: position ${position} is out of range`);
  let digits = "";
  for (let place = 0; place < digitCount; place++) {
    digits = DIGITS[offset % BASE] + digits;
    offset = Math.floor(offset / BASE);
  }
  return String.fromCharCode(head) + digits;
}
