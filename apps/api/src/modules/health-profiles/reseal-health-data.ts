import { eq, not, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { childHealthProfiles, registrationHealthSnapshots } from '../../db/schema.ts';
import type { HealthDataBox } from '../../platform/health-data-box.ts';

/**
 * Key rotation's second step (docs/decisions/028): every profile and stored copy sealed under an
 * older key is opened and sealed again under the current one, in batches, so the old key can
 * then be removed from HEALTH_DATA_KEYS. Returns how many were moved.
 */
export async function resealHealthData(db: Database, healthData: HealthDataBox, batchSize = 200) {
  const current = `${healthData.currentKeyId}.%`;
  let moved = 0;
  for (const table of [childHealthProfiles, registrationHealthSnapshots] as const) {
    const key =
      table === childHealthProfiles
        ? childHealthProfiles.childId
        : registrationHealthSnapshots.registrationId;
    for (;;) {
      const rows = await db
        .select({ id: key, profileSealed: table.profileSealed })
        .from(table)
        .where(not(sql`${table.profileSealed} like ${current}`))
        .limit(batchSize);
      if (rows.length === 0) break;
      await db.transaction(async (tx) => {
        for (const row of rows) {
          await tx
            .update(table)
            .set({ profileSealed: healthData.seal(healthData.open(row.profileSealed)) })
            .where(eq(key, row.id));
        }
      });
      moved += rows.length;
    }
  }
  return moved;
}
