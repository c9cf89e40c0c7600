/** The message of a thrown value, for one-line logs and error texts (no stack). */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
