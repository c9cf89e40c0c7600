// Each room's document on disk under COLLAB_DATA_DIR, written after every save and on shutdown:
//   <id>.json = {revision, pending, state}
// `state` is the whole Y.Doc (base64url of encodeStateAsUpdate), so a restarted server continues the
// same CRDT history and a client that still holds edits merges them back on reconnect. `pending`
// marks edits the diagram service has not stored yet (it was unreachable at shutdown): those are
// saved at the next start. A record that can no longer be saved (the diagram moved on meanwhile)
// goes to conflicts/ rather than away.
import { decodeBase64Url, encodeBase64Url } from "../shared/base64url.ts";

export interface RoomRecord {
  /** The stored revision this state is based on. */
  revision: number;
  /** Edits in `state` that are not stored by the diagram service yet. */
  pending: boolean;
  state: Uint8Array;
}

export interface RoomFiles {
  read(id: string): Promise<RoomRecord | null>;
  write(id: string, record: RoomRecord): Promise<void>;
  /** Ids of rooms with edits not stored yet. */
  pending(): Promise<string[]>;
  /** Keeps a record that cannot be saved where a person can find it, out of the way. */
  setAside(id: string): Promise<string>;
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;

export function roomFiles(dir: string): RoomFiles {
  const file = (id: string) => {
    // Ids come from tokens we signed; checked anyway, as they become file names.
    if (!ID.test(id)) throw new Error(`not a room id: ${id}`);
    return `${dir}/${id}.json`;
  };
  return {
    async read(id) {
      let text: string;
      try {
        text = await Deno.readTextFile(file(id));
      } catch (error) {
        if (error instanceof Deno.errors.NotFound) return null;
        throw error;
      }
      const parsed = JSON.parse(text);
      const state = decodeBase64Url(parsed.state);
      if (!Number.isInteger(parsed.revision) || typeof parsed.pending !== "boolean" || !state) {
        throw new Error(`room file ${file(id)} is damaged`);
      }
      return { revision: parsed.revision, pending: parsed.pending, state };
    },

    async write(id, record) {
      // Written aside and renamed: a crash mid-write leaves the previous record whole.
      const target = file(id);
      const temporary = `${target}.${crypto.randomUUID()}.tmp`;
      await Deno.writeTextFile(
        temporary,
        JSON.stringify({
          revision: record.revision,
          pending: record.pending,
          state: encodeBase64Url(record.state),
        }),
      );
      await Deno.rename(temporary, target);
    },

    async pending() {
      const ids: string[] = [];
      for await (const entry of Deno.readDir(dir)) {
        const id = entry.isFile && entry.name.endsWith(".json") ? entry.name.slice(0, -5) : "";
        if (!ID.test(id)) continue;
        const record = await this.read(id).catch(() => null);
        if (record?.pending) ids.push(id);
      }
      return ids;
    },

    async setAside(id) {
      await Deno.mkdir(`${dir}/conflicts`, { recursive: true });
      const target = `${dir}/conflicts/${id}-${Date.now()}.json`;
      await Deno.rename(file(id), target);
      return target;
    },
  };
}
