// The account and its access tokens: as the operator commands manage them (by email), and as the
// signed-in owner does on the account page (by account id).
import type { Database } from "../db/database.ts";
import { hashPassword } from "../auth/password.ts";
import {
  type AccessTokenInfo,
  createAccessToken,
  listAccessTokens,
  revokeAccessToken,
} from "../store/access_tokens.ts";
import { findUserByEmail, listAccountEmails, setPassword } from "../store/users.ts";
import { ConflictError, NotFoundError } from "./errors.ts";

export type { AccessTokenInfo };

export type AccountOperations = ReturnType<typeof accountOperations>;

export function accountOperations(db: Database) {
  async function userIdOf(email: string): Promise<string> {
    const user = await findUserByEmail(db, email);
    if (!user) {
      throw new NotFoundError(
        `no account with email ${email}; create it with: deno task reset-password ${email}`,
      );
    }
    return user.id;
  }

  return {
    /**
     * Sets the password of the account with this email and ends its sessions. This service has
     * one account: another email is refused (naming the existing account) unless `newAccount`.
     */
    async resetPassword(
      email: string,
      password: string,
      options: { newAccount: boolean },
    ): Promise<{ created: boolean; sessionsEnded: number }> {
      const existing = await listAccountEmails(db);
      const known = existing.some((address) => address.toLowerCase() === email.toLowerCase());
      if (!known && existing.length > 0 && !options.newAccount) {
        throw new ConflictError(
          `this single-user service already has the account ${existing.join(", ")}; reset its ` +
            `password instead, or add --new-account to create a second account ${email}`,
        );
      }
      const result = await setPassword(db, email, await hashPassword(password));
      return { created: result.created, sessionsEnded: result.sessionsEnded };
    },

    async createToken(email: string, name: string): Promise<string> {
      return createAccessToken(db, await userIdOf(email), name);
    },

    async listTokens(email: string): Promise<AccessTokenInfo[]> {
      return listAccessTokens(db, await userIdOf(email));
    },

    /** NotFoundError when no live token has that name. */
    async revokeToken(email: string, name: string): Promise<void> {
      if (!(await revokeAccessToken(db, await userIdOf(email), name))) {
        throw new NotFoundError(`no live token named ${JSON.stringify(name)} for ${email}`);
      }
    },

    tokensOf(userId: string): Promise<AccessTokenInfo[]> {
      return listAccessTokens(db, userId);
    },

    /** The token, shown once; ConflictError when a live token has that name. */
    createTokenFor(userId: string, name: string): Promise<string> {
      return createAccessToken(db, userId, name);
    },

    async revokeTokenOf(userId: string, name: string): Promise<void> {
      if (!(await revokeAccessToken(db, userId, name))) {
        throw new NotFoundError(`no live token named ${JSON.stringify(name)}`);
      }
    },
  };
}
