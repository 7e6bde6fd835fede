import { useId, useState, type ReactNode } from 'react';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api-client/client';
import {
  MAX_POLL_OPTIONS,
  MAX_RESULT_ROWS,
  MIN_POLL_OPTIONS,
  MIN_RESULT_ROWS,
  PROMO_STYLE_LABELS,
  QUOTE_STYLE_LABELS,
  addOption,
  addRow,
  canAddOption,
  canAddRow,
  canRemoveOption,
  canRemoveRow,
  fillsWeighted,
  isResultsCandidate,
  parsePercent,
  parseSampleSize,
  removeOption,
  removeRow,
  resultsContentFromQuestion,
  weightingLine,
  withResultPercent,
  type MarketingQuestion,
  type PostContentMap,
  type PostType,
  type PromoStyle,
  type QuoteStyle,
} from '../../domain/marketing';
import { toast } from '../toaster';
import type { PostContents } from './export-posts';

const inputClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none';
const smallButton =
  'inline-flex h-9 min-w-11 shrink-0 items-center justify-center rounded-lg border px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed';

type OnChange = <K extends PostType>(type: K, content: PostContentMap[K]) => void;

/** The edit form of the selected post type (product.md#screens fields, #validation limits). */
export function PostForm(props: {
  type: PostType;
  contents: PostContents;
  onChange: OnChange;
  api: ApiClient | null;
}) {
  const { contents, onChange } = props;
  switch (props.type) {
    case 'teaser': {
      const c = contents.teaser;
      return (
        <div className="grid gap-4">
          <TextField
            label="Headline"
            value={c.headline}
            onChange={(headline) => onChange('teaser', { ...c, headline })}
          />
          <TextField
            label="Question"
            multiline
            value={c.question}
            onChange={(question) => onChange('teaser', { ...c, question })}
          />
          <TextField
            label="Subtext"
            multiline
            value={c.subtext}
            onChange={(subtext) => onChange('teaser', { ...c, subtext })}
          />
          <TextField
            label="Call to action"
            value={c.cta}
            onChange={(cta) => onChange('teaser', { ...c, cta })}
          />
        </div>
      );
    }
    case 'poll': {
      const c = contents.poll;
      return (
        <div className="grid gap-4">
          <TextField
            label="Question"
            multiline
            value={c.question}
            onChange={(question) => onChange('poll', { ...c, question })}
          />
          <RowListField
            legend="Options"
            hint={`${MIN_POLL_OPTIONS} to ${MAX_POLL_OPTIONS}; the preview shows the first 4`}
            rows={c.options}
            itemName="option"
            addLabel="+ Add Option"
            canRemove={canRemoveOption(c.options)}
            canAdd={canAddOption(c.options)}
            onRemove={(index) => onChange('poll', { ...c, options: removeOption(c.options, index) })}
            onAdd={() => onChange('poll', { ...c, options: addOption(c.options) })}
            renderRow={(option, index) => (
              <input
                aria-label={`Option ${index + 1}`}
                value={option}
                onChange={(e) =>
                  onChange('poll', {
                    ...c,
                    options: c.options.map((o, i) => (i === index ? e.target.value : o)),
                  })
                }
                className={inputClass}
                placeholder={`Option ${index + 1}`}
              />
            )}
          />
          <Switch
            label="Use emojis in preview"
            checked={c.useEmojis}
            onChange={(useEmojis) => onChange('poll', { ...c, useEmojis })}
          />
          <TextField
            label="Footer note"
            value={c.footer}
            onChange={(footer) => onChange('poll', { ...c, footer })}
          />
        </div>
      );
    }
    case 'snapshot': {
      const c = contents.snapshot;
      return (
        <div className="grid gap-4">
          <TextField
            label="Label"
            value={c.label}
            onChange={(label) => onChange('snapshot', { ...c, label })}
          />
          <TextField
            label="Value (%)"
            value={c.value}
            onChange={(value) => onChange('snapshot', { ...c, value })}
            hint='Shown with a % sign, e.g. "68".'
          />
          <TextField
            label="Context"
            multiline
            value={c.context}
            onChange={(context) => onChange('snapshot', { ...c, context })}
          />
        </div>
      );
    }
    case 'results': {
      const c = contents.results;
      return (
        <div className="grid gap-4">
          {props.api ? (
            <FillFromResults api={props.api} onPick={(content) => onChange('results', content)} />
          ) : null}
          <TextField
            label="Question"
            multiline
            value={c.question}
            onChange={(question) => onChange('results', { ...c, question })}
          />
          <RowListField
            legend="Results"
            hint={`${MIN_RESULT_ROWS} to ${MAX_RESULT_ROWS} rows, 0 to 100%; the preview shows the first 4`}
            rows={c.rows}
            itemName="result"
            addLabel="+ Add Row"
            canRemove={canRemoveRow(c.rows)}
            canAdd={canAddRow(c.rows)}
            onRemove={(index) => onChange('results', { ...c, rows: removeRow(c.rows, index) })}
            // A new row's figure is typed, not weighted: the post stops saying it is.
            onAdd={() => onChange('results', { ...c, rows: addRow(c.rows), weighting: null })}
            renderRow={(row, index) => (
              <>
                <input
                  aria-label={`Result ${index + 1} label`}
                  value={row.label}
                  onChange={(e) =>
                    onChange('results', {
                      ...c,
                      rows: c.rows.map((r, i) => (i === index ? { ...r, label: e.target.value } : r)),
                    })
                  }
                  className={inputClass}
                  placeholder={`Answer ${index + 1}`}
                />
                <NumberInput
                  label={`Result ${index + 1} percentage`}
                  value={row.percent}
                  parse={parsePercent}
                  onChange={(percent) => onChange('results', withResultPercent(c, index, percent))}
                  suffix="%"
                />
              </>
            )}
          />
          <SampleSizeField
            value={c.sampleSize}
            onChange={(sampleSize) => onChange('results', { ...c, sampleSize })}
          />
          <WeightingNote weighting={c.weighting} />
        </div>
      );
    }
    case 'quote': {
      const c = contents.quote;
      return (
        <div className="grid gap-4">
          <TextField
            label="Quote text"
            multiline
            value={c.text}
            onChange={(text) => onChange('quote', { ...c, text })}
          />
          <TextField
            label="Attribution (optional)"
            value={c.attribution}
            onChange={(attribution) => onChange('quote', { ...c, attribution })}
          />
          <Segmented<QuoteStyle>
            label="Style"
            value={c.style}
            options={QUOTE_STYLE_LABELS}
            onChange={(style) => onChange('quote', { ...c, style })}
          />
        </div>
      );
    }
    case 'promo': {
      const c = contents.promo;
      return (
        <div className="grid gap-4">
          <TextField
            label="Headline"
            multiline
            value={c.headline}
            onChange={(headline) => onChange('promo', { ...c, headline })}
          />
          <TextField
            label="Description"
            multiline
            value={c.description}
            onChange={(description) => onChange('promo', { ...c, description })}
          />
          <TextField
            label="Call to action"
            value={c.cta}
            onChange={(cta) => onChange('promo', { ...c, cta })}
          />
          <Segmented<PromoStyle>
            label="Style"
            value={c.style}
            options={PROMO_STYLE_LABELS}
            onChange={(style) => onChange('promo', { ...c, style })}
          />
        </div>
      );
    }
  }
}

/**
 * A list of rows (poll options, result rows) with Remove beside each row while the list may shrink and an
 * add button under it while it may grow (product.md#screens, #validation limits).
 */
function RowListField<Row>(props: {
  legend: string;
  hint: string;
  rows: readonly Row[];
  /** Names a row in the Remove button's accessible name: "Remove option 2". */
  itemName: string;
  addLabel: string;
  canRemove: boolean;
  canAdd: boolean;
  onRemove: (index: number) => void;
  onAdd: () => void;
  renderRow: (row: Row, index: number) => ReactNode;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">
        {props.legend} <span className="font-normal text-slate-600">({props.hint})</span>
      </legend>
      {props.rows.map((row, index) => (
        <div key={index} className="flex items-center gap-2">
          {props.renderRow(row, index)}
          {props.canRemove ? (
            <button
              type="button"
              onClick={() => props.onRemove(index)}
              className={`${smallButton} border-red-200 bg-white text-red-700 hover:bg-red-50`}
              aria-label={`Remove ${props.itemName} ${index + 1}`}
            >
              <span aria-hidden="true" className="text-lg leading-none sm:hidden">
                ×
              </span>
              <span className="hidden sm:inline">Remove</span>
            </button>
          ) : null}
        </div>
      ))}
      <button
        type="button"
        disabled={!props.canAdd}
        onClick={props.onAdd}
        className={`${smallButton} border-brand-300 text-brand-800 hover:bg-brand-50 justify-self-start bg-white disabled:border-slate-200 disabled:text-slate-400`}
      >
        {props.addLabel}
      </button>
    </fieldset>
  );
}

function TextField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
  hint?: string;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {props.label}
      </label>
      {props.multiline ? (
        <textarea
          id={id}
          rows={2}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          aria-describedby={props.hint ? hintId : undefined}
          className={`${inputClass} resize-y`}
        />
      ) : (
        <input
          id={id}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          aria-describedby={props.hint ? hintId : undefined}
          className={inputClass}
        />
      )}
      {props.hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {props.hint}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A number box that lets the operator clear and retype freely; the parsed value (0..100, non-numeric
 * → 0, product.md#screens) goes up on every keystroke and the box shows it again on blur.
 */
function NumberInput(props: {
  label: string;
  value: number;
  parse: (input: string) => number;
  onChange: (value: number) => void;
  suffix: string;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <div className="relative w-20 shrink-0 sm:w-24">
      <input
        aria-label={props.label}
        inputMode="numeric"
        value={draft ?? String(props.value)}
        onChange={(e) => {
          setDraft(e.target.value);
          props.onChange(props.parse(e.target.value));
        }}
        onBlur={() => setDraft(null)}
        className={`${inputClass} pr-8 text-right tabular-nums`}
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-slate-600"
      >
        {props.suffix}
      </span>
    </div>
  );
}

/**
 * Which figures the Results post quotes (docs/decisions/0294): weighted to SA adults (the image carries the line)
 * or as typed/answered (no weighting claim). Polite live region: a percentage edit that drops the claim is heard.
 */
function WeightingNote(props: { weighting: PostContentMap['results']['weighting'] }) {
  return (
    <p
      aria-live="polite"
      data-testid="weighting-note"
      data-weighted={props.weighting ? 'true' : 'false'}
      className={`rounded-lg border px-4 py-3 text-sm ${
        props.weighting
          ? 'border-brand-200 bg-brand-50 text-brand-900'
          : 'border-slate-200 bg-slate-50 text-slate-700'
      }`}
    >
      {props.weighting ? (
        <>
          <span className="font-semibold">{weightingLine(props.weighting)}.</span> The image says so. Changing
          a percentage or adding a row turns it off.
        </>
      ) : (
        <>
          <span className="font-semibold">Not weighted.</span> The image makes no claim about SA adults. Fill
          from real results to use figures weighted to SA adults where a question has them.
        </>
      )}
    </p>
  );
}

function SampleSizeField(props: { value: number | null; onChange: (value: number | null) => void }) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        Sample size (optional)
      </label>
      <input
        id={id}
        inputMode="numeric"
        value={draft ?? (props.value === null ? '' : String(props.value))}
        onChange={(e) => {
          setDraft(e.target.value);
          props.onChange(parseSampleSize(e.target.value));
        }}
        onBlur={() => setDraft(null)}
        placeholder="e.g. 2481"
        className={`${inputClass} sm:w-48`}
      />
    </div>
  );
}

function Switch(props: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
      <span id={id} className="text-sm font-medium text-slate-800">
        {props.label}
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={props.checked}
        aria-labelledby={id}
        onClick={() => props.onChange(!props.checked)}
        // A 44 px tall tap target around the 24 px track.
        className="group inline-flex h-11 w-11 shrink-0 items-center focus-visible:outline-none"
      >
        <span
          className={`group-focus-visible:outline-brand-600 relative inline-flex h-6 w-11 items-center rounded-full transition-colors group-focus-visible:outline-2 group-focus-visible:outline-offset-2 ${
            props.checked ? 'bg-brand-700' : 'bg-slate-400'
          }`}
        >
          <span
            className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${props.checked ? 'translate-x-5.5' : 'translate-x-0.5'}`}
          />
        </span>
      </button>
    </div>
  );
}

function Segmented<T extends string>(props: {
  label: string;
  value: T;
  options: Record<T, string>;
  onChange: (value: T) => void;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-slate-800">{props.label}</legend>
      <div className="inline-flex rounded-lg border border-slate-300 bg-slate-50 p-1">
        {(Object.keys(props.options) as T[]).map((key) => {
          const checked = key === props.value;
          return (
            <label
              key={key}
              className={`has-[:focus-visible]:outline-brand-600 cursor-pointer rounded-md px-4 py-1.5 text-sm font-medium has-[:focus-visible]:outline-2 ${
                checked ? 'bg-brand-700 text-white shadow-sm' : 'text-slate-700 hover:bg-white'
              }`}
            >
              <input
                type="radio"
                name={name}
                value={key}
                checked={checked}
                onChange={() => props.onChange(key)}
                className="sr-only"
              />
              {props.options[key]}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * Beyond the spec: fills the Results post from a real question's community results
 * (GET /api/marketing/questions, product.md#operators) in one click.
 */
function FillFromResults(props: { api: ApiClient; onPick: (content: PostContentMap['results']) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="border-tea-200 bg-tea-50 flex flex-wrap items-center justify-between gap-3 rounded-lg border px-4 py-3">
      <p className="text-tea-900 text-sm">Use the community&apos;s real answers to a recent question.</p>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={`${smallButton} border-tea-300 text-tea-900 hover:bg-tea-100 bg-white`}
      >
        Fill from real results
      </button>
      {/* The dialog element itself covers the viewport so it has a box (assistive tech and tests see it as shown). */}
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        className="fixed inset-0 z-50 flex items-center justify-center p-4"
      >
        <div className="fixed inset-0 bg-slate-900/50" aria-hidden="true" />
        <DialogPanel className="relative flex max-h-[80vh] w-full max-w-xl flex-col rounded-xl bg-white shadow-xl">
          <div className="flex items-start justify-between gap-3 border-b border-slate-100 px-5 py-4">
            <div>
              <DialogTitle className="text-lg font-semibold text-slate-900">
                Fill from real results
              </DialogTitle>
              <p className="mt-0.5 text-sm text-slate-600">
                Pick a question; its community results fill the Results post, weighted to SA adults where
                enough South African players answered it, otherwise as answered.
              </p>
            </div>
            <button
              type="button"
              onClick={() => setOpen(false)}
              className="focus-visible:outline-brand-600 rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2"
            >
              Close
            </button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-3">
            <QuestionPicker
              api={props.api}
              onPick={(question) => {
                props.onPick(resultsContentFromQuestion(question));
                setOpen(false);
                toast({
                  title: 'Results filled',
                  description: `From "${question.text}", ${fillsWeighted(question) ? 'weighted to SA adults' : 'as answered'}`,
                  variant: 'success',
                });
              }}
            />
          </div>
        </DialogPanel>
      </Dialog>
    </div>
  );
}

function QuestionPicker(props: { api: ApiClient; onPick: (question: MarketingQuestion) => void }) {
  const query = useQuery({
    queryKey: ['/api/marketing/questions'],
    queryFn: () => props.api.marketing.questions(),
  });
  let body: ReactNode;
  if (query.isPending) {
    body = <p className="px-2 py-6 text-center text-sm text-slate-600">Loading questions...</p>;
  } else if (query.isError) {
    body = (
      <p role="alert" className="px-2 py-6 text-center text-sm text-red-700">
        Failed to load questions: {query.error.message}
      </p>
    );
  } else {
    const candidates = query.data.filter(isResultsCandidate);
    body =
      candidates.length === 0 ? (
        <p className="px-2 py-6 text-center text-sm text-slate-600">
          No multiple-choice questions with results yet.
        </p>
      ) : (
        <ul className="grid gap-2">
          {candidates.map((question) => (
            <li key={question.id}>
              <button
                type="button"
                onClick={() => props.onPick(question)}
                className="hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-brand-600 w-full rounded-lg border border-slate-200 px-4 py-3 text-left focus-visible:outline-2 focus-visible:outline-offset-2"
              >
                <span className="block text-sm font-semibold text-slate-900">{question.text}</span>
                <span className="mt-0.5 block text-xs text-slate-600">
                  {question.topicTitle} · {question.date} · {question.totalAnswers}{' '}
                  {question.totalAnswers === 1 ? 'answer' : 'answers'} ·{' '}
                  {fillsWeighted(question) ? (
                    <span className="text-brand-800 font-semibold">weighted to SA adults</span>
                  ) : (
                    'as answered'
                  )}
                </span>
              </button>
            </li>
          ))}
        </ul>
      );
  }
  return body;
}
