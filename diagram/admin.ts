// Operator commands, run on the server with the service's own environment:
//   deno task reset-password <EMAIL> [<PASSWORD>]   create the account or set its password
//   deno task create-token <EMAIL> <NAME>           print a new personal access token once
//   deno task list-tokens <EMAIL>
//   deno task revoke-token <EMAIL> <NAME>
// Each prints one clear line on failure and exits non-zero: 2 for a usage or input mistake,
// 1 when the database or the account is not there.
import { z } from "zod";
import { randomBytes } from "node:crypto";
import { loadConfigOrExit } from "../runtime/config.ts";
import { encodeBase64Url } from "../shared/base64url.ts";
import { describeError } from "../shared/describe_error.ts";
import { hashPassword } from "../shared/password.ts";
import { databaseConfig, diagramEnv } from "./config.ts";
import type { Database } from "./db/database.ts";
import { openMigratedDatabase } from "./db/open_migrated.ts";
import { createAccessToken, listAccessTokens, revokeAccessToken } from "./store/access_tokens.ts";
import { ConflictError } from "./store/errors.ts";
import { findUserByEmail, setPassword } from "./store/users.ts";
import { emailSchema, MIN_PASSWORD_LENGTH, tokenNameSchema } from "./http/schemas.ts";

const EXIT_FAILED = 1;
const EXIT_USAGE = 2;

class CommandError extends Error {
  constructor(message: string, readonly exitCode: number) {
    super(message);
  }
}

const USAGE: Record<string, string> = {
  "reset-password": "reset-password <EMAIL> [<PASSWORD>]",
  "create-token": "create-token <EMAIL> <NAME>",
  "list-tokens": "list-tokens <EMAIL>",
  "revoke-token": "revoke-token <EMAIL> <NAME>",
};

function argument<T>(schema: z.ZodType<T>, value: string | undefined, what: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new CommandError(`invalid ${what}: ${result.error.issues[0].message}`, EXIT_USAGE);
}

async function ownerId(db: Database, email: string): Promise<string> {
  const user = await findUserByEmail(db, email);
  if (!user) {
    throw new CommandError(
      `no account with email ${email}; create it with: deno task reset-password ${email}`,
      EXIT_FAILED,
    );
  }
  return user.id;
}

/** Readable, 120 random bits, no characters that trip up copy and paste from a terminal. */
function generatePassword(): string {
  return encodeBase64Url(randomBytes(15));
}

const passwordSchema = z.string().min(MIN_PASSWORD_LENGTH, {
  error: `use at least ${MIN_PASSWORD_LENGTH} characters`,
});

async function run(command: string, args: string[], db: () => Promise<Database>): Promise<void> {
  const [first, second] = args;
  const email = argument(emailSchema, first, "email");
  switch (command) {
    case "reset-password": {
      const password = second === undefined
        ? generatePassword()
        : argument(passwordSchema, second, "password");
      const result = await setPassword(await db(), email, await hashPassword(password));
      const what = result.created ? "created account" : "password reset for";
      console.log(`${what} ${email}; ${result.sessionsEnded} session(s) ended`);
      if (second === undefined) console.log(`password: ${password}`);
      return;
    }
    case "create-token": {
      const name = argument(tokenNameSchema, second, "token name");
      const database = await db();
      const token = await createAccessToken(database, await ownerId(database, email), name);
      console.log(`token ${JSON.stringify(name)} for ${email} (shown once, store it now):`);
      console.log(token);
      return;
    }
    case "list-tokens": {
      const database = await db();
      const tokens = await listAccessTokens(database, await ownerId(database, email));
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
      const database = await db();
      if (!(await revokeAccessToken(database, await ownerId(database, email), name))) {
        throw new CommandError(
          `no live token named ${JSON.stringify(name)} for ${email}`,
          EXIT_FAILED,
        );
      }
      console.log(`revoked token ${JSON.stringify(name)} of ${email}`);
      return;
    }
  }
}

async function main(): Promise<number> {
  const [command, ...args] = Deno.args;
  const usage = USAGE[command];
  if (!usage) {
    console.error(`usage: deno task ${Object.values(USAGE).join("\n       deno task ")}`);
    return EXIT_USAGE;
  }
  const expected = usage.split(" ").length - 1;
  const required = usage.split(" ").filter((part) => part.startsWith("<")).length;
  if (args.length < required || args.length > expected) {
    console.error(`usage: deno task ${usage}`);
    return EXIT_USAGE;
  }
  const config = loadConfigOrExit("diagram", diagramEnv, databaseConfig);
  let database: Database | undefined;
  try {
    await run(command, args, async () => {
      // Migrations apply quietly: a command's output is its answer and nothing else.
      database ??= await openMigratedDatabase(config, () => {});
      return database;
    });
    return 0;
  } catch (error) {
    if (error instanceof CommandError) {
      console.error(`${command}: ${error.message}`);
      return error.exitCode;
    }
    if (error instanceof ConflictError) {
      console.error(`${command}: ${error.message}`);
      return EXIT_FAILED;
    }
    console.error(`${command}: ${describeError(error)}`);
    return EXIT_FAILED;
  } finally {
    database?.close();
  }
}

Deno.exit(await main());
