import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { ApiClient } from '../../api-client/client';
import {
  DEFAULT_CONTENT,
  POST_SIZE,
  POST_TYPES,
  POST_TYPE_LABELS,
  sampleFiguresPrompt,
  sampleNote,
  sampleStatus,
  type PostContentMap,
  type PostType,
} from '../../domain/marketing';
import type { ExportTarget } from '../export-target';
import { ConfirmDialog } from '../operator/primitives';
import { toast } from '../toaster';
import {
  exportAllPosts,
  exportPost,
  type ExportProgress,
  type PostContents,
  type PostExport,
} from './export-posts';
import { PostForm } from './post-forms';
import { PostTemplate } from './templates';

export type MarketingGeneratorProps = {
  /** Operator API client; null hides "Fill from real results". */
  api: ApiClient | null;
  exportTarget: ExportTarget;
  onExported?: (result: PostExport) => void;
};

const TYPE_HINTS: Record<PostType, string> = {
  teaser: 'Tease a question',
  poll: 'Ask followers to vote',
  snapshot: 'One striking number',
  results: 'Community results',
  quote: 'A quote or a meme',
  promo: 'Promote the app',
};

export const EXPORT_FAILED_DESCRIPTION = 'Could not generate image. Please try again.';

/**
 * The marketing generator (product.md#screens): six post types, each with its form, a live 1080x1080 preview
 * scaled to fit, and a PNG export through the injected target (browser download or desktop disk).
 */
export function MarketingGenerator(props: MarketingGeneratorProps) {
  const [type, setType] = useState<PostType>('teaser');
  const [contents, setContents] = useState<PostContents>(() => ({ ...DEFAULT_CONTENT }));
  const [showPreview, setShowPreview] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  /** An export of sample figures waiting for "Export anyway" (docs/decisions/0253-sample-marketing-content.md). */
  const [confirmExport, setConfirmExport] = useState<{ message: string; run: () => void } | null>(null);
  const tabsId = useId();
  const busy = exporting || progress !== null;

  function update<K extends PostType>(key: K, content: PostContentMap[K]) {
    setContents((current) => ({ ...current, [key]: content }));
  }

  function savedToast(title: string, result: { message: string; savedTo?: string }, description?: string) {
    const { exportTarget } = props;
    const savedTo = result.savedTo;
    toast({
      title,
      description: description ?? (savedTo ? `Saved to ${savedTo}` : result.message),
      variant: 'success',
      action:
        exportTarget.kind === 'disk' && savedTo && exportTarget.reveal
          ? { label: 'Show in folder', onClick: () => void exportTarget.reveal?.(savedTo) }
          : undefined,
    });
  }

  /** Runs an export at once, or after a confirmation when the posts still show sample figures. */
  function askBeforeSampleFigures(types: readonly PostType[], run: () => Promise<void>) {
    if (busy) return;
    const message = sampleFiguresPrompt(
      types.map((key) => ({ type: key, figures: sampleStatus(key, contents[key]).figures })),
    );
    if (message) setConfirmExport({ message, run: () => void run() });
    else void run();
  }

  async function exportCurrent() {
    if (busy) return;
    setExporting(true);
    try {
      const result = await exportPost(props.exportTarget, type, contents[type] as never);
      savedToast('Image exported!', result);
      props.onExported?.(result);
    } catch (err) {
      console.warn('Marketing export failed', err);
      toast({ title: 'Export failed', description: EXPORT_FAILED_DESCRIPTION, variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  }

  async function exportAll() {
    if (busy) return;
    setProgress({ done: 0, total: POST_TYPES.length, type: POST_TYPES[0] ?? null });
    try {
      const results = await exportAllPosts(props.exportTarget, setProgress, contents);
      for (const result of results) props.onExported?.(result);
      const last = results.at(-1);
      if (last) {
        const folder = last.savedTo ? folderOf(last.savedTo) : null;
        savedToast(
          'All posts exported!',
          last,
          `${results.length} images saved${folder ? ` to ${folder}` : ''}.`,
        );
      }
    } catch (err) {
      console.warn('Marketing export failed', err);
      toast({ title: 'Export failed', description: EXPORT_FAILED_DESCRIPTION, variant: 'destructive' });
    } finally {
      setProgress(null);
    }
  }

  const label = POST_TYPE_LABELS[type];
  const note = sampleNote(sampleStatus(type, contents[type]), type === 'results' && props.api !== null);

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="text-2xl font-bold text-slate-900">Marketing Generator</h2>
          <p className="mt-1 text-sm text-slate-600">
            Create branded {POST_SIZE}×{POST_SIZE} posts for social media and export them as PNG.
          </p>
        </div>
        {props.exportTarget.kind === 'disk' ? (
          <div className="grid w-full gap-2 sm:w-72">
            <button
              type="button"
              onClick={() => askBeforeSampleFigures(POST_TYPES, exportAll)}
              disabled={busy}
              className="border-brand-300 text-brand-800 hover:bg-brand-50 focus-visible:outline-brand-600 inline-flex h-10 items-center justify-center gap-2 rounded-lg border bg-white px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60"
            >
              <DownloadIcon />
              {progress ? 'Exporting all...' : 'Export all'}
            </button>
            {progress ? (
              <div>
                <div
                  role="progressbar"
                  aria-label="Export all progress"
                  aria-valuemin={0}
                  aria-valuemax={progress.total}
                  aria-valuenow={progress.done}
                  className="bg-brand-100 h-2 overflow-hidden rounded-full"
                >
                  <div
                    className="bg-brand-600 h-full rounded-full transition-all"
                    style={{ width: `${(progress.done / progress.total) * 100}%` }}
                  />
                </div>
                <p className="mt-1 text-xs text-slate-600" aria-live="polite">
                  {progress.done} of {progress.total} exported
                  {progress.type ? ` · rendering ${POST_TYPE_LABELS[progress.type]}` : ''}
                </p>
              </div>
            ) : null}
          </div>
        ) : null}
      </div>

      <div
        role="tablist"
        aria-label="Post type"
        className="grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-6"
      >
        {POST_TYPES.map((key) => {
          const selected = key === type;
          return (
            <button
              key={key}
              type="button"
              role="tab"
              id={`${tabsId}-${key}`}
              aria-labelledby={`${tabsId}-${key}-name`}
              aria-selected={selected}
              aria-describedby={`${tabsId}-${key}-hint`}
              aria-controls={`${tabsId}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setType(key)}
              onKeyDown={(event) => {
                const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
                if (!step) return;
                event.preventDefault();
                const next =
                  POST_TYPES[(POST_TYPES.indexOf(key) + step + POST_TYPES.length) % POST_TYPES.length]!;
                setType(next);
                document.getElementById(`${tabsId}-${next}`)?.focus();
              }}
              className={`focus-visible:outline-brand-600 flex items-center gap-3 rounded-xl border px-3 py-2.5 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 ${
                selected
                  ? 'border-brand-700 bg-brand-700 text-white shadow-sm'
                  : 'hover:border-brand-300 hover:bg-brand-50 border-slate-200 bg-white text-slate-800'
              }`}
            >
              <span
                aria-hidden="true"
                className={`flex size-8 shrink-0 items-center justify-center rounded-lg ${selected ? 'text-tea-300 bg-white/15' : 'bg-brand-50 text-brand-700'}`}
              >
                <TypeIcon type={key} />
              </span>
              <span className="min-w-0">
                <span id={`${tabsId}-${key}-name`} className="block text-sm font-semibold">
                  {POST_TYPE_LABELS[key]}
                </span>
                <span
                  id={`${tabsId}-${key}-hint`}
                  className={`hidden truncate text-xs sm:block ${selected ? 'text-brand-100' : 'text-slate-600'}`}
                >
                  {TYPE_HINTS[key]}
                </span>
              </span>
            </button>
          );
        })}
      </div>

      <div
        id={`${tabsId}-panel`}
        role="tabpanel"
        aria-labelledby={`${tabsId}-${type}-name`}
        className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]"
      >
        <section
          className="rounded-xl border border-slate-200 bg-white shadow-sm"
          aria-labelledby={`${tabsId}-form-title`}
        >
          <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-5 py-4">
            <div>
              <h3
                id={`${tabsId}-form-title`}
                className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900"
              >
                {label} content
                {note ? <SampleBadge /> : null}
              </h3>
              <p className="mt-0.5 text-sm text-slate-600">Edit the text; the preview updates as you type.</p>
            </div>
            <button
              type="button"
              onClick={() => update(type, DEFAULT_CONTENT[type] as never)}
              className="text-brand-800 hover:bg-brand-50 focus-visible:outline-brand-600 rounded-lg px-3 py-1.5 text-sm font-medium focus-visible:outline-2"
            >
              Reset to sample
            </button>
          </header>
          <div className="grid gap-4 p-5">
            {note ? (
              <p
                data-testid="sample-note"
                className="rounded-lg border border-amber-300 bg-amber-50 px-3.5 py-2.5 text-sm text-amber-950"
              >
                <span className="font-semibold">{note.title}</span> {note.text}
              </p>
            ) : null}
            <PostForm type={type} contents={contents} onChange={update} api={props.api} />
          </div>
        </section>

        <section
          className="rounded-xl border border-slate-200 bg-white shadow-sm lg:sticky lg:top-20"
          aria-labelledby={`${tabsId}-preview-title`}
        >
          <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-5 py-4">
            <div>
              <h3
                id={`${tabsId}-preview-title`}
                className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900"
              >
                Preview
                {note ? <SampleBadge /> : null}
              </h3>
              <p className="mt-0.5 text-sm text-slate-600">
                {POST_SIZE}×{POST_SIZE} px PNG
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <button
                type="button"
                onClick={() => setShowPreview((v) => !v)}
                aria-expanded={showPreview}
                className="focus-visible:outline-brand-600 inline-flex h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2"
              >
                <EyeIcon open={!showPreview} />
                {showPreview ? 'Hide Preview' : 'Show Preview'}
              </button>
              {showPreview ? (
                <button
                  type="button"
                  onClick={() => askBeforeSampleFigures([type], exportCurrent)}
                  disabled={busy}
                  className="bg-brand-700 hover:bg-brand-800 focus-visible:outline-brand-600 disabled:bg-brand-300 inline-flex h-10 items-center gap-2 rounded-lg px-4 text-sm font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed"
                >
                  <DownloadIcon />
                  {exporting ? 'Exporting...' : 'Export as PNG'}
                </button>
              ) : null}
            </div>
          </header>
          <div className="p-5">
            {showPreview ? (
              <ScaledPreview label={`${label} post preview`}>
                <PostTemplate
                  {...({ type, content: contents[type] } as Parameters<typeof PostTemplate>[0])}
                />
              </ScaledPreview>
            ) : (
              <div className="flex aspect-square max-h-80 w-full flex-col items-center justify-center gap-3 rounded-lg border-2 border-dashed border-slate-200 bg-slate-50 px-6 text-center">
                <span
                  aria-hidden="true"
                  className="bg-brand-100 text-brand-700 flex size-12 items-center justify-center rounded-full"
                >
                  <EyeIcon open />
                </span>
                <p className="text-sm text-slate-600">
                  The preview is hidden. Show it to check the post and export it as PNG, or export it as it
                  stands.
                </p>
                <button
                  type="button"
                  onClick={() => askBeforeSampleFigures([type], exportCurrent)}
                  disabled={busy}
                  className="focus-visible:outline-brand-600 inline-flex h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed"
                >
                  <DownloadIcon />
                  {exporting ? 'Exporting...' : 'Export PNG without preview'}
                </button>
              </div>
            )}
          </div>
        </section>
      </div>
      <ConfirmDialog
        open={confirmExport !== null}
        message={confirmExport?.message ?? ''}
        confirmLabel="Export anyway"
        onCancel={() => setConfirmExport(null)}
        onConfirm={() => {
          const step = confirmExport;
          setConfirmExport(null);
          step?.run();
        }}
      />
    </div>
  );
}

function SampleBadge() {
  return (
    <span className="inline-flex items-center rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-amber-900">
      Sample
    </span>
  );
}

/** Shows a full-size post scaled down to the available width, keeping the square. */
function ScaledPreview({ label, children }: { label: string; children: ReactNode }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const measure = () => setWidth(box.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  const scale = width > 0 ? width / POST_SIZE : 0;
  return (
    // Capped by the viewport height so the whole square stays in view next to the form on a laptop screen.
    <figure
      aria-label={label}
      className="mx-auto my-0 w-full"
      style={{ maxWidth: 'min(100%, calc(100vh - 15rem))' }}
    >
      <div
        ref={boxRef}
        className="relative w-full overflow-hidden rounded-lg bg-slate-100 shadow-sm ring-1 ring-slate-200"
        style={{ height: width || undefined, aspectRatio: '1 / 1' }}
      >
        <div
          data-testid="post-preview"
          // Hidden until the box is measured so the full-size post never flashes at 1080 px.
          style={{
            width: POST_SIZE,
            height: POST_SIZE,
            transform: `scale(${scale})`,
            transformOrigin: 'top left',
            visibility: scale > 0 ? 'visible' : 'hidden',
          }}
        >
          {children}
        </div>
      </div>
    </figure>
  );
}

function folderOf(path: string): string {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return cut > 0 ? path.slice(0, cut) : path;
}

function DownloadIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M10 3v10M6 9l4 4 4-4M4 16h12" />
    </svg>
  );
}

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M1.5 10S4.5 4 10 4s8.5 6 8.5 6-3 6-8.5 6-8.5-6-8.5-6Z" />
      <circle cx="10" cy="10" r="2.5" />
      {open ? null : <path d="M3 3l14 14" />}
    </svg>
  );
}

function TypeIcon({ type }: { type: PostType }) {
  const paths: Record<PostType, ReactNode> = {
    teaser: (
      <path d="M10 3v2M4.5 5.5 6 7M15.5 5.5 14 7M7 13a3 3 0 1 1 6 0c0 1.5-1 2-1 3H8c0-1-1-1.5-1-3ZM8.5 18h3" />
    ),
    poll: <path d="M4 16V9M10 16V4M16 16v-5" />,
    snapshot: (
      <path d="M5 15 15 5M6.5 6.5h.01M13.5 13.5h.01M6.5 8a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3ZM13.5 15a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Z" />
    ),
    results: <path d="M3 5h10M3 10h14M3 15h7" />,
    quote: <path d="M5 9h3v5H4v-3c0-2 1-4 3-5M13 9h3v5h-4v-3c0-2 1-4 3-5" />,
    promo: <path d="M3 8v4l9 4V4L3 8ZM12 7h2a3 3 0 0 1 0 6h-2M6 12.5 7 17" />,
  };
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className="size-4.5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {paths[type]}
    </svg>
  );
}
