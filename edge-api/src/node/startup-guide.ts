import { addDays, gameDay } from '@daily-tea/shared/domain/game-day';
import { findLastScheduledDate } from '../db/queries/daily.queries';
import { findUserByUsername } from '../db/queries/users.queries';
import { DEV_ADMIN_PASSWORD, DEV_MARKETING_PASSWORD, type Config, type Deps } from '../env';
import { withDatabase } from './database';
import type { NodeSettings } from './settings';
import { DEMO_PASSWORD, DEMO_USERNAME_PREFIX, DEMO_USERS } from '../seed/demo-seed';

/**
 * What `npm start` prints once it serves: where to go, who to sign in as, the operator passwords when they are the
 * development defaults (a configured password is never printed), and whether the demo schedule still covers
 * today — a demo database seeded a week ago has run out, and the players would see no topics.
 */
export async function startupGuide(deps: Deps, url: string): Promise<string[]> {
  const { db, config } = deps;
  const today = gameDay(deps.now(), config.timeZone, config.dayStartHour);
  const [demoAccount, lastScheduled] = await Promise.all([
    findUserByUsername(db, `${DEMO_USERNAME_PREFIX}1`),
    findLastScheduledDate(db),
  ]);
  // Production never offers demo logins (product.md#running): its start removes them, and this never names them.
  const demoPlayer = config.isProduction ? undefined : demoAccount;
  const password = (value: string, devDefault: string, variable: string) =>
    value === devDefault ? `password ${value}` : `password from ${variable}`;
  const lines = [
    `  Players     ${url}  — sign up, continue as a guest${
      demoPlayer
        ? `, or sign in as ${DEMO_USERNAME_PREFIX}1 … ${DEMO_USERNAME_PREFIX}${DEMO_USERS} / ${DEMO_PASSWORD}`
        : ''
    }`,
    `  Admin       ${url}/admin  — ${password(config.adminPassword, DEV_ADMIN_PASSWORD, 'ADMIN_PASSWORD')}`,
    `  Marketing   ${url}/marketing  — ${password(config.marketingPassword, DEV_MARKETING_PASSWORD, 'MARKETING_PASSWORD')}`,
  ];
  if (lastScheduled === undefined) {
    lines.push('  Schedule    nothing scheduled yet: plan days in /admin → Question Scheduling');
  } else if (lastScheduled < today) {
    lines.push(
      `  Schedule    the last scheduled day was ${lastScheduled}; today (${today}) players see no topics.`,
      demoPlayer
        ? "              Run `npm run db:reset` (with npm start stopped) to recreate the demo database with today's dates."
        : '              Schedule today and the next days in /admin → Question Scheduling.',
    );
  } else {
    const days = Math.round((Date.parse(lastScheduled) - Date.parse(today)) / 86_400_000) + 1;
    lines.push(`  Schedule    ${today} … ${lastScheduled} (${days} day${days === 1 ? '' : 's'} from today)`);
    if (days <= 1 && demoPlayer)
      lines.push(
        `              tomorrow (${addDays(today, 1)}) has no topics: \`npm run db:reset\` recreates the demo with today's dates`,
      );
  }
  return lines;
}

/** Prints the guide, read on a connection of its own; a failure here never stops the server. */
export async function printStartupGuide(
  database: NodeSettings['database'],
  config: Config,
  url: string,
): Promise<void> {
  try {
    const lines = await withDatabase(database, config, (deps) => startupGuide(deps, url));
    console.log(`\n${lines.join('\n')}\n`);
  } catch (err) {
    console.warn('[daily-tea] could not read the demo status:', err instanceof Error ? err.message : err);
  }
}
