// Signing in and out, changing the password, and the lookups every authenticated request makes:
// the session cookie's user and the access token's owner. Every password check is throttled (the
// same limits as login) before any password hashing: a stolen session cookie must not become a
// way to guess the password.
import type { Database } from "../db/database.ts";
import { hashPassword, verifyPassword } from "../auth/password.ts";
import type { LoginThrottle } from "../auth/login_throttle.ts";
import { findTokenOwner, type TokenOwner } from "../store/access_tokens.ts";
import { createSession, endSession, findSessionUser, type SessionUser } from "../store/sessions.ts";
import { changePassword, findPasswordHash, findUserByEmail } from "../store/users.ts";
import { InvalidInputError, TooManyAttemptsError, WrongCredentialsError } from "./errors.ts";

export type { SessionUser, TokenOwner };
// How long a session lasts, which the login cookie's Max-Age repeats.
export { SESSION_LIFETIME_MS } from "../store/sessions.ts";

export type SessionOperations = ReturnType<typeof sessionOperations>;

export function sessionOperations(db: Database, throttle: LoginThrottle) {
  // Unknown emails are checked against this hash, so they take as long as known ones.
  const decoyHash = hashPassword(crypto.randomUUID());

  return {
    /** A new session token, or WrongCredentialsError / TooManyAttemptsError. */
    async login(email: string, password: string, client: string): Promise<string> {
      const reservation = throttle.reserve(email, client);
      if ("retryAfter" in reservation) throw new TooManyAttemptsError(reservation.retryAfter);
      const { attempt } = reservation;
      try {
        const user = await findUserByEmail(db, email);
        const matches = await verifyPassword(password, user?.passwordHash ?? await decoyHash);
        if (!user || !matches) {
          attempt.failed();
          throw new WrongCredentialsError();
        }
        attempt.succeeded();
        return await createSession(db, user.id);
      } finally {
        // A database failure is nobody's guess: release the reservation without counting it.
        attempt.released();
      }
    },

    /**
     * Checks the current password, sets the new one and ends every session of the account; the
     * caller's browser gets the returned new session, so only the others are signed out.
     */
    async changePassword(
      userId: string,
      current: string,
      next: string,
      client: string,
    ): Promise<string> {
      // Keyed by account, not email: this door knows the account, and no email looks like this.
      const reservation = throttle.reserve(`account ${userId}`, client);
      if ("retryAfter" in reservation) throw new TooManyAttemptsError(reservation.retryAfter);
      const { attempt } = reservation;
      try {
        const hash = await findPasswordHash(db, userId);
        if (hash === null || !(await verifyPassword(current, hash))) {
          attempt.failed();
          throw new InvalidInputError(["current: the current password is wrong"], "wrong password");
        }
        attempt.succeeded();
        await changePassword(db, userId, await hashPassword(next));
        return await createSession(db, userId);
      } finally {
        attempt.released();
      }
    },

    async logout(token: string): Promise<void> {
      await endSession(db, token);
    },

    sessionUser(token: string): Promise<SessionUser | null> {
      return findSessionUser(db, token);
    },

    tokenOwner(token: string): Promise<TokenOwner | null> {
      return findTokenOwner(db, token);
    },
  };
}
