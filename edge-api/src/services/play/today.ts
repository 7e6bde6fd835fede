import { gameDay } from '@daily-tea/shared/domain/game-day';
import type { Deps } from '../../env';

/** The current game day (product.md#game-day) from the injected clock and the configured zone / start hour. */
export function today(deps: Deps): string {
  return gameDay(deps.now(), deps.config.timeZone, deps.config.dayStartHour);
}
