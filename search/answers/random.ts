// The `random` answerer (SearXNG's, always on): "random string|int|float|sha256|uuid|color".
import { createHash, randomBytes, randomInt, randomUUID } from "node:crypto";

const LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

const KINDS: Record<string, () => string> = {
  string: () => {
    const length = randomInt(8, 17);
    return Array.from({ length }, () => LETTERS[randomInt(LETTERS.length)]).join("");
  },
  int: () => String(randomInt(0, 2 ** 31)),
  float: () => String(randomBytes(6).readUIntBE(0, 6) / 2 ** 48),
  sha256: () => createHash("sha256").update(randomBytes(32)).digest("hex"),
  uuid: () => randomUUID(),
  color: () => `#${randomBytes(3).toString("hex")}`,
};

export function randomAnswer(query: string): string | null {
  const [keyword, kind, ...rest] = query.trim().toLowerCase().split(" ");
  if (keyword !== "random" || rest.length > 0 || !Object.hasOwn(KINDS, kind)) return null;
  return KINDS[kind]();
}
