// Secrets generated on first start, kept in <data dir>/secrets.json (mode 0600) so that a restart,
// and every service started alone from the same folder, sees the same values.
import { encodeBase64Url } from "../shared/base64url.ts";

export const GENERATED_SECRETS = ["SEARCH_SECRET", "COLLAB_SECRET"] as const;
export type SecretName = typeof GENERATED_SECRETS[number];

const FILE_NAME = "secrets.json";

async function readSecrets(file: string): Promise<Record<string, string>> {
  try {
    const parsed: unknown = JSON.parse(await Deno.readTextFile(file));
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
      throw new Error(`${file} is not a JSON object`);
    }
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] =>
        typeof entry[1] === "string"
      ),
    );
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return {};
    throw error;
  }
}

/** Returns the named secrets, generating (and persisting) any that the file does not hold yet. */
export async function ensureSecrets(
  dataDir: string,
  names: readonly SecretName[],
): Promise<Record<SecretName, string>> {
  const file = `${dataDir}/${FILE_NAME}`;
  const secrets = await readSecrets(file);
  const missing = names.filter((name) => !secrets[name]);
  if (missing.length > 0) {
    for (const name of missing) {
      secrets[name] = encodeBase64Url(crypto.getRandomValues(new Uint8Array(32)));
    }
    await Deno.mkdir(dataDir, { recursive: true });
    // Write then rename, so a concurrent reader never sees half a file.
    const temporary = `${file}.${crypto.randomUUID()}.tmp`;
    await Deno.writeTextFile(temporary, JSON.stringify(secrets, null, 2) + "\n", { mode: 0o600 });
    await Deno.rename(temporary, file);
  }
  return Object.fromEntries(names.map((name) => [name, secrets[name]])) as Record<
    SecretName,
    string
  >;
}

/** The environment wins; otherwise the value generated under the data folder. */
export async function secretFromEnvOrDataDir(
  name: SecretName,
  fromEnv: string | undefined,
  dataDir: string,
): Promise<string> {
  if (fromEnv !== undefined) return fromEnv;
  return (await ensureSecrets(dataDir, [name]))[name];
}
