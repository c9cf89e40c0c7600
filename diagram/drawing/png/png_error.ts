// Why a PNG preview could not be drawn, in our words: what an agent reads after "No preview
// image:". Anything else that fails while drawing one (resvg's own messages, a file the server
// could not read) is not shown as it is: its words are about options and paths the agent never
// set (resvg answered a too-thin drawing with "Target size is zero (please do not set the
// width/height/zoom options to 0)").

export class PngError extends Error {
  /**
   * `rendererBroken`: resvg was stopped or trapped part-way through a drawing, so its memory may
   * be left inconsistent and the thread should draw no more with it.
   */
  constructor(message: string, readonly rendererBroken = false) {
    super(message);
    this.name = "PngError";
  }
}

/**
 * A preview stopped at its time budget. The drawing pool says the same when its own deadline
 * passes first.
 */
export function previewTimeoutMessage(budgetMs: number): string {
  return `rendering the diagram's preview took longer than ${budgetMs / 1000} s and was stopped`;
}

/**
 * What an agent reads of a preview's failure: a PngError's words, or for anything else a line
 * saying the server failed (its own message goes to the server's log).
 */
export function previewFailure(error: unknown): string {
  if (error instanceof PngError) return error.message;
  console.error(`diagram: a PNG preview failed: ${(error as Error)?.stack ?? error}`);
  return "it could not be drawn because of an error on the server (the server log has the details)";
}
