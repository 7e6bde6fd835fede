// @databases: embedded — EXPLAIN QUERY PLAN of SQLite's planner on a local file (the same planner D1 and Turso run); one run is enough.
import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../database';
import { migrateLibsql } from '../../migrate';
import * as schema from '../../schema';
import { findAuditPage } from '../audit.queries';
import { findAnswersExportPage, findAnswersPage } from './answers.queries';
import { findDayVersion, findQuestionsOnDate } from './days.queries';
import { findAllBucketCounters, findRecentQuestions, findWeightingCells } from './marketing.queries';
import { findSampleSnapshots } from './sample.queries';
import {
  findAllQuestionsWithTopic,
  findTopicQuestionsBefore,
  searchQuestions,
  findTopicQuestionsOnDate,
} from './questions.queries';
import {
  findDashboardCounts,
  findResponseCounts,
  findStreakEngagement,
  findUserDistributions,
} from './stats.queries';
import {
  findAnswerCountsByQuestion,
  findChoiceCounts,
  findNumericValueCounts,
  findSelectionQuestions,
  findSplitCells,
} from './response-analytics.queries';
import { findTopicsWithQuestionCount } from './topics.queries';
import { findUsersPage } from './users.queries';

/**
 * The operator queries must stay flat at 100k users / 1M answers: no full table scan of users,
 * answers or questions, and no sort of every answer or user for a page. Each query is captured through
 * drizzle's logger and explained with its real parameters.
 */
type Captured = { sql: string; params: unknown[] };
const captured: Captured[] = [];
const client = createClient({ url: ':memory:' });
const db = drizzle(client, {
  schema,
  logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
}) as unknown as Database;

beforeAll(async () => {
  await migrateLibsql(db);
});
afterAll(() => client.close());

async function plansOf(run: () => Promise<unknown>): Promise<{ sql: string; plan: string[] }[]> {
  captured.length = 0;
  await run();
  const out = [];
  for (const q of [...captured]) {
    const res = await client.execute({ sql: `EXPLAIN QUERY PLAN ${q.sql}`, args: q.params as never[] });
    out.push({ sql: q.sql, plan: res.rows.map((r) => String(r.detail)) });
  }
  return out;
}

/** `SCAN users` (no index at all) is a full table scan; `SCAN users USING [COVERING] INDEX` walks an index. */
const FULL_SCAN = /^SCAN (users|answers|questions)\b(?! USING)/;

const cases: [string, () => Promise<unknown>, { allowFullScan?: RegExp }?][] = [
  ['users page', () => findUsersPage(db, { limit: 50, offset: 100 })],
  ['users page with search', () => findUsersPage(db, { limit: 50, offset: 0, search: 'ann' })],
  // The unfiltered total sums questions.answer_count: one row per question, far fewer than answers.
  [
    'answers page',
    () => findAnswersPage(db, { limit: 50, offset: 100 }),
    { allowFullScan: /^SCAN questions$/ },
  ],
  ['answers page by date', () => findAnswersPage(db, { limit: 50, offset: 0, date: '2026-06-10' })],
  ['answers page by question', () => findAnswersPage(db, { limit: 50, offset: 0, questionId: 'q1' })],
  [
    'answers page by question and date',
    () => findAnswersPage(db, { limit: 50, offset: 0, questionId: 'q1', date: '2026-06-10' }),
  ],
  ['dashboard', () => findDashboardCounts(db, '2026-06-04')],
  ['distributions', () => findUserDistributions(db)],
  ['streaks', () => findStreakEngagement(db, '2026-06-09')],
  ['response stats', () => findResponseCounts(db, { date: '2026-06-10' })],
  ['marketing questions', () => findRecentQuestions(db, '2026-05-27', '2026-06-10', 60)],
  ['marketing counters', () => findAllBucketCounters(db, ['g1', 'g2'])],
  ['marketing weighting cells', () => findWeightingCells(db, ['g1', 'g2'])],
  ['audit', () => findAuditPage(db, 50, 0)],
  ['topics', () => findTopicsWithQuestionCount(db)],
  ['topic questions', () => findTopicQuestionsOnDate(db, 't1', '2026-06-10')],
  ['importable', () => findTopicQuestionsBefore(db, 't1', '2026-06-10', 500)],
  ['all questions', () => findAllQuestionsWithTopic(db)],
  ['question bank search', () => searchQuestions(db, { q: 'tea cups', limit: 30 })],
  ['question bank search of a topic', () => searchQuestions(db, { q: 'tea', limit: 30, topicId: 't1' })],
  ['question bank, newest', () => searchQuestions(db, { q: '', limit: 30 })],
  ['sample make-up of a day', () => findSampleSnapshots(db, { date: '2026-06-10', questionId: null })],
  ['sample make-up of a question', () => findSampleSnapshots(db, { date: '2026-06-10', questionId: 'q1' })],
  ['day version', () => findDayVersion(db, '2026-06-10')],
  ['questions on a date (day editor)', () => findQuestionsOnDate(db, '2026-06-10')],
  // Keyset pages of the export: a seek on (question_date | question_id, answered_at) + rowid, never OFFSET.
  [
    'answers export first page',
    () => findAnswersExportPage(db, { date: '2026-06-10', cursor: null, limit: 1000 }),
  ],
  [
    'answers export next page',
    () => findAnswersExportPage(db, { date: '2026-06-10', cursor: { answeredAt: 1, seq: 5 }, limit: 1000 }),
  ],
  [
    'answers export next page of a question',
    () =>
      findAnswersExportPage(db, {
        date: '2026-06-10',
        questionId: 'q1',
        cursor: { answeredAt: 1, seq: 5 },
        limit: 1000,
      }),
  ],
  ['response stats of a topic', () => findResponseCounts(db, { date: '2026-06-10', topicId: 't1' })],
  ...analyticsCases(),
];

/** Response Analytics under the filters it offers: the date alone, a topic, a question, a demographic group. */
function analyticsCases(): [string, () => Promise<unknown>][] {
  const filters = [
    ['a date', { date: '2026-06-10' }],
    ['a topic', { date: '2026-06-10', topicId: 't1' }],
    ['a question', { date: '2026-06-10', questionId: 'q1' }],
    ['a date and group', { date: '2026-06-10', gender: 'female', ageBracket: '25-34' }],
  ] as const;
  return filters.flatMap(([name, f]) => [
    [`analytics questions of ${name}`, () => findSelectionQuestions(db, f)],
    [`analytics counts of ${name}`, () => findAnswerCountsByQuestion(db, f)],
    [`analytics choices of ${name}`, () => findChoiceCounts(db, f)],
    [`analytics numeric values of ${name}`, () => findNumericValueCounts(db, f)],
    [
      `analytics split of ${name}`,
      () =>
        findSplitCells(db, f, { gender: ['male', 'female'], ageBracket: ['18-24'], raceBracket: [] }, true),
    ],
  ]);
}

describe('operator query plans', () => {
  it.each(cases)('%s: no full scan of users/answers/questions', async (_name, run, opts) => {
    for (const { sql, plan } of await plansOf(run)) {
      const scans = plan.filter((line) => FULL_SCAN.test(line) && !opts?.allowFullScan?.test(line));
      expect(scans, `${sql}\n${plan.join('\n')}`).toEqual([]);
    }
  });

  it.each(
    cases.filter(
      ([name]) =>
        name.startsWith('answers') ||
        name.startsWith('question bank') ||
        name === 'users page' ||
        name === 'audit',
    ),
  )('%s: the page comes off an index in order (no sort of every row)', async (_name, run) => {
    for (const { sql, plan } of await plansOf(run)) {
      if (!/order by/i.test(sql)) continue;
      expect(
        plan.filter((line) => line.includes('TEMP B-TREE')),
        `${sql}\n${plan.join('\n')}`,
      ).toEqual([]);
    }
  });
});

describe('marketing questions', () => {
  it('read each group’s version by key and, unless this process holds its cells at it, one primary-key range of cells', async () => {
    const plans = await plansOf(() => findWeightingCells(db, ['g1', 'g2']));
    expect(plans).toHaveLength(1);
    const plan = plans[0]!.plan;
    expect(plan, plan.join('\n')).toContain(
      'SEARCH c USING INDEX sqlite_autoindex_result_counters_1 (group_id=? AND bucket>? AND bucket<?)',
    );
    expect(
      plan.some((line) => /^SEARCH v USING (INDEX|PRIMARY KEY).*\(group_id=\?\)/.test(line)),
      plan.join('\n'),
    ).toBe(true);
    expect(plan.filter((line) => line.includes('TEMP B-TREE') || /^SCAN (c|v)\b/.test(line))).toEqual([]);
  });
});

describe('export keyset pages', () => {
  it.each([
    [
      'a date',
      { date: '2026-06-10' },
      'SEARCH a USING INDEX answers_date_answered_idx (question_date=? AND answered_at>?)',
    ],
    [
      'one question',
      { date: '2026-06-10', questionId: 'q1' },
      'SEARCH a USING INDEX answers_question_answered_idx (question_id=? AND answered_at>?)',
    ],
  ])(
    'of %s seek the index whose order is the keyset order, (…, answered_at, rowid): no sort, no scan',
    async (_n, q, seek) => {
      for (const cursor of [null, { answeredAt: 1, seq: 5 }]) {
        const plans = await plansOf(() => findAnswersExportPage(db, { ...q, cursor, limit: 4000 }));
        expect(plans).toHaveLength(1);
        expect(plans[0]!.plan).toEqual([
          seek,
          'SEARCH u USING INDEX sqlite_autoindex_users_1 (id=?) LEFT-JOIN',
        ]);
      }
    },
  );
});

describe('response analytics', () => {
  it.each(analyticsCases())(
    '%s: answers are read by a seek per question on a covering index, questions by their date index',
    async (_name, run) => {
      for (const { sql, plan } of await plansOf(run)) {
        const text = `${sql}\n${plan.join('\n')}`;
        const answerLines = plan.filter((l) => /^(SCAN|SEARCH) (answers|a)\b/.test(l));
        for (const line of answerLines)
          expect(line, text).toMatch(
            /^SEARCH answers USING COVERING INDEX answers_question_(split|answered)_idx \(question_id=\?/,
          );
        // Grouped in the index's own order: no sort of the selection's answers.
        expect(
          plan.filter((l) => l.includes('TEMP B-TREE FOR GROUP BY')),
          text,
        ).toEqual([]);
        const questionLines = plan.filter((l) => /^(SCAN|SEARCH) questions\b/.test(l));
        for (const line of questionLines)
          expect(line, text).toMatch(
            /^SEARCH questions USING (COVERING )?INDEX (questions_date_topic_idx|questions_topic_date_idx|sqlite_autoindex_questions_1) /,
          );
      }
    },
  );
});
