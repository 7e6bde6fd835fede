import { useMemo } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { BRAND } from '@daily-tea/shared/brand';
import { mostPicked } from '@daily-tea/shared/domain/crowd';
import { dayShareText, type ShareMark, type ShareTopicLine } from '@daily-tea/shared/domain/share-text';
import { toast } from '@daily-tea/shared/ui/toaster';
import { useUser } from '../../../lib/auth';
import { dailyTopicsQuery, questionResultsQuery } from '../../../lib/queries';
import { shareOrCopyText } from '../../../lib/share-file';

/**
 * The day's spoiler-free text share: a line of squares per picked topic — with or against the
 * majority, guesses read right — through the Web Share API where offered, else copied with a toast. The
 * sides come from each question's results (as judged when first shown), read for the finished day only.
 */
export function ShareTextButton({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const { data: user } = useUser();
  const daily = useQuery(dailyTopicsQuery()).data;
  const picked = useMemo(() => daily?.topics.filter((t) => t.isSelected) ?? [], [daily]);
  const questions = useMemo(() => picked.flatMap((t) => t.questions), [picked]);
  // Read once for the share: no 60 s polling of every question of the day from here.
  const results = useQueries({
    queries: questions.map((q) => ({ ...questionResultsQuery(q.id), refetchInterval: false as const })),
  });
  const ready = daily !== undefined && results.every((r) => r.data !== undefined);

  function text(): string {
    const byId = new Map(results.map((r) => [r.data?.questionId, r.data]));
    const topics: ShareTopicLine[] = picked.map((topic) => ({
      title: topic.title,
      marks: topic.questions.map((q): ShareMark => {
        const r = byId.get(q.id);
        if (q.type === 'numeric')
          return { kind: 'numeric', guessRight: r?.numericVerdict?.guessRight ?? null };
        const own = q.userAnswer?.selectedOptionId ?? null;
        const verdict = r?.crowdVerdict;
        if (verdict)
          return { kind: 'choice', withMajority: verdict.sidedWithMajority, guessRight: verdict.guessRight };
        return {
          kind: 'choice',
          withMajority: own !== null && mostPicked(r?.optionCounts ?? {}).includes(own),
          guessRight: null,
        };
      }),
    }));
    return dayShareText({ date: daily!.date, topics, streak: user?.currentStreak ?? 0 });
  }

  async function share() {
    if (!ready) return;
    const outcome = await shareOrCopyText(text(), `My day on ${BRAND.name}`);
    if (outcome === 'copied')
      toast({
        title: 'Copied to your clipboard',
        description: 'Paste it anywhere to share your day.',
        variant: 'success',
      });
    if (outcome === 'failed')
      toast({
        title: 'Could not copy',
        description: 'Your browser refused the clipboard. Please try again.',
        variant: 'destructive',
      });
  }

  return (
    <button
      type="button"
      onClick={() => void share()}
      disabled={!ready}
      aria-busy={!ready}
      data-testid="share-text"
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 py-2.5 text-sm font-semibold shadow-sm transition focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60 ${
        tone === 'dark'
          ? 'text-brand-950 hover:bg-brand-50 bg-white focus-visible:outline-white'
          : 'bg-brand-600 hover:bg-brand-700 focus-visible:outline-brand-600 text-white'
      }`}
    >
      <span aria-hidden="true">🟩</span>
      Share your day as text
    </button>
  );
}
