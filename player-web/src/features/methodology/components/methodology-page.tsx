import { useRef, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import type { Methodology } from '@daily-tea/shared/contracts/weighting';
import { BRAND } from '@daily-tea/shared/brand';
import { paths } from '../../../config/paths';
import { useFocusOnMount } from '../../../hooks/use-focus-on-mount';
import { methodologyQuery } from '../api/methodology-query';
import { listText, marginsText, targetTables, trimText, type TargetTable } from './methodology-model';

function Section(props: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={props.id}
      className="rounded-3xl bg-white px-5 py-5 shadow-sm ring-1 ring-stone-200 sm:px-7 sm:py-6"
    >
      <h2 id={props.id} className="text-lg font-bold text-stone-900">
        {props.title}
      </h2>
      <div className="mt-2 space-y-3 text-[15px] leading-relaxed text-stone-700">{props.children}</div>
    </section>
  );
}

function TargetTableView({ table }: { table: TargetTable }) {
  const largest = Math.max(...table.rows.map((r) => r.share), 0.0001);
  return (
    <div className="min-w-0" data-target-dimension={table.dimension}>
      <table className="w-full text-sm">
        <caption className="pb-1.5 text-left text-xs font-bold tracking-wider text-stone-600 uppercase">
          {table.title}
        </caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">Group</th>
            <th scope="col">Share of South African adults</th>
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.slug} data-target={row.slug} className="border-t border-stone-100">
              <th scope="row" className="py-1.5 pr-3 text-left font-medium text-stone-800">
                {row.label}
              </th>
              <td className="w-[55%] py-1.5">
                <div className="flex items-center gap-2">
                  <div aria-hidden="true" className="bg-brand-50 h-2 flex-1 overflow-hidden rounded-full">
                    <div
                      className="bg-brand-500 h-full rounded-full"
                      style={{ width: `${Math.max(2, (row.share / largest) * 100)}%` }}
                    />
                  </div>
                  <span className="w-12 text-right font-semibold text-stone-900 tabular-nums">
                    {row.percent}
                  </span>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MethodologyBody({ methodology }: { methodology: Methodology }) {
  const tables = targetTables(methodology.targets);
  const weightedBy = listText(tables.map((t) => t.title.toLowerCase()));
  const min = methodology.minEffectiveSample;
  const level = Math.round(methodology.confidenceLevel * 100);
  return (
    <div className="space-y-4">
      <Section id="m-glance" title="At a glance">
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[10rem_1fr]">
          <dt className="font-semibold text-stone-900">Who answers</dt>
          <dd>
            People who choose to play {BRAND.name}, aged 18 and over. Not a random sample of South Africa:
            anyone can join, and the people who do are not like everyone else.
          </dd>
          <dt className="font-semibold text-stone-900">Weighted to</dt>
          <dd>South Africa&apos;s adults, by {weightedBy}.</dd>
          <dt className="font-semibold text-stone-900">How</dt>
          <dd>
            Raking (iterative proportional fitting), weights trimmed to {trimText(methodology.trimBounds)}.
            Scheme{' '}
            <code className="rounded bg-stone-100 px-1.5 py-0.5 text-[13px] break-all" data-scheme="">
              {methodology.scheme}
            </code>
            .
          </dd>
          <dt className="font-semibold text-stone-900">Shown from</dt>
          <dd>
            An effective sample of <span data-min-effective-sample={min}>{min}</span>; below that a card says
            why there is no weighted figure.
          </dd>
        </dl>
      </Section>

      <Section id="m-what" title="What is weighted, and what is not">
        <p>
          Each results card shows the split <strong>as answered</strong>: every answer counts once, as the
          game has always counted them. Beside it, the same split <strong>weighted to SA adults</strong>:
          answers from groups that play more than their share of the population count a little less, answers
          from groups that play less count a little more, until the players&apos; mix of {weightedBy} matches
          the census.
        </p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <strong>Weighted:</strong> the share choosing each option of a multiple-choice question, and the
            average of a number question.
          </li>
          <li>
            <strong>Not weighted:</strong> answer counts, the breakdowns by gender, age, race and place (each
            already shows one group as it answered), the trend over time and your friends&apos; answers.
          </li>
        </ul>
        <h3 className="pt-1 text-sm font-bold text-stone-900">Who is weighted</h3>
        <ul className="list-disc space-y-1 pl-5" data-in-scheme="">
          {methodology.inScheme.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <h3 className="pt-1 text-sm font-bold text-stone-900">Who is left out of the weighting</h3>
        <ul className="list-disc space-y-1 pl-5" data-left-out="">
          {methodology.leftOut.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p>
          Left-out answers still count in the split as answered, and each card&apos;s details say how many
          were left out. The switch on each card (<em>As answered</em> / <em>Weighted</em>) chooses which
          split the bars draw; your choice is remembered on this device.
        </p>
      </Section>

      <Section id="m-targets" title="The targets">
        <p>The share of South Africa&apos;s adults in each group: the mix the weighting aims for.</p>
        <div className="grid gap-5 pt-1 md:grid-cols-2">
          {tables.map((table) => (
            <TargetTableView key={table.dimension} table={table} />
          ))}
        </div>
        <h3 className="pt-2 text-sm font-bold text-stone-900">Sources</h3>
        <ol className="space-y-3 text-sm" data-sources="">
          {methodology.sources.map((source) => (
            <li key={source.id} data-source={source.id}>
              <p>
                <a
                  href={source.url}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="text-brand-800 decoration-brand-300 font-semibold break-words underline underline-offset-2"
                >
                  {source.publisher}: {source.title}
                </a>{' '}
                <span className="text-stone-600">({marginsText(source.margins)})</span>
              </p>
              <p className="mt-0.5 break-words text-stone-700">{source.table}</p>
              <p className="mt-0.5 text-stone-600">
                <span className="font-semibold text-stone-700">Note:</span> {source.note}
              </p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="m-precision" title="How precise is it?">
        <p>
          Weighting makes some answers count more than others, so a weighted split is less certain than its
          number of answers suggests. Each card gives the <strong>effective sample size</strong>: how many
          people a simple random sample would need to be as precise (Kish&apos;s formula, (Σw)² ÷ Σw²).
        </p>
        <p>
          The <strong>±x points</strong> beside a weighted share is a {level}% interval worked out from the
          effective sample size: ±1.96 × √(p × (1 − p) ÷ effective sample). It holds only under one
          assumption: that once weighted, players answer like other South African adults of the same{' '}
          {weightedBy}. For people who chose to take part, that is a model, not a guarantee, so it is not a
          &quot;margin of error&quot; in the sense a random survey has one.
        </p>
        <p>
          Below an effective sample of {min}, a card shows no weighted figure and says why: the weights would
          rest on too few people.
        </p>
      </Section>

      <Section id="m-limits" title="What weighting cannot fix">
        <p>
          Weighting corrects <em>who</em> answered, not <em>why</em> they chose to. People who play a daily
          poll on their phone differ from those who don&apos;t in ways no census question measures. Read a
          weighted figure as a better estimate for South Africa&apos;s adults than the raw split, not as a
          measurement of the nation.
        </p>
        <p>
          This page follows the disclosure standards of the American Association for Public Opinion Research
          (AAPOR): who was asked and how they came to answer, what was weighted to which sources, and how
          precision was worked out, so that anyone quoting a number can judge it.
        </p>
      </Section>
    </div>
  );
}

function MethodologySkeleton() {
  return (
    <div aria-hidden="true" className="animate-pulse space-y-4">
      {[160, 260, 420].map((h) => (
        <div key={h} className="rounded-3xl bg-white ring-1 ring-stone-200" style={{ height: h }} />
      ))}
    </div>
  );
}

/**
 * /methodology — how results are weighted, in plain words (AAPOR-style disclosure): who answers, what is weighted
 * and what not, the targets with their sources, how precision is worked out and what weighting cannot fix.
 * Public (a quoted figure links here), drawn from GET /api/methodology so the page and the numbers never disagree.
 */
export function MethodologyPage() {
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnMount(heading);
  const navigate = useNavigate();
  const methodology = useQuery(methodologyQuery());
  // Opened from a results card: Back returns to it. Opened directly: to today.
  const cameFromApp = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  return (
    <div className="min-h-dvh bg-stone-50">
      <header className="border-b border-stone-200 bg-white/90">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-3 px-4 py-2">
          {cameFromApp ? (
            <button
              type="button"
              onClick={() => void navigate(-1)}
              className="inline-flex min-h-11 items-center gap-1 rounded-lg px-3 text-sm font-semibold text-stone-700 hover:bg-stone-100"
            >
              <span aria-hidden="true">←</span> Back
            </button>
          ) : (
            <Link
              to={paths.home}
              className="inline-flex min-h-11 items-center gap-1 rounded-lg px-3 text-sm font-semibold text-stone-700 hover:bg-stone-100"
            >
              <span aria-hidden="true">←</span> {BRAND.name}
            </Link>
          )}
          <span className="text-brand-800 text-sm font-bold">{BRAND.name}</span>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-6 sm:py-10">
        <p className="text-brand-700 text-xs font-bold tracking-[0.2em] uppercase">Methodology</p>
        <h1
          ref={heading}
          tabIndex={-1}
          className="mt-1 text-3xl font-black text-balance text-stone-900 outline-none sm:text-4xl"
        >
          How we weight results
        </h1>
        <p className="mt-2 mb-6 max-w-prose text-base text-stone-700">
          {BRAND.name}&apos;s numbers come from people who choose to play. Beside the split as answered, each
          results card can show it weighted to South Africa&apos;s adults. Here is exactly what that means,
          and what it does not.
        </p>
        {methodology.isPending ? (
          <MethodologySkeleton />
        ) : methodology.isError ? (
          <div role="alert" className="rounded-2xl bg-red-50 p-4 text-red-900 ring-1 ring-red-200">
            <p className="font-semibold">Could not load the methodology.</p>
            <p className="mt-0.5 text-sm">{methodology.error.message}</p>
            <button
              type="button"
              onClick={() => void methodology.refetch()}
              className="mt-2 min-h-11 rounded-full bg-white px-4 text-sm font-semibold text-red-900 ring-1 ring-red-300 hover:bg-red-100"
            >
              Try again
            </button>
          </div>
        ) : (
          <MethodologyBody methodology={methodology.data} />
        )}
      </main>
    </div>
  );
}
