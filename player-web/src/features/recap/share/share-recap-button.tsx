import { useState } from 'react';
import type { DayRecap } from '@daily-tea/shared/contracts/crowd';
import { BRAND } from '@daily-tea/shared/brand';
import { SHARE_CARD_SIZE, STORY_CARD_HEIGHT } from '@daily-tea/shared/domain/constants';
import { OffscreenStage, ShareIcon, useOffscreenCapture } from '../../../components/offscreen-capture';
import { shareOrDownloadPng } from '../../../lib/share-file';
import { RecapImage, type RecapFormat } from '../components/recap-image';

const LABEL: Record<RecapFormat, { idle: string; size: string }> = {
  square: { idle: 'Share post', size: '1080×1080' },
  story: { idle: 'Share story', size: '1080×1920' },
};

/** File name of a recap image, e.g. daily-tea-recap-2026-11-23-story.png. */
export function recapFileName(date: string, format: RecapFormat): string {
  return `daily-tea-recap-${date}-${format}.png`;
}

/**
 * Renders the recap image of `format` (mounted off-screen only while captured; html2canvas-pro loaded on this
 * click) at scale 1 — exactly 1080 wide — and shares it with the Web Share API where files can be shared,
 * else downloads it. Feedback sits beside the button.
 */
export function ShareRecapButton(props: {
  recap: DayRecap;
  /** The player's chosen name; null for a guest (the card says "My day", never an internal id). */
  username: string | null;
  format: RecapFormat;
  primary?: boolean;
}) {
  const { recap, username, format, primary = false } = props;
  const [note, setNote] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const { busy, payload: mounted, nodeRef, capture } = useOffscreenCapture<true>();
  const height = format === 'story' ? STORY_CARD_HEIGHT : SHARE_CARD_SIZE;

  async function share() {
    if (busy) return;
    setNote(null);
    try {
      await capture(
        true,
        { width: SHARE_CARD_SIZE, height, scale: 1, backgroundColor: '#1b0940' },
        async (png) => {
          const outcome = await shareOrDownloadPng(png, recapFileName(recap.date, format), {
            title: `My day on ${BRAND.name}`,
            text: `${recap.sidedWithMajority.count} of ${recap.sidedWithMajority.of} with the majority, ${recap.guesses.right} of ${recap.guesses.made} guesses right. ${BRAND.site}`,
          });
          if (outcome === 'downloaded') setNote({ kind: 'ok', text: 'Image saved to your downloads.' });
          if (outcome === 'shared') setNote({ kind: 'ok', text: 'Shared!' });
        },
      );
    } catch (err) {
      console.warn('Recap image failed', err);
      setNote({ kind: 'error', text: 'Failed to generate image. Please try again.' });
    }
  }

  return (
    <div className="flex flex-col items-stretch gap-1">
      <button
        type="button"
        onClick={() => void share()}
        disabled={busy}
        aria-busy={busy}
        className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 py-2.5 text-sm font-semibold shadow-sm transition focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60 ${
          primary
            ? 'bg-tea-400 text-brand-950 hover:bg-tea-300 focus-visible:outline-white'
            : 'bg-white/15 text-white ring-1 ring-white/40 hover:bg-white/25 focus-visible:outline-white'
        }`}
      >
        <ShareIcon />
        {busy ? 'Creating image...' : LABEL[format].idle}
        <span className="font-normal opacity-80">{LABEL[format].size}</span>
      </button>
      <p
        className={`min-h-5 text-center text-xs ${note?.kind === 'error' ? 'font-semibold text-rose-200' : 'text-white/85'}`}
        role={note?.kind === 'error' ? 'alert' : 'status'}
      >
        {note?.text ?? ''}
      </p>
      {mounted ? (
        <OffscreenStage width={SHARE_CARD_SIZE} height={height}>
          <RecapImage ref={nodeRef} recap={recap} format={format} username={username} />
        </OffscreenStage>
      ) : null}
    </div>
  );
}
