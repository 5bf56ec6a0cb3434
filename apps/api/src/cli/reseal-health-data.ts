// Seals every child's health profile (and each place's copy) under the first key of
// HEALTH_DATA_KEYS, after a new key was put first (docs/decisions/028):
//   npm run health-data:reseal
// Once it reports done, the old key can be removed from HEALTH_DATA_KEYS.
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { resealHealthData } from '../modules/health-profiles/index.ts';
import { HealthDataBox } from '../platform/health-data-box.ts';
import { resolveJwtSecret } from '../platform/tokens.ts';
import { prepareDatabase } from '../prepare-database.ts';

const config = loadConfig();
const handle = openDatabase(config.database);
try {
  await prepareDatabase(handle);
  const healthData = HealthDataBox.fromConfig(config.healthDataKeys, resolveJwtSecret(config));
  const moved = await resealHealthData(handle.db, healthData);
  console.info(`Done: ${moved} health records now sealed under key "${healthData.currentKeyId}".`);
} finally {
  await handle.close();
}
