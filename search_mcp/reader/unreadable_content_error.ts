/**
 * Content the reader cannot turn into text (an image, an archive, an encrypted or scanned PDF,
 * an empty body). The message is written for the person or agent who asked for the page.
 */
export class UnreadableContentError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "UnreadableContentError";
  }
}
