import { Hono } from 'hono';
import type { Health } from '@daily-tea/shared/contracts/health';
import type { AppEnv } from '../app-env';
import { today } from '../services/play/today';

/** Liveness plus the server's game day, so clients never compute "today" in their own time zone. */
export const healthRoutes = new Hono<AppEnv>().get('/health', (c) => {
  const deps = c.get('deps');
  const body: Health = {
    ok: true,
    time: deps.now().toISOString(),
    today: today(deps),
    timeZone: deps.config.timeZone,
    dayStartHour: deps.config.dayStartHour,
  };
  return c.json(body);
});
