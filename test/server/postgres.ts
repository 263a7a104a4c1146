// A PostgreSQL server for the tests that need one: TEST_DATABASE_URL (CI starts one with
// .ci/postgres.sh). Without it those tests are skipped with a message saying so.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { it } from "vitest";

export const PG_URL = process.env.TEST_DATABASE_URL;

/** Registers a test that says why the PostgreSQL tests did not run (never silently). */
export function skipWithoutPostgres(what: string): void {
  it.skipIf(true)(`${what}: skipped, no TEST_DATABASE_URL (start one with: export TEST_DATABASE_URL=$(bash .ci/postgres.sh))`, () => undefined);
}

/** A new, empty database on the TEST_DATABASE_URL server, so tests never see each other's matches. */
export async function freshSchema(name: string): Promise<string> {
  const db = `rules_${name}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${db}`);
  await admin.end();
  const url = new URL(PG_URL!);
  url.pathname = `/${db}`;
  return url.toString();
}
