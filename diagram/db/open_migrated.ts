// The database as the service and the operator commands need it: open, then brought up to date.
import { type Database, type DatabaseConfig, openDatabase } from "./database.ts";
import { loadMigrations, migrate } from "./migrate.ts";

/** Opens the database and applies the migrations it lacks, logging each through `log`. */
export async function openMigratedDatabase(
  config: DatabaseConfig,
  log: (line: string) => void,
): Promise<Database> {
  const db = await openDatabase(config);
  try {
    const applied = await migrate(db, await loadMigrations());
    for (const file of applied) log(`applied migration ${file}`);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
