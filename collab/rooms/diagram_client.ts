// The collab server's calls to the diagram service's /internal/collab routes, each signed with
// COLLAB_SECRET. A network failure or a 5xx throws (the caller retries); every answer the
// diagram service gives on purpose comes back as a value.
import {
  SESSION_CHECK_MAX_IDS,
  SESSION_CHECK_PATH,
  sessionCheckAnswerSchema,
} from "../../shared/collab_session_check.ts";
import { signRequest } from "../../shared/internal_signature.ts";
import { readRoomSeed } from "../../shared/collab_room_seed.ts";
import type { SceneSeed } from "../room/scene.ts";

export type SaveOutcome =
  | { saved: true; revision: number }
  /** The stored diagram moved on (replaced by an agent, say) or was deleted (null). */
  | { saved: false; stale: true; currentRevision: number | null }
  /** The diagram service refused the scene; nothing was stored. */
  | { saved: false; stale: false; problems: string[] };

export interface DiagramClient {
  /** The diagram's stored scene (each element as its JSON text), or null when it does not exist. */
  seed(id: string): Promise<SceneSeed | null>;
  /** `writers`: the sessions whose edits the elements hold (a guest's save is credited to it). */
  save(
    id: string,
    baseRevision: number,
    elements: unknown[],
    writers?: string[],
  ): Promise<SaveOutcome>;
  /** Stored revisions by id; null for a diagram that is gone. */
  revisions(ids: string[]): Promise<Record<string, number | null>>;
  /**
   * The ended sessions among `sessions`, each with when it ended (unix ms; null when the diagram
   * service no longer knows it); live ones are left out.
   */
  endedSessions(sessions: string[]): Promise<Record<string, number | null>>;
}

export class DiagramUnavailableError extends Error {
  override name = "DiagramUnavailableError";
}

const TIMEOUT_MS = 15_000;

export function createDiagramClient(baseUrl: string, secret: string): DiagramClient {
  async function send(method: string, path: string, body?: unknown): Promise<Response> {
    const bytes = body === undefined ? undefined : new TextEncoder().encode(JSON.stringify(body));
    let response: Response;
    try {
      response = await fetch(new URL(path, baseUrl), {
        method,
        headers: {
          ...signRequest(secret, { method, path, body: bytes }),
          ...(bytes ? { "content-type": "application/json" } : {}),
        },
        body: bytes,
        signal: AbortSignal.timeout(TIMEOUT_MS),
        // The diagram service never redirects these routes: following one would carry a signed
        // request, and a room's whole drawing, to wherever the answer points.
        redirect: "manual",
      });
    } catch (error) {
      throw new DiagramUnavailableError(
        `diagram service unreachable: ${error instanceof Error ? error.message : error}`,
      );
    }
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      throw new DiagramUnavailableError(
        `diagram service answered ${response.status} (a redirect, not followed): ` +
          "DIAGRAM_INTERNAL_URL must be the diagram service's own address",
      );
    }
    return response;
  }

  async function call(method: string, path: string, body?: unknown) {
    return await answer(await send(method, path, body));
  }

  /** A JSON answer; a 5xx or 401 throws. */
  async function answer(response: Response) {
    const json = await response.json().catch(() => ({}));
    if (response.status >= 500 || response.status === 401) {
      // A 401 means the two services disagree on COLLAB_SECRET: no answer to act on either.
      throw new DiagramUnavailableError(
        `diagram service answered ${response.status}: ${json.error ?? "no reason given"}`,
      );
    }
    return { status: response.status, json };
  }

  return {
    async seed(id) {
      const response = await send("GET", `/internal/collab/rooms/${id}`);
      if (response.status !== 200 || !response.body) {
        // Its answer is JSON then, and says why.
        const { status } = await answer(response);
        if (status === 404) return null;
        throw new DiagramUnavailableError(`loading ${id}: ${status}`);
      }
      // Read as it arrives, one element's text at a time (shared/collab_room_seed.ts).
      let json;
      try {
        const { header, elements } = await readRoomSeed(response.body);
        json = { ...header as object, elements };
      } catch (error) {
        throw new DiagramUnavailableError(
          `loading ${id}: ${error instanceof Error ? error.message : error}`,
        );
      }
      if (!isSceneSeed(json)) {
        throw new DiagramUnavailableError(
          `loading ${id}: not a room seed (an older diagram service?)`,
        );
      }
      return json;
    },

    async save(id, baseRevision, elements, writers = []) {
      const { status, json } = await call("PUT", `/internal/collab/rooms/${id}`, {
        baseRevision,
        elements,
        writers,
      });
      if (status === 200) return { saved: true, revision: json.revision };
      if (status === 409) {
        return { saved: false, stale: true, currentRevision: json.currentRevision };
      }
      if (status === 404) return { saved: false, stale: true, currentRevision: null };
      return {
        saved: false,
        stale: false,
        problems: Array.isArray(json.problems) ? json.problems : [String(json.error ?? status)],
      };
    },

    async revisions(ids) {
      const { status, json } = await call("POST", "/internal/collab/revisions", { ids });
      if (status !== 200) throw new DiagramUnavailableError(`checking revisions: ${status}`);
      return json.revisions;
    },

    async endedSessions(sessions) {
      const ended: Record<string, number | null> = {};
      for (let i = 0; i < sessions.length; i += SESSION_CHECK_MAX_IDS) {
        const ids = sessions.slice(i, i + SESSION_CHECK_MAX_IDS);
        const { status, json } = await call("POST", SESSION_CHECK_PATH, { ids });
        const answer = sessionCheckAnswerSchema.safeParse(json);
        if (status !== 200 || !answer.success) {
          throw new DiagramUnavailableError(`checking sessions: ${status}, no answer to act on`);
        }
        Object.assign(ended, answer.data.ended);
      }
      return ended;
    },
  };
}

/** The seed's shape: each element one JSON text (parsed one at a time as the room is seeded). */
export function isSceneSeed(value: unknown): value is SceneSeed {
  const seed = value as Partial<SceneSeed> | null;
  return typeof seed === "object" && seed !== null && typeof seed.name === "string" &&
    Number.isInteger(seed.revision) && Array.isArray(seed.elements) &&
    seed.elements.every((element) => typeof element === "string") &&
    typeof seed.files === "object" && seed.files !== null && !Array.isArray(seed.files);
}
