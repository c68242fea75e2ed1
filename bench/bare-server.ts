/**
 * The ceiling: a bare Fastify route answering a constant, run in its own
 * process exactly like the API so both are measured the same way.
 */
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 0);
const app = Fastify({ logger: false });
app.get('/', async () => ({ data: { status: 'ok' } }));
await app.listen({ port, host: '127.0.0.1' });
console.log(`bare server listening on ${port}`);
