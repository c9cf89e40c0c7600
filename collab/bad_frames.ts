// Malformed frames, counted per token's session and diagram: each one closes its connection with
// 4400, and after MAX_BAD_FRAMES within LOCK_MS the pair is refused new connections for LOCK_MS
// (4400 again, which the y-websocket client takes as final), so a client that keeps sending
// garbage, reconnecting each time, costs a token check per attempt and nothing more. The lockout
// is logged once, with the diagram and never the token.

export const MAX_BAD_FRAMES = 3;
export const LOCK_MS = 60_000;
/** Pairs remembered at most; the oldest go first. */
const MAX_TRACKED = 10_000;

interface Tally {
  count: number;
  /** When the first counted frame came; counting starts again LOCK_MS after. */
  since: number;
  lockedUntil: number;
}

export interface BadFrames {
  /** A malformed frame from a connection of `session` in `diagramId`'s room. */
  record(session: string, diagramId: string): void;
  /** Are new connections of `session` to `diagramId` refused now? */
  locked(session: string, diagramId: string): boolean;
}

export function createBadFrames(options: {
  log?: (line: string) => void;
  now?: () => number;
} = {}): BadFrames {
  const log = options.log ?? ((line: string) => console.error(`collab: ${line}`));
  const now = options.now ?? Date.now;
  const tallies = new Map<string, Tally>();
  const key = (session: string, diagramId: string) => `${diagramId}\n${session}`;

  return {
    record(session, diagramId) {
      const at = now();
      const id = key(session, diagramId);
      let tally = tallies.get(id);
      if (!tally || (tally.lockedUntil <= at && at - tally.since >= LOCK_MS)) {
        tally = { count: 0, since: at, lockedUntil: 0 };
      }
      tallies.delete(id);
      tallies.set(id, tally);
      if (tallies.size > MAX_TRACKED) tallies.delete(tallies.keys().next().value!);
      tally.count++;
      if (tally.count === MAX_BAD_FRAMES) {
        tally.lockedUntil = at + LOCK_MS;
        log(
          `room ${diagramId}: ${MAX_BAD_FRAMES} malformed frames from one token's session; ` +
            `its connections to this room are refused for ${LOCK_MS / 1000} s`,
        );
      }
    },

    locked(session, diagramId) {
      const tally = tallies.get(key(session, diagramId));
      return tally !== undefined && tally.lockedUntil > now();
    },
  };
}
