// Which sessions may use the rooms, as far as a collab server without a database can know: the
// diagram service answers which of a list of sessions have ended, and when. It is asked on every
// flush tick about the sessions of every connection (and of edits not confirmed yet), and before a
// token is admitted whose session was not confirmed live within the last flush interval: so a
// collab server that restarted, and remembers nothing, still refuses a signed-out session's token.
// An ended session is remembered for a token's lifetime, refused from then on without asking: any
// token it granted was made before it ended, and has expired when it is forgotten.
import { COLLAB_TOKEN_TTL_SECONDS } from "../../shared/collab_token.ts";
import type { DiagramClient } from "./diagram_client.ts";

export interface SessionVerdict {
  /** When the question was asked: a session not ended was live then. */
  asOf: number;
  /** The ended sessions among those asked about, each with when it ended (null: unknown). */
  ended: Map<string, number | null>;
}

export interface SessionGate {
  /** Known to have ended: a token it granted is refused at once. */
  hasEnded(session: string): boolean;
  /**
   * May a connection of `session` join now? Asks the diagram service unless it confirmed the
   * session within the last flush interval (one question for any number of joins at once);
   * DiagramUnavailableError when it cannot say.
   */
  admits(session: string): Promise<boolean>;
  /** Asks about `sessions` (DiagramUnavailableError when it cannot say), and remembers. */
  check(sessions: Iterable<string>): Promise<SessionVerdict>;
}

export function createSessionGate(options: {
  client: Pick<DiagramClient, "endedSessions">;
  /** How long a confirmation admits new connections without asking: one flush interval. */
  confirmMs: number;
  now?: () => number;
}): SessionGate {
  const now = options.now ?? Date.now;
  /** Ended sessions, each with when it may be forgotten. */
  const ended = new Map<string, number>();
  /** Sessions confirmed live, each with when. */
  const confirmed = new Map<string, number>();
  const asking = new Map<string, Promise<boolean>>();

  function forgetOld(at: number): void {
    for (const [session, until] of ended) if (until <= at) ended.delete(session);
    for (const [session, asOf] of confirmed) {
      if (asOf <= at - options.confirmMs) confirmed.delete(session);
    }
  }

  async function check(sessions: Iterable<string>): Promise<SessionVerdict> {
    const asked = [...new Set(sessions)];
    const asOf = now();
    const answer = await options.client.endedSessions(asked);
    forgetOld(now());
    const verdict: SessionVerdict = { asOf, ended: new Map() };
    for (const session of asked) {
      if (session in answer) {
        verdict.ended.set(session, answer[session]);
        confirmed.delete(session);
        ended.set(session, now() + COLLAB_TOKEN_TTL_SECONDS * 1000);
      } else if ((confirmed.get(session) ?? -Infinity) < asOf) {
        confirmed.set(session, asOf);
      }
    }
    return verdict;
  }

  const gate: SessionGate = {
    hasEnded(session) {
      return (ended.get(session) ?? -Infinity) > now();
    },

    admits(session) {
      if (gate.hasEnded(session)) return Promise.resolve(false);
      const asOf = confirmed.get(session);
      if (asOf !== undefined && now() - asOf < options.confirmMs) return Promise.resolve(true);
      let pending = asking.get(session);
      if (!pending) {
        pending = check([session])
          .then((verdict) => !verdict.ended.has(session))
          .finally(() => asking.delete(session));
        asking.set(session, pending);
      }
      return pending;
    },

    check,
  };
  return gate;
}
