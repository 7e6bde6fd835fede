import type { CalendarDay } from '@daily-tea/shared/contracts/history';
import { formatDisplayDate } from '@daily-tea/shared/domain/game-day';

const WEEKDAY = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday = 0

function stateOf(day: CalendarDay): { label: string; className: string } {
  if (day.played) return { label: 'played', className: 'bg-brand-600' };
  if (day.frozen) return { label: 'kept by a freeze', className: 'bg-sky-400' };
  return { label: 'missed', className: 'bg-stone-200' };
}

/**
 * The last 90 game days as weeks (columns, Monday on top), each day a square: played, kept by a freeze, or
 * missed. One summary for screen readers; each square names its date and state on hover.
 */
export function HistoryCalendar({ days }: { days: CalendarDay[] }) {
  const played = days.filter((d) => d.played).length;
  const frozen = days.filter((d) => d.frozen).length;
  const lead = days.length > 0 ? WEEKDAY(days[0]!.date) : 0;
  const cells: (CalendarDay | null)[] = [...Array<null>(lead).fill(null), ...days];
  return (
    <>
      <p className="mt-1 text-sm text-stone-700" data-testid="calendar-summary">
        Played {played} of the last {days.length} days{frozen > 0 ? `, ${frozen} kept by a freeze` : ''}.
      </p>
      <div className="mt-3 overflow-x-auto">
        <div
          aria-hidden="true"
          data-testid="calendar"
          className="grid w-max grid-flow-col grid-rows-7 gap-1 sm:gap-1.5"
        >
          {cells.map((day, i) =>
            day ? (
              <span
                key={day.date}
                title={`${formatDisplayDate(day.date)}: ${stateOf(day).label}`}
                data-state={stateOf(day).label}
                className={`size-[1.125rem] rounded-[4px] sm:size-5 ${stateOf(day).className}`}
              />
            ) : (
              <span key={`lead-${i}`} className="size-[1.125rem] sm:size-5" />
            ),
          )}
        </div>
      </div>
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-700" aria-hidden="true">
        <li className="flex items-center gap-1.5">
          <span className="bg-brand-600 size-3 rounded-[3px]" /> Played
        </li>
        <li className="flex items-center gap-1.5">
          <span className="size-3 rounded-[3px] bg-sky-400" /> Kept by a freeze
        </li>
        <li className="flex items-center gap-1.5">
          <span className="size-3 rounded-[3px] bg-stone-200" /> Missed
        </li>
      </ul>
    </>
  );
}
