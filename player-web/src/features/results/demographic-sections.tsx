import type { DemographicSection, GroupBreakdown } from './results-model';
import { plural } from './results-model';

function GroupCard({ group, sectionTotal, isChoice }: { group: GroupBreakdown; sectionTotal: number; isChoice: boolean }) {
  const share = Math.round((group.total / Math.max(1, sectionTotal)) * 100);
  return (
    <li className="flex flex-col gap-2 rounded-2xl bg-brand-50/70 p-3 ring-1 ring-brand-100" data-group={group.key}>
      <div className="flex items-baseline justify-between gap-2">
        <h5 className="min-w-0 truncate text-sm font-bold text-brand-950">{group.label}</h5>
        <span className="shrink-0 text-xs text-gray-600 tabular-nums">n = {group.total.toLocaleString('en-GB')}</span>
      </div>
      {group.sameAsYou !== null ? (
        <p className="self-start rounded-full bg-tea-100 px-2.5 py-0.5 text-xs font-bold text-tea-900" data-same-as-you={group.sameAsYou}>
          {group.sameAsYou}% same as you
        </p>
      ) : null}
      {isChoice ? (
        <ul aria-label={`${group.label} answers`} className="space-y-1.5">
          {group.bars.map((bar) => (
            <li key={bar.id} data-option={bar.id} data-percent={bar.pct}>
              <span className="sr-only">
                {`${bar.label}: ${bar.pct}%, ${plural(bar.count, 'answer')}${bar.isUser ? ', your answer' : ''}`}
              </span>
              <div aria-hidden="true" className="flex items-baseline justify-between gap-2 text-xs">
                <span className={`min-w-0 truncate ${bar.isUser ? 'font-bold text-tea-900' : 'text-gray-700'}`}>{bar.label}</span>
                <span className="shrink-0 font-bold tabular-nums text-brand-900">{bar.pct}%</span>
              </div>
              <div aria-hidden="true" className="mt-0.5 h-2 overflow-hidden rounded-full bg-white">
                <div
                  className={`h-full rounded-full ${bar.isUser ? 'bg-tea-500' : 'bg-brand-400'}`}
                  style={{ width: `${bar.height}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <div>
          <span className="sr-only">{`${share}% of respondents in this section`}</span>
          <div aria-hidden="true" className="flex items-baseline justify-between text-xs text-gray-700">
            <span>Share of respondents</span>
            <span className="font-bold tabular-nums text-brand-900">{share}%</span>
          </div>
          <div aria-hidden="true" className="mt-0.5 h-2 overflow-hidden rounded-full bg-white">
            <div className="h-full rounded-full bg-brand-400" style={{ width: `${Math.max(share, 2)}%` }} />
          </div>
        </div>
      )}
    </li>
  );
}

/**
 * Gender, age and race/ethnicity sections (SPEC §2). Under the SPEC §9 thresholds a section shows
 * only "Too Few Respondents": splitting a handful of answers by group would suggest differences the
 * data cannot carry.
 */
export function DemographicSections({ sections, isChoice }: { sections: readonly DemographicSection[]; isChoice: boolean }) {
  return (
    <div className="space-y-3">
      <h4 className="text-sm font-bold tracking-wide text-brand-900 uppercase">Who answered what</h4>
      {sections.map((section) => (
        <details
          key={section.dimension}
          open={section.available}
          className="group rounded-2xl border border-brand-100 bg-white"
          data-section={section.dimension}
        >
          <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-2xl px-4 py-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
            <span className="text-sm font-bold text-gray-900">{section.title}</span>
            <span className="flex items-center gap-2 text-xs text-gray-600">
              {section.available ? plural(section.total, 'answer') : 'Too Few Respondents'}
              <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4 transition-transform group-open:rotate-180">
                <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z" />
              </svg>
            </span>
          </summary>
          <div className="px-4 pb-4">
            {section.available ? (
              <ul className="grid gap-2.5 sm:grid-cols-2 lg:grid-cols-3">
                {section.groups.map((group) => (
                  <GroupCard key={group.key} group={group} sectionTotal={section.total} isChoice={isChoice} />
                ))}
              </ul>
            ) : (
              <div className="rounded-xl bg-gray-50 px-3 py-2.5 text-sm text-gray-700" data-too-few="">
                <p className="font-semibold text-gray-900">Too Few Respondents</p>
                <p className="mt-0.5 text-xs">
                  {section.dimension === 'gender'
                    ? 'This breakdown appears once at least 3 people in 2 or more groups have answered.'
                    : 'This breakdown appears once at least 5 people in 2 or more groups have answered.'}
                </p>
              </div>
            )}
          </div>
        </details>
      ))}
    </div>
  );
}
