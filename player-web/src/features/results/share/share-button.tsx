import { SHARE_CARD_SCALE, SHARE_CARD_SIZE } from '@daily-tea/shared/domain/constants';
import { OffscreenStage, ShareIcon, useOffscreenCapture } from '../../../components/offscreen-capture';
import { downloadBlob } from '../../../lib/share-file';
import { ShareCard } from './share-card';
import { shareFileName, type ShareCardData } from './share-model';

/** product.md#errors: the results image failure is a plain alert, not a toast. */
export const SHARE_FAILED_MESSAGE = 'Failed to generate image. Please try again.';

/**
 * "Share Results": mounts the hidden 1080x1080 card only while it is being captured (so it never
 * doubles the page's text for assistive technology or tests), renders it at scale 2 with
 * html2canvas-pro (loaded on this click, not with the page) and downloads the PNG (product.md#screens: a download
 * named from the topic title; the saving itself is lib/share-file's, as for the recap).
 */
export function ShareButton(props: {
  title: string;
  data: ShareCardData | null;
  variant?: 'light' | 'solid';
  className?: string;
}) {
  const { title, data, variant = 'solid', className = '' } = props;
  const { busy, payload: card, nodeRef, capture } = useOffscreenCapture<ShareCardData>();

  async function share() {
    if (!data || busy) return;
    try {
      await capture(
        data,
        {
          width: SHARE_CARD_SIZE,
          height: SHARE_CARD_SIZE,
          scale: SHARE_CARD_SCALE,
          backgroundColor: '#270e58',
        },
        (png) => downloadBlob(png, shareFileName(title)),
      );
    } catch (err) {
      console.warn('Share card rendering failed', err);
      window.alert(SHARE_FAILED_MESSAGE);
    }
  }

  const look =
    variant === 'light'
      ? 'bg-white text-brand-800 hover:bg-brand-50 focus-visible:outline-white'
      : 'bg-brand-700 text-white hover:bg-brand-800 focus-visible:outline-brand-700';

  return (
    <>
      <button
        type="button"
        onClick={() => void share()}
        disabled={!data || busy}
        aria-busy={busy}
        className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 py-2.5 text-sm font-semibold shadow-sm transition focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60 ${look} ${className}`}
      >
        <ShareIcon />
        {busy ? 'Creating image...' : 'Share Results'}
      </button>
      {card ? (
        <OffscreenStage width={SHARE_CARD_SIZE} height={SHARE_CARD_SIZE}>
          <ShareCard ref={nodeRef} data={card} />
        </OffscreenStage>
      ) : null}
    </>
  );
}
