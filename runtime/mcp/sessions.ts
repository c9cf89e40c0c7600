// Stateful MCP sessions: one transport and one server per Mcp-Session-Id, at most `maxSessions`,
// closed after `idleTimeoutMs` without a request. Clients that vanish without DELETE would
// otherwise keep their session for the life of the process.

export interface Closable {
  close(): Promise<void>;
}

interface Entry<S> {
  session: S;
  lastUsed: number;
}

export interface SessionStoreOptions {
  maxSessions: number;
  idleTimeoutMs: number;
  now?: () => number;
}

export function createSessionStore<S extends Closable>(
  { maxSessions, idleTimeoutMs, now = Date.now }: SessionStoreOptions,
) {
  const entries = new Map<string, Entry<S>>();

  function close(id: string) {
    const entry = entries.get(id);
    if (!entry) return;
    entries.delete(id);
    entry.session.close().catch((error) =>
      console.error(`search_mcp: closing session failed: ${error}`)
    );
  }

  return {
    /** The live session, its idle clock restarted; undefined when unknown or expired. */
    use(id: string): S | undefined {
      const entry = entries.get(id);
      if (!entry) return undefined;
      if (now() - entry.lastUsed >= idleTimeoutMs) {
        close(id);
        return undefined;
      }
      entry.lastUsed = now();
      return entry.session;
    },
    add(id: string, session: S) {
      entries.set(id, { session, lastUsed: now() });
    },
    /** Forgets a session that closed itself (DELETE), without closing it again. */
    forget(id: string) {
      entries.delete(id);
    },
    /** False when no room is left even after idle sessions were closed. */
    hasRoom(): boolean {
      if (entries.size < maxSessions) return true;
      this.closeIdle();
      return entries.size < maxSessions;
    },
    closeIdle() {
      const at = now();
      for (const [id, entry] of entries) {
        if (at - entry.lastUsed >= idleTimeoutMs) close(id);
      }
    },
    closeAll() {
      for (const id of [...entries.keys()]) close(id);
    },
    get size() {
      return entries.size;
    },
  };
}

export type SessionStore<S extends Closable> = ReturnType<typeof createSessionStore<S>>;
