import { createLibsqlDatabase, tuneEmbeddedDatabase } from '../../edge-api/src/db/client';
import { enableCatalogueCache } from '../../edge-api/src/db/queries/catalogue-cache';
import { buildConfig } from '../../edge-api/src/env';
import { getDailyTopics } from '../../edge-api/src/services/play/daily-topics.service';
import { findSessionWithUser } from '../../edge-api/src/db/queries/sessions.queries';
import { findPlayerDay } from '../../edge-api/src/db/queries/player-day.queries';
import { catalogueVersion } from '../../edge-api/src/db/queries/catalogue-cache';
import { getQuestionResults } from '../../edge-api/src/services/play/results.service';
import { sql } from 'drizzle-orm';
const url = 'file:/work/main/bench/.scale/run.db';
const { db } = createLibsqlDatabase(url);
await tuneEmbeddedDatabase(db, url);
enableCatalogueCache(db);
const config = buildConfig({ SEED_DEMO: 'false' }, () => 'x');
const deps = { db, config, now: () => new Date() };
const sid = (await db.all<{ id: string }>(sql`SELECT s.id FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.username LIKE 'scale_%' LIMIT 1`))[0]!.id;
const found = (await findSessionWithUser(db, sid))!;
const user = found.user;
const summary = JSON.parse((await import('node:fs')).readFileSync('/work/main/bench/.scale/summary.json', 'utf8'));
const hotUser = (await db.all<{ user_id: string }>(sql`SELECT user_id FROM answers WHERE question_id = ${summary.hotQuestionId} LIMIT 1`))[0]!.user_id;
const hot = (await db.all<any>(sql`SELECT * FROM users WHERE id = ${hotUser}`))[0];
const hotRow = { ...user, id: hotUser };
async function time(name: string, fn: () => Promise<unknown> | unknown, n = 20000) {
  for (let i = 0; i < 2000; i++) await fn();
  const t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await fn();
  console.log(name.padEnd(28), (Number(process.hrtime.bigint() - t) / 1e3 / n).toFixed(1), 'us');
}
const date = summary.today;
await time('session', () => findSessionWithUser(db, sid));
await time('catalogue version', () => catalogueVersion(db));
await time('player day', () => findPlayerDay(db, user.id, date, { badges: false }));
const fixedNow = () => new Date('2026-11-22T12:00:00Z');
const d2 = { ...deps, now: fixedNow };
await time('getDailyTopics', () => getDailyTopics(d2 as any, user));
const dt = await getDailyTopics(d2 as any, user);
await time('stringify daily', () => JSON.stringify(dt));
console.log('daily bytes', JSON.stringify(dt).length);
await time('results hot', () => getQuestionResults(d2 as any, { user: hotRow, isAdmin: false } as any, summary.hotQuestionId));
const r = await getQuestionResults(d2 as any, { user: hotRow, isAdmin: false } as any, summary.hotQuestionId);
await time('stringify results', () => JSON.stringify(r));
console.log('results bytes', JSON.stringify(r).length);
if (process.env.LOOP) {
  const which = process.env.LOOP;
  const t = Date.now();
  while (Date.now() - t < 4000) {
    if (which === 'results') await getQuestionResults(d2 as any, { user: hotRow, isAdmin: false } as any, summary.hotQuestionId);
    else if (which === 'version') await catalogueVersion(db);
    else await getDailyTopics(d2 as any, user);
  }
}
