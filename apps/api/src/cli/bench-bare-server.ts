// The benchmark's baseline server: Fastify with one route answering a small JSON object and
// nothing else (no plugins, no logging, no database). Prints its port once it listens.
import Fastify from 'fastify';

const app = Fastify();
app.get('/bare', async () => ({ data: { id: 1, name: 'Lakeside Adventure Week', city: 'Austin' } }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.info(typeof address === 'object' && address ? address.port : '');
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
