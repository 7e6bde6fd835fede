import type { DemographicSection, GroupBreakdown } from './results-model';
import { plural, formatCount } from './results-model';

/** Segment colours for non-user options (plum and neutrals); the user's option is always tea. */
const SEGMENTS = [
  { bg: 'bg-brand-800', text: 'text-white' },
  { bg: 'bg-brand-300', text: 'text-brand-950' },
  { bg: 'bg-slate-600', text: 'text-white' },
  { bg: 'bg-sky-700', text: 'text-white' },
  { bg: 'bg-fuchsia-700', text: 'text-white' },
  { bg: 'bg-slate-300', text: 'text-slate-900' },
  { bg: 'bg-brand-600', text: 'text-white' },
] as const;
// In the dark theme the mirrored shades give this segment the same amber and brown as in the light one.
const USER_SEGMENT = { bg: 'bg-tea-400 dark:bg-tea-500', text: 'text-tea-900 dark:text-tea-50' } as const;

export function segmentStyle(index: number, isUser: boolean) {
  return isUser ? USER_SEGMENT : (SEGMENTS[index % SEGMENTS.length] ?? SEGMENTS[0]);
}

/** Percent labels show inside a segment only where they fit. */
const LABEL_MIN_PCT = 12;

/** One group of a multiple-choice question: its answers as one bar split by option, and the same-as-you badge. */
export function GroupRow({ group }: { group: GroupBreakdown }) {
  const spoken = `${group.label}, ${plural(group.total, 'answer')}: ${group.bars
    .map((b) => `${b.text} ${b.pct}%${b.isUser ? ' (your answer)' : ''}`)
    .join(', ')}${group.sameAsYou !== null ? `. ${group.sameAsYou}% same as you.` : ''}`;
  return (
    <li className="py-2.5" data-group={group.key} data-group-total={group.total}>
      <span className="sr-only">{spoken}</span>
      <div aria-hidden="true" className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="text-sm font-bold text-gray-900">{group.label}</span>
        <span className="text-xs text-gray-600 tabular-nums">n = {formatCount(group.total)}</span>
        {group.sameAsYou !== null ? (
          <span
            className="bg-tea-100 text-tea-900 ml-auto rounded-full px-2.5 py-0.5 text-xs font-bold"
            data-same-as-you={group.sameAsYou}
          >
            {group.sameAsYou}% same as you
          </span>
        ) : null}
      </div>
      <div aria-hidden="true" className="mt-1.5 flex h-6 w-full overflow-hidden rounded-lg bg-gray-100">
        {group.bars.map((bar, index) =>
          bar.count > 0 ? (
            <div
              key={bar.id}
              data-option={bar.id}
              data-percent={bar.pct}
              title={`${bar.text}: ${bar.pct}%`}
              className={`flex min-w-0 items-center justify-center border-r border-white/70 text-[11px] font-bold tabular-nums last:border-r-0 ${segmentStyle(index, bar.isUser).bg} ${segmentStyle(index, bar.isUser).text}`}
              style={{ width: `${(bar.count / group.total) * 100}%` }}
            >
              {bar.pct >= LABEL_MIN_PCT ? `${bar.pct}%` : ''}
            </div>
          ) : null,
        )}
      </div>
    </li>
  );
}

/** Numeric questions have no option to compare, so a section shows who answered: one bar split by group. */
function Composition({ section }: { section: DemographicSection }) {
  return (
    <div className="space-y-2.5">
      <div aria-hidden="true" className="flex h-6 w-full overflow-hidden rounded-lg bg-gray-100">
        {section.groups.map((group, index) => {
          const pct = Math.round((group.total / Math.max(1, section.total)) * 100);
          const look = segmentStyle(index, false);
          return (
            <div
              key={group.key}
              title={`${group.label}: ${pct}%`}
              className={`flex min-w-0 items-center justify-center border-r border-white/70 text-[11px] font-bold tabular-nums last:border-r-0 ${look.bg} ${look.text}`}
              style={{ width: `${(group.total / Math.max(1, section.total)) * 100}%` }}
            >
              {pct >= LABEL_MIN_PCT ? `${pct}%` : ''}
            </div>
          );
        })}
      </div>
      <ul className="grid grid-cols-1 gap-x-6 gap-y-1.5 text-xs sm:grid-cols-2 lg:grid-cols-3">
        {section.groups.map((group, index) => {
          const pct = Math.round((group.total / Math.max(1, section.total)) * 100);
          return (
            <li
              key={group.key}
              className="flex items-center gap-1.5"
              data-group={group.key}
              data-group-total={group.total}
            >
              <span
                aria-hidden="true"
                className={`size-3 shrink-0 rounded-sm ${segmentStyle(index, false).bg}`}
              />
              <span className="min-w-0 font-semibold break-words text-gray-900">{group.label}</span>
              <span className="ml-auto shrink-0 text-gray-700 tabular-nums">
                {pct}% <span className="sr-only">of respondents,</span>
                <span className="text-gray-600">(n = {formatCount(group.total)})</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function Legend({ bars }: { bars: GroupBreakdown['bars'] }) {
  return (
    <ul aria-hidden="true" className="flex flex-wrap gap-x-3 gap-y-1.5 pb-1 text-xs text-gray-800">
      {bars.map((bar, index) => (
        <li key={bar.id} className="flex items-start gap-1.5">
          <span className={`mt-0.5 size-3 shrink-0 rounded-sm ${segmentStyle(index, bar.isUser).bg}`} />
          <span className={bar.isUser ? 'text-tea-900 font-bold' : ''}>
            {bar.text}
            {bar.isUser ? ' (You)' : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Gender, age and race/ethnicity sections (product.md#screens). Under the product.md#limits thresholds a section shows
 * only "Too Few Respondents": splitting a handful of answers by group would suggest differences the
 * data cannot carry.
 */
export function DemographicSections({
  sections,
  isChoice,
}: {
  sections: readonly DemographicSection[];
  isChoice: boolean;
}) {
  return (
    <div className="space-y-3">
      <h3 className="text-brand-900 text-sm font-bold tracking-wide uppercase">
        {isChoice ? 'Who answered what' : 'Who answered'}
      </h3>
      {sections.map((section) =>
        section.available ? (
          <details
            key={section.dimension}
            open
            className="group border-brand-100 rounded-2xl border bg-white"
            data-section={section.dimension}
          >
            <summary className="focus-visible:outline-brand-600 flex cursor-pointer list-none items-center justify-between gap-3 rounded-2xl px-4 py-3 focus-visible:outline-2 focus-visible:outline-offset-2 [&::-webkit-details-marker]:hidden">
              <span className="text-sm font-bold text-gray-900">{section.title}</span>
              <span className="flex items-center gap-2 text-xs text-gray-600">
                {plural(section.total, 'answer')}
                <svg
                  viewBox="0 0 20 20"
                  fill="currentColor"
                  aria-hidden="true"
                  className="size-4 transition-transform group-open:rotate-180"
                >
                  <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z" />
                </svg>
              </span>
            </summary>
            <div className="px-4 pb-4">
              {isChoice ? (
                <>
                  {section.groups[0] ? <Legend bars={section.groups[0].bars} /> : null}
                  <ul className="divide-y divide-gray-100">
                    {section.groups.map((group) => (
                      <GroupRow key={group.key} group={group} />
                    ))}
                  </ul>
                </>
              ) : (
                <Composition section={section} />
              )}
            </div>
          </details>
        ) : (
          <div
            key={section.dimension}
            className="border-brand-100 rounded-2xl border bg-white px-4 py-3"
            data-section={section.dimension}
          >
            <h4 className="text-sm font-bold text-gray-900">{section.title}</h4>
            <div className="mt-2 rounded-xl bg-gray-50 px-3 py-2.5 text-sm text-gray-700" data-too-few="">
              <p className="font-semibold text-gray-900">Too Few Respondents</p>
              <p className="mt-0.5 text-xs">
                {section.dimension === 'gender'
                  ? 'This breakdown appears once at least 3 people in 2 or more groups have answered.'
                  : 'This breakdown appears once at least 5 people in 2 or more groups have answered.'}
              </p>
            </div>
          </div>
        ),
      )}
    </div>
  );
}
