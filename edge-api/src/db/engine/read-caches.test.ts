// @databases: embedded, libsql — two connections to one file stand for two Node server processes (the libsql run uses the stock client, Turso's driver); Workers keep no read caches.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDays } from '@daily-tea/shared/domain/game-day';
import { createLibsqlDatabase } from '../client';
import type { Database } from '../database';
import { migrateLibsql } from '../migrate';
import { questions, topics } from '../schema';
import { createQuestion, createTopic, scheduleDay } from '../../test/factories';
import { TEST_DATABASE, TEST_TODAY } from '../../test/harness';
import { cachedCatalogue, catalogueVersion, enableReadCaches } from './read-caches';
import { findCatalogueDay } from '../queries/daily.queries';
import { findStatsRead } from '../queries/history.queries';

describe('read caches', () => {
  let dir: string;
  let db: Database;
  let other: Database;
  let closeAll: () => void;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'daily-tea-catalogue-'));
    const url = `file:${join(dir, 'c.db')}`;
    const driver = { stockClient: TEST_DATABASE === 'libsql' };
    const a = createLibsqlDatabase(url, undefined, driver);
    await migrateLibsql(a.db);
    // A second connection to the same file stands for another server process of the cluster (or a script).
    const b = createLibsqlDatabase(url, undefined, driver);
    db = a.db;
    other = b.db;
    closeAll = () => {
      a.close();
      b.close();
    };
  });
  afterEach(() => {
    closeAll();
    rmSync(dir, { recursive: true, force: true });
  });

  const counting = () => {
    let loads = 0;
    return { load: async () => ++loads, loads: () => loads };
  };

  it('reads straight through on handles that did not opt in', async () => {
    const c = counting();
    expect(await cachedCatalogue(db, 'k', c.load)).toBe(1);
    expect(await cachedCatalogue(db, 'k', c.load)).toBe(2);
  });

  it('serves repeated reads from one load until a catalogue write, from any connection, bumps the version', async () => {
    enableReadCaches(db);
    const c = counting();
    expect(await cachedCatalogue(db, 'k', c.load)).toBe(1);
    expect(await cachedCatalogue(db, 'k', c.load)).toBe(1);

    const topic = await createTopic(other);
    expect(await cachedCatalogue(db, 'k', c.load)).toBe(2);
    expect(await cachedCatalogue(db, 'k', c.load)).toBe(2);

    const question = await createQuestion(other, { topicId: topic.id });
    expect(await cachedCatalogue(db, 'k', c.load)).toBe(3);
    await other.update(questions).set({ text: 'Edited?' }).where(eq(questions.id, question.id));
    expect(await cachedCatalogue(db, 'k', c.load)).toBe(4);
    await scheduleDay(other, TEST_TODAY, [topic.id]);
    expect(await cachedCatalogue(db, 'k', c.load)).toBe(5);
    await scheduleDay(other, TEST_TODAY, []);
    expect(await cachedCatalogue(db, 'k', c.load)).toBe(6);
    await other.update(topics).set({ isActive: false }).where(eq(topics.id, topic.id));
    expect(await cachedCatalogue(db, 'k', c.load)).toBe(7);
    await other.delete(questions).where(eq(questions.id, question.id));
    expect(await cachedCatalogue(db, 'k', c.load)).toBe(8);
    await other.delete(topics).where(eq(topics.id, topic.id));
    expect(await cachedCatalogue(db, 'k', c.load)).toBe(9);
    expect(await cachedCatalogue(db, 'k', c.load)).toBe(9);
  });

  it('is not invalidated by the answer counter every answer maintains', async () => {
    enableReadCaches(db);
    const topic = await createTopic(db);
    const question = await createQuestion(db, { topicId: topic.id });
    const before = await catalogueVersion(db);
    await other
      .update(questions)
      .set({ answerCount: sql`${questions.answerCount} + 1` })
      .where(eq(questions.id, question.id));
    expect(await catalogueVersion(db)).toBe(before);
  });

  it('never serves a catalogue older than the last write (findCatalogueDay)', async () => {
    enableReadCaches(db);
    const topic = await createTopic(db, { title: 'Before' });
    await scheduleDay(db, TEST_TODAY, [topic.id]);
    expect((await findCatalogueDay(db, TEST_TODAY)).scheduled.map((t) => t.title)).toEqual(['Before']);
    await other.update(topics).set({ title: 'After' }).where(eq(topics.id, topic.id));
    expect((await findCatalogueDay(db, TEST_TODAY)).scheduled.map((t) => t.title)).toEqual(['After']);
    const q = await createQuestion(other, { topicId: topic.id });
    expect((await findCatalogueDay(db, TEST_TODAY)).questionById.get(q.id)?.text).toBe(q.text);
  });

  it("bumps a group's result version on every change to its counters, from any connection, and no other group's", async () => {
    const version = async (group: string) =>
      (
        await db.all<{ v: number }>(
          sql`SELECT coalesce((SELECT version FROM result_versions WHERE group_id = ${group}), 0) AS v`,
        )
      )[0]!.v;
    expect(await version('g1')).toBe(0);
    await other.run(
      sql`INSERT INTO result_counters (group_id, bucket, option_id, count, value_sum) VALUES ('g1', 'all', 'opt-1', 1, 0)`,
    );
    expect(await version('g1')).toBe(1);
    await other.run(sql`UPDATE result_counters SET count = count + 1 WHERE group_id = 'g1'`);
    expect(await version('g1')).toBe(2);
    await other.run(
      sql`INSERT INTO result_counters (group_id, bucket, option_id, count, value_sum) VALUES ('g2', 'all', 'opt-1', 1, 0)`,
    );
    expect(await version('g1')).toBe(2);
    await other.run(sql`DELETE FROM result_counters WHERE group_id = 'g1'`);
    expect(await version('g1')).toBe(3);
    expect(await version('g2')).toBe(1);
  });

  it("holds a player's stats read while their stats version is unchanged; every stats write from any connection moves it", async () => {
    await other.run(sql`INSERT INTO users (id, username, password_hash) VALUES ('u1', 'one', 'x')`);
    const yesterday = addDays(TEST_TODAY, -1);
    const version = async () =>
      Number((await db.all<{ v: number }>(sql`SELECT stats_version AS v FROM users WHERE id = 'u1'`))[0]!.v);
    const read = async () =>
      findStatsRead(db, {
        userId: 'u1',
        statsVersion: await version(),
        calendarFrom: addDays(TEST_TODAY, -89),
        crowdFrom: addDays(TEST_TODAY, -29),
        today: TEST_TODAY,
      });
    expect(await read()).not.toBe(await read());
    enableReadCaches(db);
    let held = await read();
    expect(await read()).toBe(held);
    const writes = [
      sql`INSERT INTO player_days (user_id, date, answers, frozen) VALUES ('u1', ${TEST_TODAY}, 1, 0)`,
      sql`INSERT INTO player_days (user_id, date, answers, frozen) VALUES ('u1', ${yesterday}, 0, 1)`,
      sql`UPDATE player_stats SET picks_revealed = 1 WHERE user_id = 'u1'`,
      sql`INSERT INTO badges (id, user_id, type, earned_at) VALUES ('b1', 'u1', 'first_answer', 1)`,
      sql`UPDATE badges SET earned_at = 2 WHERE id = 'b1'`,
      sql`DELETE FROM badges WHERE id = 'b1'`,
      sql`INSERT INTO crowd_sense_days (user_id, date, guesses, right_guesses) VALUES ('u1', ${TEST_TODAY}, 2, 1)`,
      sql`UPDATE crowd_sense_days SET right_guesses = 2 WHERE user_id = 'u1'`,
      sql`DELETE FROM crowd_sense_days WHERE user_id = 'u1'`,
    ];
    for (const [i, write] of writes.entries()) {
      await other.run(write);
      const next = await read();
      expect(next, `write ${i}`).not.toBe(held);
      expect(await read()).toBe(next);
      held = next;
    }
    expect(held).toMatchObject({
      daysPlayed: 1,
      daysFrozen: 1,
      picksRevealed: 1,
      badges: [],
      recent: { made: 0 },
    });
  });

  it('does not remember a failed load', async () => {
    enableReadCaches(db);
    await expect(cachedCatalogue(db, 'f', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cachedCatalogue(db, 'f', async () => 'ok')).toBe('ok');
  });
});
