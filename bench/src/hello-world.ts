/**
 * The yardstick of the read scenarios: a Fastify hello world, started by the bench in its own
 * process on the same machine and measured with the same connections in the same run, so that
 * "balance GET at N% of a hello world" compares like with like whatever else the cores are doing.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
