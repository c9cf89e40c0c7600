// Operator commands, run on the server with the service's own environment:
//   deno task reset-password <EMAIL> [<PASSWORD>] [--new-account]
//                                                   set the password (or create the account)
//   deno task create-token <EMAIL> <NAME>           print a new personal access token once
//   deno task list-tokens <EMAIL>
//   deno task revoke-token <EMAIL> <NAME>
//   deno task export-gallery <EMAIL> <FILE>         write the account's whole gallery as a zip
//   deno task import-gallery <EMAIL> <FILE>         read such a zip into the account
// Each prints one clear line on failure and exits non-zero: 2 for a usage or input mistake,
// 1 when the database or the account is not there.
import { z } from "zod";
import { randomBytes } from "node:crypto";
import { loadConfigOrExit } from "../runtime/config.ts";
import { encodeBase64Url } from "../shared/base64url.ts";
import { describeError } from "../shared/describe_error.ts";
import { databaseConfig, diagramEnv } from "./config.ts";
import type { Database } from "./db/database.ts";
import { openMigratedDatabase } from "./db/open_migrated.ts";
import { type AccountOperations, accountOperations } from "./service/accounts.ts";
import { ConflictError, InvalidInputError, NotFoundError } from "./service/errors.ts";
import { galleryCommands } from "./service/gallery_commands.ts";
import { emailSchema, MIN_PASSWORD_LENGTH, tokenNameSchema } from "./service/schemas.ts";

const EXIT_FAILED = 1;
const EXIT_USAGE = 2;
const NEW_ACCOUNT = "--new-account";

class CommandError extends Error {
  constructor(message: string, readonly exitCode: number) {
    super(message);
  }
}

const USAGE: Record<string, string> = {
  "reset-password": "reset-password <EMAIL> [<PASSWORD>] [--new-account]",
  "create-token": "create-token <EMAIL> <NAME>",
  "list-tokens": "list-tokens <EMAIL>",
  "revoke-token": "revoke-token <EMAIL> <NAME>",
  "export-gallery": "export-gallery <EMAIL> <FILE>",
  "import-gallery": "import-gallery <EMAIL> <FILE>",
};

function argument<T>(schema: z.ZodType<T>, value: string | undefined, what: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new CommandError(`invalid ${what}: ${result.error.issues[0].message}`, EXIT_USAGE);
}

/** Readable, 120 random bits, no characters that trip up copy and paste from a terminal. */
function generatePassword(): string {
  return encodeBase64Url(randomBytes(15));
}

const passwordSchema = z.string().min(MIN_PASSWORD_LENGTH, {
  error: `use at least ${MIN_PASSWORD_LENGTH} characters`,
});

async function run(
  command: string,
  args: string[],
  flags: string[],
  accounts: () => Promise<AccountOperations>,
  database: () => Promise<Database>,
): Promise<void> {
  const [first, second] = args;
  const email = argument(emailSchema, first, "email");
  switch (command) {
    case "reset-password": {
      const password = second === undefined
        ? generatePassword()
        : argument(passwordSchema, second, "password");
      const newAccount = flags.includes(NEW_ACCOUNT);
      const result = await (await accounts()).resetPassword(email, password, { newAccount });
      const what = result.created ? "created account" : "password reset for";
      console.log(`${what} ${email}; ${result.sessionsEnded} session(s) ended`);
      if (second === undefined) console.log(`password: ${password}`);
      return;
    }
    case "create-token": {
      const name = argument(tokenNameSchema, second, "token name");
      const token = await (await accounts()).createToken(email, name);
      console.log(`token ${JSON.stringify(name)} for ${email} (shown once, store it now):`);
      console.log(token);
      return;
    }
    case "list-tokens": {
      const tokens = await (await accounts()).listTokens(email);
      if (tokens.length === 0) console.log(`no tokens for ${email}`);
      for (const token of tokens) {
        const state = token.revokedAt ? `revoked ${token.revokedAt}` : "live";
        console.log(
          `${token.name}\tcreated ${token.createdAt}\tlast used ${
            token.lastUsedAt ?? "never"
          }\t${state}`,
        );
      }
      return;
    }
    case "revoke-token": {
      const name = argument(tokenNameSchema, second, "token name");
      await (await accounts()).revokeToken(email, name);
      console.log(`revoked token ${JSON.stringify(name)} of ${email}`);
      return;
    }
    case "export-gallery": {
      const zip = await galleryCommands(await database()).export(email);
      await Deno.writeFile(second, zip);
      console.log(`wrote ${email}'s gallery to ${second} (${zip.byteLength} bytes)`);
      return;
    }
    case "import-gallery": {
      let archive: Uint8Array;
      try {
        archive = await Deno.readFile(second);
      } catch (error) {
        throw new CommandError(`cannot read ${second}: ${describeError(error)}`, EXIT_USAGE);
      }
      const done = await galleryCommands(await database()).import(email, archive);
      console.log(
        `imported into ${email}: ${done.diagrams} diagram(s) (${done.trashed} in the trash), ` +
          `${done.collections} collection(s), ${done.revisions} revision(s), ${done.images} image(s)`,
      );
      return;
    }
  }
}

async function main(): Promise<number> {
  const [command, ...given] = Deno.args;
  const usage = USAGE[command];
  // The one flag: only reset-password takes it.
  const flags = given.filter((arg) => arg.startsWith("--"));
  const args = given.filter((arg) => !arg.startsWith("--"));
  if (!usage) {
    console.error(`usage: deno task ${Object.values(USAGE).join("\n       deno task ")}`);
    return EXIT_USAGE;
  }
  const positional = usage.split(" ").filter((part) => part.includes("<"));
  const required = positional.filter((part) => part.startsWith("<")).length;
  const allowedFlags = usage.includes(NEW_ACCOUNT) ? [NEW_ACCOUNT] : [];
  if (
    args.length < required || args.length > positional.length ||
    flags.some((flag) => !allowedFlags.includes(flag))
  ) {
    console.error(`usage: deno task ${usage}`);
    return EXIT_USAGE;
  }
  const config = loadConfigOrExit("diagram", diagramEnv, databaseConfig);
  let database: Database | undefined;
  try {
    // Migrations apply quietly: a command's output is its answer and nothing else.
    const open = async () => database ??= await openMigratedDatabase(config, () => {});
    await run(command, args, flags, async () => accountOperations(await open()), open);
    return 0;
  } catch (error) {
    if (error instanceof CommandError) {
      console.error(`${command}: ${error.message}`);
      return error.exitCode;
    }
    if (error instanceof ConflictError || error instanceof NotFoundError) {
      console.error(`${command}: ${error.message}`);
      return EXIT_FAILED;
    }
    if (error instanceof InvalidInputError) {
      console.error(`${command}: ${error.message}`);
      for (const problem of error.problems) console.error(`  ${problem}`);
      return EXIT_USAGE;
    }
    console.error(`${command}: ${describeError(error)}`);
    return EXIT_FAILED;
  } finally {
    database?.close();
  }
}

Deno.exit(await main());
