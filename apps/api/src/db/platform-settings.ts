import type { Database } from './client.js';

/*
 * platform_settings: the numbers a SQL money rule reads that are not its own to choose (the
 * contracts' constants, the configuration). A module writes its rules' numbers at start, so the
 * SQL pays by the same figures the contracts and the screens state; each SQL rule file holds a
 * default row for a database no API has started on yet (a migrated test database).
 */
export async function writePlatformSettings(database: Database, settings: Record<string, string>): Promise<void> {
  for (const [key, value] of Object.entries(settings))
    await database.executeSql(
      `INSERT INTO platform_settings (key, value) VALUES ($1, $2)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [key, value],
    );
}

/** A list of integers as platform_settings holds it: PostgreSQL's array text ('{500,200,100}'), read as `value::int[]`. */
export const intArraySetting = (values: readonly number[]): string => `{${values.join(',')}}`;
