/** The JSON value of an upstream body, or undefined when it is not JSON (a block page, a cut body). */
export function parseJsonBody(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
