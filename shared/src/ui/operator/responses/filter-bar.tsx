import { useId, useMemo } from 'react';
import type { AdminQuestion, DemographicKey, ResponseFilter } from '../../../contracts/admin';
import { QUESTION_FILTER_MAX } from '../../../domain/constants';
import {
  AGE_BRACKETS,
  AGE_LABELS,
  GENDERS,
  GENDER_LABELS,
  RACE_BRACKETS,
  RACE_LABELS,
} from '../../../domain/profile';
import { cut } from '../format';
import { Button, inputClass, labelClass } from '../primitives';

/** What narrows the date: a topic, one question, and players' gender, age and race when they answered. */
export type Narrowing = Partial<Omit<ResponseFilter, 'date'>>;

/**
 * The filter every panel follows: the date with whatever narrowing still applies to it (a topic or question of
 * another date is dropped, and so is a question outside the chosen topic). Keys left out rather than undefined,
 * so equal filters make equal query keys.
 */
export function responseFilter(
  date: string,
  narrow: Narrowing,
  dateQuestions: readonly Pick<AdminQuestion, 'id' | 'topicId'>[],
): ResponseFilter {
  const filter: ResponseFilter = { date };
  if (narrow.topicId && dateQuestions.some((q) => q.topicId === narrow.topicId))
    filter.topicId = narrow.topicId;
  const question = dateQuestions.find((q) => q.id === narrow.questionId);
  if (question && (!filter.topicId || question.topicId === filter.topicId)) filter.questionId = question.id;
  if (narrow.gender) filter.gender = narrow.gender;
  if (narrow.ageBracket) filter.ageBracket = narrow.ageBracket;
  if (narrow.raceBracket) filter.raceBracket = narrow.raceBracket;
  return filter;
}

const GROUP_FILTERS: ReadonlyArray<{
  key: DemographicKey;
  label: string;
  any: string;
  slugs: readonly string[];
  labels: Record<string, string>;
}> = [
  { key: 'gender', label: 'Gender', any: 'All genders', slugs: GENDERS, labels: GENDER_LABELS },
  { key: 'ageBracket', label: 'Age', any: 'All ages', slugs: AGE_BRACKETS, labels: AGE_LABELS },
  {
    key: 'raceBracket',
    label: 'Race/Ethnicity',
    any: 'All groups',
    slugs: RACE_BRACKETS,
    labels: RACE_LABELS,
  },
];

const selectClass = `${inputClass} min-h-11`;

export function ResponseFilterBar(props: {
  dates: readonly { value: string; label: string }[];
  date: string | null;
  onDate: (date: string) => void;
  questions: readonly AdminQuestion[];
  filter: ResponseFilter | null;
  narrow: Narrowing;
  onNarrow: (narrow: Narrowing) => void;
}) {
  const { date, filter, questions, narrow, onNarrow } = props;
  const ids = { date: useId(), topic: useId(), question: useId(), group: useId() };
  const topics = useMemo(() => {
    const seen = new Map<string, string>();
    for (const q of questions) if (!seen.has(q.topicId)) seen.set(q.topicId, q.topic.title);
    return [...seen];
  }, [questions]);
  const shown = filter?.topicId ? questions.filter((q) => q.topicId === filter.topicId) : questions;
  const narrowed = Boolean(
    filter &&
    (filter.topicId || filter.questionId || filter.gender || filter.ageBracket || filter.raceBracket),
  );

  return (
    <section
      aria-label="Filter"
      className="grid grid-cols-1 gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-[23rem_minmax(0,15rem)_minmax(0,1fr)]">
        <div className="min-w-0">
          <label htmlFor={ids.date} className={labelClass}>
            Date
          </label>
          {date === null ? (
            <p id={ids.date} className="py-2 text-sm text-slate-600">
              No questions scheduled
            </p>
          ) : (
            <select
              id={ids.date}
              className={selectClass}
              value={date}
              onChange={(e) => props.onDate(e.target.value)}
            >
              {props.dates.map((d) => (
                <option key={d.value} value={d.value}>
                  {d.label}
                </option>
              ))}
            </select>
          )}
        </div>
        <div className="min-w-0">
          <label htmlFor={ids.topic} className={labelClass}>
            Topic
          </label>
          <select
            id={ids.topic}
            className={selectClass}
            value={filter?.topicId ?? ''}
            disabled={date === null}
            onChange={(e) => onNarrow({ ...narrow, topicId: e.target.value || undefined })}
          >
            <option value="">All topics</option>
            {topics.map(([id, title]) => (
              <option key={id} value={id}>
                {title}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0 md:col-span-2 xl:col-span-1">
          <label htmlFor={ids.question} className={labelClass}>
            Question
          </label>
          <select
            id={ids.question}
            className={selectClass}
            value={filter?.questionId ?? ''}
            disabled={date === null}
            onChange={(e) => onNarrow({ ...narrow, questionId: e.target.value || undefined })}
          >
            <option value="">All Questions for This Date</option>
            {shown.map((q) => (
              <option key={q.id} value={q.id}>
                {cut(q.text, QUESTION_FILTER_MAX)} ({q.topic.title})
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset
        className="grid min-w-0 grid-cols-2 gap-x-3 gap-y-4 sm:grid-cols-3 sm:gap-x-4 [&>div:last-child]:col-span-2 sm:[&>div:last-child]:col-span-1"
        aria-describedby={ids.group}
      >
        <legend className="sr-only">Players who answered</legend>
        {GROUP_FILTERS.map((g) => (
          <GroupSelect
            key={g.key}
            label={g.label}
            any={g.any}
            slugs={g.slugs}
            labels={g.labels}
            value={narrow[g.key] ?? ''}
            disabled={date === null}
            onChange={(value) => onNarrow({ ...narrow, [g.key]: value || undefined })}
          />
        ))}
      </fieldset>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p id={ids.group} className="text-sm text-slate-600">
          Gender, age and race are the players&apos; profile when they answered.
        </p>
        <Button variant="ghost" className="min-h-11" disabled={!narrowed} onClick={() => onNarrow({})}>
          Clear filters
        </Button>
      </div>
    </section>
  );
}

function GroupSelect(props: {
  label: string;
  any: string;
  slugs: readonly string[];
  labels: Record<string, string>;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={labelClass}>
        {props.label}
      </label>
      <select
        id={id}
        className={selectClass}
        value={props.value}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.value)}
      >
        <option value="">{props.any}</option>
        {props.slugs.map((slug) => (
          <option key={slug} value={slug}>
            {props.labels[slug] ?? slug}
          </option>
        ))}
      </select>
    </div>
  );
}
