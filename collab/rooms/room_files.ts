// Each room's document on disk under COLLAB_DATA_DIR, written after every save and on shutdown:
//   <id>.room = one line of JSON {"revision":…,"pending":…}, then the state's bytes as they are
// The state is the whole Y.Doc (encodeStateAsUpdate), kept binary: a text encoding of a 5 MB
// document cost the event loop most of a second on every save. A restarted server continues the
// same CRDT history and a client that still holds edits merges them back on reconnect. A room
// that unloads saved and empty is written compacted (compact.ts): its content, not its history.
// `pending` marks edits the diagram service has not stored yet (it was unreachable at shutdown):
// those are saved at the next start. A record that can no longer be saved (the diagram moved on
// meanwhile) goes to conflicts/ rather than away.

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
const SUFFIX = ".room";
const NEWLINE = 0x0a;

export function roomFiles(dir: string): RoomFiles {
  const file = (id: string) => {
    // Ids come from tokens we signed; checked anyway, as they become file names.
    if (!ID.test(id)) throw new Error(`not a room id: ${id}`);
    return `${dir}/${id}${SUFFIX}`;
  };
  return {
    async read(id) {
      let bytes: Uint8Array;
      try {
        bytes = await Deno.readFile(file(id));
      } catch (error) {
        if (error instanceof Deno.errors.NotFound) return null;
        throw error;
      }
      const end = bytes.indexOf(NEWLINE);
      const header = end < 0 ? null : JSON.parse(new TextDecoder().decode(bytes.subarray(0, end)));
      if (!Number.isInteger(header?.revision) || typeof header?.pending !== "boolean") {
        throw new Error(`room file ${file(id)} is damaged`);
      }
      return { revision: header.revision, pending: header.pending, state: bytes.subarray(end + 1) };
    },

    async write(id, record) {
      const header = new TextEncoder().encode(
        `${JSON.stringify({ revision: record.revision, pending: record.pending })}\n`,
      );
      // Written aside and renamed: a crash mid-write leaves the previous record whole. The state
      // is appended as it is rather than joined to the header first: no second copy of the
      // document while a large room saves.
      const target = file(id);
      const temporary = `${target}.${crypto.randomUUID()}.tmp`;
      try {
        await Deno.writeFile(temporary, header);
        await Deno.writeFile(temporary, record.state, { append: true });
        await Deno.rename(temporary, target);
      } catch (error) {
        await Deno.remove(temporary).catch(() => {});
        throw error;
      }
    },

    async pending() {
      const ids: string[] = [];
      for await (const entry of Deno.readDir(dir)) {
        const id = entry.isFile && entry.name.endsWith(SUFFIX)
          ? entry.name.slice(0, -SUFFIX.length)
          : "";
        if (!ID.test(id)) continue;
        const record = await this.read(id).catch(() => null);
        if (record?.pending) ids.push(id);
      }
      return ids;
    },

    async setAside(id) {
      await Deno.mkdir(`${dir}/conflicts`, { recursive: true });
      const target = `${dir}/conflicts/${id}-${Date.now()}${SUFFIX}`;
      await Deno.rename(file(id), target);
      return target;
    },
  };
}
