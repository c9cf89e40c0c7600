import assert from "node:assert/strict";
import { PngError, previewFailure } from "./png_error.ts";

Deno.test("a preview's failure reads in our words: a PngError's own, anything else as the server's error without its message", () => {
  assert.equal(previewFailure(new PngError("the drawing is too thin")), "the drawing is too thin");
  const path = "/srv/diagram/build/png_fonts/Virgil.ttf";
  const failure = previewFailure(new Error(`No such file or directory (os error 2): ${path}`));
  assert.equal(
    failure,
    "it could not be drawn because of an error on the server (the server log has the details)",
  );
});
