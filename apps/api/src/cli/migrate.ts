import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { prepareDatabase } from '../prepare-database.ts';

const config = loadConfig();
const handle = openDatabase(config.database);
await prepareDatabase(handle);
await handle.close();
console.info(`Migrations applied (${handle.kind}).`);
