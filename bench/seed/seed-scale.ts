/**
 * npm run seed:scale -- --db <libSQL URL> --users <N> --answers <M> [--history-days 24] [--activity-days 90]
 *   [--seed 42]
 *
 * Fills a fresh database at community scale through the project's own data layer (Drizzle over libSQL, batched
 * multi-row inserts, no HTTP): N players `scale_1` … `scale_N` (password `scale-password`), today's schedule of
 * 5 topics × 4 questions, selections, M answers over today's questions with realistic skew, the hot question's
 * linked history that their streaks come from (`history-days`: the hot link group's earlier days), badges, and
 * result counters equal to a full recount. Players
 * joined over the last `activity-days` game days (their first game day is the day they joined) and came back
 * on some days before their current streak: the play rollups that activity, retention and the
 * funnel read are rebuilt from that history.
 */
import { provinceOfCity } from '@daily-tea/shared/domain/provinces';
import { parseArgs } from 'node:util';
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gameDay } from '@daily-tea/shared/domain/game-day';
import { normalizeOptionId, optionId } from '@daily-tea/shared/domain/results';
import {
  analyzeDatabase,
  buildConfig,
  createLibsqlDatabase,
  dropSecondaryIndexes,
  hashPassword,
  loadRows,
  migrateLibsql,
  rebuildIndexes,
  rebuildPlayRollups,
  recountAllCounters,
  runBatch,
  schema,
  seededCrowdFields,
  tuneForBulkLoad,
  type Database,
} from '@daily-tea/edge-api/tooling';
import { countGroupAnswers, countUsers, recountQuestionAnswerTotals } from './scale.queries';
import {
  answerQuota,
  createRng,
  pickNumeric,
  pickOption,
  pickTopics,
  planBadges,
  planQuestions,
  planStreak,
  planUser,
  SCALE_TOPICS,
} from './scale-plan';

export const SCALE_PASSWORD = 'scale-password';
export const SCALE_USERNAME_PREFIX = 'scale_';
export const DEFAULT_SCALE_DB = 'file:bench/.scale/scale.db';

export type ScaleOptions = {
  users: number;
  answers: number;
  historyDays: number;
  /** Game days over which players joined and played before their streak (default: historyDays). */
  activityDays?: number;
  seed: number;
  now: Date;
  log?: (line: string) => void;
};
export type ScaleSummary = {
  users: number;
  /** Game days of play history (players joined over them). */
  activityDays: number;
  answersToday: number;
  answersTotal: number;
  today: string;
  hotQuestionId: string;
  hotGroupAnswers: number;
  nicheQuestionId: string;
  nicheQuestionAnswers: number;
  seconds: number;
};

/** Players generated and written per batch (one transaction each). */
const USERS_PER_ROUND = 5000;

/**
 * Time-ordered UUIDs (version 7 layout: 48-bit milliseconds, then random): rows land at the end of the
 * primary-key and (user_id, question_id) B-trees instead of at random pages, which is what makes millions of
 * inserts fast. Same text format and uniqueness as randomUUID.
 */
let lastMs = 0;
let sequence = 0;
export function orderedId(nowMs = Date.now()): string {
  if (nowMs <= lastMs) sequence++;
  else {
    lastMs = nowMs;
    sequence = 0;
  }
  const ms = lastMs.toString(16).padStart(12, '0');
  const seq = (sequence & 0xfff).toString(16).padStart(3, '0');
  const r = randomUUID().replaceAll('-', '');
  return `${ms.slice(0, 8)}-${ms.slice(8, 12)}-7${seq}-8${r.slice(0, 3)}-${r.slice(3, 15)}`;
}

type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];

export async function seedScale(db: Database, opts: ScaleOptions): Promise<ScaleSummary> {
  const started = performance.now();
  const log = opts.log ?? (() => undefined);
  const config = buildConfig({}, () => 'unused');
  const today = gameDay(opts.now, config.timeZone, config.dayStartHour);
  const rng = createRng(opts.seed);
  if ((await countUsers(db)) > 0)
    throw new Error('seed:scale needs an empty database (it already has users)');
  if (opts.answers < opts.users)
    throw new Error('--answers must be at least --users: every player answers at least once today');
  if (opts.answers > opts.users * 12)
    throw new Error('--answers can be at most 12 × --users (3 topics × 4 questions each)');

  // Catalogue: topics, questions (today + the hot series' history), schedules.
  const topicIds = SCALE_TOPICS.map(() => randomUUID());
  const activityDays = Math.max(opts.activityDays ?? opts.historyDays, opts.historyDays);
  const plans = planQuestions(today, opts.historyDays, activityDays);
  const questionIds = new Map(plans.map((p) => [p.key, randomUUID()]));
  const idOf = (key: string) => questionIds.get(key)!;
  const questionRows: Row<typeof schema.questions>[] = plans.map((p) => ({
    id: idOf(p.key),
    topicId: topicIds[p.topicIndex]!,
    date: p.date,
    text: p.text,
    type: p.type,
    options: p.options,
    numericUnit: p.numericUnit,
    minValue: p.minValue,
    maxValue: p.maxValue,
    linkedQuestionId: p.linkedKey ? idOf(p.linkedKey) : null,
    groupId: p.linkedKey ? idOf(p.linkedKey) : idOf(p.key),
  }));
  const historyDates = plans.filter((p) => p.date !== today).map((p) => p.date);
  await runBatch(db, [
    db.insert(schema.topics).values(
      SCALE_TOPICS.map((t, i) => ({
        id: topicIds[i]!,
        title: t.title,
        category: t.category,
        description: t.description,
        isActive: true,
      })),
    ),
    db.insert(schema.questions).values(questionRows),
    db
      .insert(schema.dailyTopics)
      .values([
        { id: randomUUID(), date: today, topicIds },
        ...historyDates.map((date) => ({ id: randomUUID(), date, topicIds: [topicIds[0]!] })),
      ]),
  ]);
  const todayPlans = plans.filter((p) => p.date === today);
  const historyPlans = plans.filter((p) => p.date !== today).sort((a, b) => b.date.localeCompare(a.date)); // yesterday first

  // Bulk-load practice: drop the secondary indexes of the big tables, load, then rebuild them from the exact
  // SQL the migrations created (a sorted build is far cheaper than millions of random B-tree inserts).
  const indexes = await dropSecondaryIndexes(db, ['answers', 'users', 'user_daily_selections', 'badges']);

  const passwordHash = await hashPassword(SCALE_PASSWORD);
  const nowMs = opts.now.getTime();
  let answersToday = 0;
  let answersTotal = 0;

  for (let from = 0; from < opts.users; from += USERS_PER_ROUND) {
    const to = Math.min(opts.users, from + USERS_PER_ROUND);
    const users: Row<typeof schema.users>[] = [];
    const selections: Row<typeof schema.userDailySelections>[] = [];
    const answers: Row<typeof schema.answers>[] = [];
    const badges: Row<typeof schema.badges>[] = [];
    for (let i = from; i < to; i++) {
      const profile = planUser(rng, i);
      const userId = orderedId();
      const quota = answerQuota(i, opts.users, opts.answers);
      const chosen = pickTopics(rng, quota);
      // The player joined `joinedBack` game days ago (0 = today) and has played today and on the days of
      // their streak since; before the streak, on some days with at least one day off between them.
      let joinedBack = Math.floor(rng() * activityDays);
      const streak = planStreak(rng, Math.min(opts.historyDays, joinedBack));
      // A first day right before the streak would lengthen it: the player joined on the streak's first day.
      if (joinedBack === streak.historyAnswers + 1) joinedBack = streak.historyAnswers;
      const earlierDays: number[] = [];
      if (joinedBack >= streak.historyAnswers + 2) {
        // The first game day, then every other day at most, never the day right before the streak.
        earlierDays.push(joinedBack);
        for (let back = joinedBack - 2; back >= streak.historyAnswers + 2; back -= 2)
          if (rng() < 0.25) earlierDays.push(back);
      }
      const snapshot = {
        gender: profile.gender,
        ageBracket: profile.ageBracket,
        raceBracket: profile.raceBracket,
      };
      const place = {
        country: profile.country,
        city: profile.city,
        province: provinceOfCity(profile.country, profile.city),
      };
      let answered = 0;
      const perTopic = new Map<number, number>();
      for (const topicIndex of chosen) {
        for (const q of todayPlans.filter((p) => p.topicIndex === topicIndex)) {
          if (answered >= quota) break;
          const isNumeric = q.type === 'numeric';
          answers.push({
            id: orderedId(),
            userId,
            questionId: idOf(q.key),
            groupId: q.linkedKey ? idOf(q.linkedKey) : idOf(q.key),
            questionDate: today,
            selectedOptionId: isNumeric ? null : optionId(pickOption(rng, q.shape)),
            numericValue: isNumeric
              ? pickNumeric(rng, q.shape[0]!, q.shape[1]!, q.minValue!, q.maxValue!)
              : null,
            ...snapshot,
            ...place,
            answeredAt: new Date(nowMs - Math.floor(rng() * 6 * 3600_000)),
          });
          answered++;
          perTopic.set(topicIndex, (perTopic.get(topicIndex) ?? 0) + 1);
        }
      }
      for (const back of [
        ...Array.from({ length: streak.historyAnswers }, (_, d) => d + 1),
        ...earlierDays,
      ]) {
        const q = historyPlans[back - 1]!;
        answers.push({
          id: orderedId(),
          userId,
          questionId: idOf(q.key),
          groupId: q.linkedKey ? idOf(q.linkedKey) : idOf(q.key),
          questionDate: q.date,
          selectedOptionId: normalizeOptionId(q.options, optionId(pickOption(rng, q.shape))),
          numericValue: null,
          ...snapshot,
          ...place,
          answeredAt: new Date(Date.parse(`${q.date}T12:00:00Z`) + Math.floor(rng() * 6 * 3600_000)),
        });
        selections.push({ id: orderedId(), userId, date: q.date, selectedTopicIds: [topicIds[0]!] });
      }
      selections.push({
        id: orderedId(),
        userId,
        date: today,
        selectedTopicIds: chosen.map((t) => topicIds[t]!),
      });
      const total = answered + streak.historyAnswers + earlierDays.length;
      answersToday += answered;
      answersTotal += total;
      const completed = [...perTopic.values()].filter((n) => n === 4).length;
      for (const type of planBadges(total, streak.currentStreak, completed)) {
        badges.push({ id: orderedId(), userId, type, earnedAt: new Date(nowMs) });
      }
      users.push({
        id: userId,
        username: `${SCALE_USERNAME_PREFIX}${i + 1}`,
        passwordHash,
        isGuest: false,
        ...snapshot,
        ...place,
        currentStreak: streak.currentStreak,
        longestStreak: streak.longestStreak,
        lastActivityDate: today,
        totalAnswers: total,
        ...seededCrowdFields(streak.currentStreak),
        // Set from the answers with the play rollups once every answer is loaded.
        firstPlayDate: null,
        lastPlayDate: null,
        createdAt: new Date(nowMs - joinedBack * 86_400_000 - Math.floor(rng() * 3_600_000)),
      });
    }
    await loadRows(db, [
      [schema.users, users],
      [schema.userDailySelections, selections],
      [schema.answers, answers],
      [schema.badges, badges],
    ]);
    log(
      `  players ${to.toLocaleString('en')} / ${opts.users.toLocaleString('en')}, answers ${answersTotal.toLocaleString('en')}`,
    );
  }

  log(`  indexes: rebuilding ${indexes.length}`);
  await rebuildIndexes(db, indexes);
  log('  counters: recounting from answers');
  await recountAllCounters(db);
  await recountQuestionAnswerTotals(db);
  log('  play rollups: rebuilding from answers and selections');
  await rebuildPlayRollups(db);
  await analyzeDatabase(db);

  const hot = todayPlans[0]!;
  const hotGroup = hot.linkedKey ? idOf(hot.linkedKey) : idOf(hot.key);
  const niche = todayPlans.find((p) => p.topicIndex === SCALE_TOPICS.length - 1)!;
  const groupCount = (groupId: string) => countGroupAnswers(db, groupId);
  return {
    users: opts.users,
    activityDays,
    answersToday,
    answersTotal,
    today,
    hotQuestionId: idOf(hot.key),
    hotGroupAnswers: await groupCount(hotGroup),
    nicheQuestionId: idOf(niche.key),
    nicheQuestionAnswers: await groupCount(idOf(niche.key)),
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: DEFAULT_SCALE_DB },
      users: { type: 'string', default: '100000' },
      answers: { type: 'string', default: '1000000' },
      'history-days': { type: 'string', default: '24' },
      'activity-days': { type: 'string', default: '90' },
      seed: { type: 'string', default: '42' },
      'auth-token': { type: 'string' },
    },
  });
  const url = values.db;
  if (url.startsWith('file:')) await mkdir(dirname(url.slice('file:'.length)), { recursive: true });
  const { db, close } = createLibsqlDatabase(url, values['auth-token']);
  try {
    // Bulk load: the database is new and disposable until the seed finishes.
    await tuneForBulkLoad(db, url);
    await migrateLibsql(db);
    console.log(`seed:scale → ${url}`);
    const summary = await seedScale(db, {
      users: Number(values.users),
      answers: Number(values.answers),
      historyDays: Number(values['history-days']),
      activityDays: Number(values['activity-days']),
      seed: Number(values.seed),
      now: new Date(),
      log: (line) => console.log(line),
    });
    console.log(JSON.stringify(summary, null, 2));
  } finally {
    close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
