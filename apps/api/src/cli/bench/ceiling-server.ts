// The app as `npm start` runs it, with one more route for `npm run bench` only: a camp read by
// its primary key, the least a database read through the app's own stack (Fastify, its hooks,
// validation and serializer, the pool) can cost. The camp profile's throughput is judged
// against it (decision 049); a route that reads no database, such as /api/site, is no ceiling
// for one that does.
import { idFromText } from '@campwise/contract/ids';
import { eq } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { camps } from '../../db/schema.ts';
import { CEILING_PATH } from './app-process.ts';

const config = loadConfig();
const app = await buildApp(config);
app
  .withTypeProvider<ZodTypeProvider>()
  .get(`${CEILING_PATH}/:id`, { schema: { params: z.object({ id: idFromText }) } }, async (request) => {
    const [camp] = await app.db
      .select({ id: camps.id, name: camps.name })
      .from(camps)
      .where(eq(camps.id, request.params.id));
    return { data: camp ?? null };
  });
process.on('SIGTERM', () => {
  app.close().then(() => process.exit(0));
});
await app.listen({ port: config.port, host: config.host });
