// The diagram service's core, built once at start and handed to every door.
import type { LoginThrottle } from "../auth/login_throttle.ts";
import { type AccountOperations, accountOperations } from "./accounts.ts";
import { type SessionOperations, sessionOperations } from "./sessions.ts";
import { type CollectionOperations, collectionOperations } from "./collections.ts";
import { type DiagramCoreDeps, type DiagramOperations, diagramOperations } from "./diagrams.ts";

export interface DiagramCore {
  diagrams: DiagramOperations;
  collections: CollectionOperations;
  sessions: SessionOperations;
  accounts: AccountOperations;
  /** Resolves when the database answers (the health probe). */
  ping(): Promise<void>;
}

export function createDiagramCore(
  deps: DiagramCoreDeps & { throttle: LoginThrottle },
): DiagramCore {
  return {
    diagrams: diagramOperations(deps),
    collections: collectionOperations(deps.db),
    sessions: sessionOperations(deps.db, deps.throttle),
    accounts: accountOperations(deps.db),
    async ping() {
      await deps.db.execute("SELECT 1");
    },
  };
}
