import assert from "node:assert/strict";
import { ensureSecrets, secretFromEnvOrDataDir } from "./secrets.ts";

Deno.test("secrets are generated once, stored with mode 0600, and read back unchanged", async () => {
  const dataDir = `${await Deno.makeTempDir()}/nested/data`;
  const first = await ensureSecrets(dataDir, ["SEARCH_SECRET", "COLLAB_SECRET"]);
  assert.match(first.SEARCH_SECRET, /^[A-Za-z0-9_-]{43}$/);
  assert.notEqual(first.SEARCH_SECRET, first.COLLAB_SECRET);
  assert.equal((await Deno.stat(`${dataDir}/secrets.json`)).mode! & 0o777, 0o600);
  assert.deepEqual(await ensureSecrets(dataDir, ["SEARCH_SECRET", "COLLAB_SECRET"]), first);
  await Deno.remove(dataDir, { recursive: true });
});

Deno.test("a secret missing from an existing file is added without changing the others", async () => {
  const dataDir = await Deno.makeTempDir();
  const { SEARCH_SECRET } = await ensureSecrets(dataDir, ["SEARCH_SECRET"]);
  const both = await ensureSecrets(dataDir, ["SEARCH_SECRET", "COLLAB_SECRET"]);
  assert.equal(both.SEARCH_SECRET, SEARCH_SECRET);
  assert.ok(both.COLLAB_SECRET.length > 0);
  await Deno.remove(dataDir, { recursive: true });
});

Deno.test("a secret from the environment wins and nothing is written", async () => {
  const dataDir = await Deno.makeTempDir();
  assert.equal(await secretFromEnvOrDataDir("COLLAB_SECRET", "from-env", dataDir), "from-env");
  await assert.rejects(Deno.stat(`${dataDir}/secrets.json`), Deno.errors.NotFound);
  await Deno.remove(dataDir, { recursive: true });
});

Deno.test("a corrupt secrets file stops the start instead of being silently replaced", async () => {
  const dataDir = await Deno.makeTempDir();
  await Deno.writeTextFile(`${dataDir}/secrets.json`, "[1, 2]");
  await assert.rejects(ensureSecrets(dataDir, ["COLLAB_SECRET"]), /not a JSON object/);
  await Deno.remove(dataDir, { recursive: true });
});
