import assert from "node:assert/strict";
import { openMigratedDatabase } from "../db/open_migrated.ts";
import { backupFileName, listBackups, scheduleBackups } from "./schedule.ts";

async function withDatabase(
  run: (dir: string, db: Awaited<ReturnType<typeof openMigratedDatabase>>) => Promise<void>,
) {
  const dir = await Deno.makeTempDir({ prefix: "backup-schedule-" });
  const db = await openMigratedDatabase({ url: `file:${dir}/diagram.db` }, () => {});
  try {
    await run(dir, db);
  } finally {
    db.close();
    await Deno.remove(dir, { recursive: true });
  }
}

const DAY = 24 * 60 * 60 * 1000;

function eventually<T>(read: () => T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  return (async () => {
    for (;;) {
      const value = read();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`not seen: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
}

Deno.test("schedule: a start whose newest backup is older than the interval catches up, then thins old backups by the retention rules", async () => {
  await withDatabase(async (dir, db) => {
    const backups = `${dir}/backups`;
    await Deno.mkdir(backups);
    // Ten daily backups, the newest two days old; and a file that is not ours.
    for (let day = 2; day < 12; day++) {
      await Deno.writeTextFile(
        `${backups}/${backupFileName(new Date(Date.now() - day * DAY))}`,
        "",
      );
    }
    await Deno.writeTextFile(`${backups}/notes.txt`, "mine");
    const lines: string[] = [];
    const schedule = await scheduleBackups({
      db,
      dataDir: dir,
      dir: backups,
      everyMs: DAY,
      keep: { daily: 3, weekly: 0 },
      catchUpMs: 10,
      log: (line) => lines.push(line),
    });
    try {
      await eventually(() => lines.length > 0 || undefined, "a backup logged");
      assert.match(
        lines[0],
        /^backup .* 0 diagrams, 0 revisions, 0 images in [\d.]+ s; 8 older backup\(s\) removed$/,
      );
      const left = await listBackups(backups);
      assert.equal(left.size, 3);
      assert.ok(Date.now() - Math.max(...left.keys()) < 60_000);
      assert.ok(Deno.statSync(`${backups}/notes.txt`).isFile);
      const status = schedule.status();
      assert.equal(status.lastFile, left.get(Math.max(...left.keys())));
      assert.ok(Date.parse(status.nextAt) - Date.now() > DAY - 60_000);
    } finally {
      await schedule.stop();
    }
  });
});

Deno.test("schedule: a start with a recent backup waits for the interval, and reports that backup", async () => {
  await withDatabase(async (dir, db) => {
    const backups = `${dir}/backups`;
    await Deno.mkdir(backups);
    const recent = new Date(Math.floor((Date.now() - 60 * 60 * 1000) / 1000) * 1000);
    await Deno.writeTextFile(`${backups}/${backupFileName(recent)}`, "");
    const schedule = await scheduleBackups({
      db,
      dataDir: dir,
      dir: backups,
      everyMs: DAY,
      keep: { daily: 7, weekly: 4 },
      catchUpMs: 10,
      log: () => {},
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal((await listBackups(backups)).size, 1);
      const status = schedule.status();
      assert.equal(status.lastSuccessAt, recent.toISOString());
      assert.equal(status.nextAt, new Date(recent.getTime() + DAY).toISOString());
    } finally {
      await schedule.stop();
    }
  });
});

Deno.test("schedule: a failed backup is logged and reported, and the schedule goes on", async () => {
  await withDatabase(async (dir, db) => {
    // The backup folder's place is taken by a file: every write into it fails.
    await Deno.writeTextFile(`${dir}/backups`, "");
    const lines: string[] = [];
    const outcomes: boolean[] = [];
    const schedule = await scheduleBackups({
      db,
      dataDir: dir,
      dir: `${dir}/backups`,
      everyMs: DAY,
      keep: { daily: 7, weekly: 4 },
      catchUpMs: 10,
      log: (line) => lines.push(line),
      onRun: (run) => outcomes.push(run.ok),
    });
    try {
      await eventually(() => lines.length > 1 || undefined, "a failure logged");
      assert.match(lines[0], /^cannot list the backups in .*\/backups: Not a directory/);
      assert.match(lines[1], /^backup into .*\/backups failed: /);
      assert.deepEqual(outcomes, [false]);
      const status = schedule.status();
      assert.equal(status.lastSuccessAt, undefined);
      assert.ok(status.lastError);
      assert.ok(Date.parse(status.nextAt) > Date.now());
    } finally {
      await schedule.stop();
    }
  });
});
