import type { Leaderboard } from '@daily-tea/shared/contracts/friends';
import { LEADERBOARD_DAYS } from '@daily-tea/shared/domain/friends';

/** The last 7 game days of the player and their friends: days played, right guesses, crowd sense — best first. */
export function LeaderboardTable({ board }: { board: Leaderboard }) {
  const cell = 'w-14 py-2.5 pl-2 text-right tabular-nums sm:w-24';
  return (
    <table className="w-full table-fixed text-sm" data-testid="leaderboard">
      <caption className="sr-only">
        Leaderboard of the last {LEADERBOARD_DAYS} days, {board.from} to {board.to}
      </caption>
      <thead>
        <tr className="border-b border-stone-200 text-xs font-semibold tracking-wide text-stone-600 uppercase">
          <th scope="col" className="w-8 py-2 pr-1 text-left">
            #
          </th>
          <th scope="col" className="py-2 text-left">
            Player
          </th>
          <th scope="col" className={cell} title={`Days played of the last ${LEADERBOARD_DAYS}`}>
            Days
          </th>
          <th scope="col" className={cell} title="Right guesses of the crowd">
            Right
          </th>
          <th scope="col" className={cell} title="Share of right guesses">
            Sense
          </th>
        </tr>
      </thead>
      <tbody>
        {board.entries.map((e, i) => (
          <tr key={e.username} className={e.isMe ? 'bg-brand-50 font-semibold' : 'border-b border-stone-100'}>
            <td className="py-2.5 pr-1 text-stone-600 tabular-nums">{i + 1}</td>
            <th scope="row" className="truncate py-2.5 text-left font-medium text-stone-900">
              {e.username}
              {e.isMe && <span className="text-stone-600"> (you)</span>}
            </th>
            <td className={cell}>
              {e.daysPlayed}
              <span className="text-stone-600">/{LEADERBOARD_DAYS}</span>
            </td>
            <td className={cell}>{e.rightGuesses}</td>
            <td className={cell}>{e.crowdSense === null ? '–' : `${e.crowdSense}%`}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
