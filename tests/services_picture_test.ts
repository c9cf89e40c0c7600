// The README's picture of the services (docs/services.svg) is what scripts/services_picture.ts
// draws now: a change to the spec or to the drawing engine shows up here until the picture is
// drawn again with `deno task services-picture`.
import assert from "node:assert/strict";
import { PICTURE_PATH, servicesPicture } from "../scripts/services_picture.ts";
import { ROOT } from "./helpers/process.ts";

Deno.test("docs/services.svg is what `deno task services-picture` draws", async () => {
  const committed = await Deno.readTextFile(`${ROOT}${PICTURE_PATH}`);
  assert.ok(
    committed === await servicesPicture(),
    `${PICTURE_PATH} is stale: run \`deno task services-picture\``,
  );
});
