import { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
const t0 = Date.now();
const pg = new PGlite();
await pg.waitReady;
console.log('pglite ready', Date.now()-t0);
const boss = new PgBoss({ db: { executeSql: async (text, values) => {
  if (!values || values.length === 0) { const r = await pg.exec(text); return { rows: r.at(-1)?.rows ?? [] }; }
  return pg.query(text, values);
} }, supervise: true, schedule: false });
boss.on('error', e => console.error('boss error', e));
await boss.start();
console.log('boss started', Date.now()-t0);
await boss.createQueue('mail');
await boss.work('mail', { pollingIntervalSeconds: 0.5 }, async ([job]) => { console.log('got', job.data, Date.now()-t0); });
const id = await boss.send('mail', { a: 1 }, { retryLimit: 3 });
console.log('sent', id);
await new Promise(r => setTimeout(r, 1500));
await boss.stop({ graceful: true, wait: true });
console.log('stopped', Date.now()-t0);
const d = await pg.dumpDataDir('none');
console.log('dump size', d.size, Date.now()-t0);
const t1 = Date.now(); const pg2 = new PGlite({ loadDataDir: d }); await pg2.waitReady; console.log('reload', Date.now()-t1, (await pg2.query('select count(*) from pgboss.job')).rows);
