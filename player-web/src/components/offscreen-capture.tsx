import { useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { renderNodeToPng, type RenderNodeOptions } from '@daily-tea/shared/ui/capture';

/**
 * A generated image (results card, recap): the node is mounted off-screen only while it is captured, so it
 * never doubles the page's text for assistive technology or tests; html2canvas-pro loads on the click.
 * `capture` mounts `payload`, renders the node to a PNG, hands it to `save` (download, Web Share) and unmounts,
 * keeping `busy` true until `save` has finished.
 */
export function useOffscreenCapture<T>() {
  const [busy, setBusy] = useState(false);
  const [payload, setPayload] = useState<T | null>(null);
  const nodeRef = useRef<HTMLDivElement>(null);

  async function capture(value: T, options: RenderNodeOptions, save: (png: Blob) => Promise<void> | void) {
    flushSync(() => {
      setBusy(true);
      setPayload(value);
    });
    try {
      const node = nodeRef.current;
      if (!node) throw new Error('The image to capture did not mount');
      await save(await renderNodeToPng(node, options));
    } finally {
      setPayload(null);
      setBusy(false);
    }
  }

  return { busy, payload, nodeRef, capture };
}

/** The off-screen box a captured image is laid out in (its exact pixel size, outside the viewport). */
export function OffscreenStage(props: { width: number; height: number; children: ReactNode }) {
  return (
    <div
      aria-hidden="true"
      style={{
        position: 'fixed',
        left: -(props.width + 200),
        top: 0,
        width: props.width,
        height: props.height,
        pointerEvents: 'none',
      }}
    >
      {props.children}
    </div>
  );
}

/** The share glyph of every "Share …" button. */
export function ShareIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
      <path d="M13 4.5a2.5 2.5 0 1 1 .7 1.74L7.9 9.13a2.5 2.5 0 0 1 0 1.74l5.8 2.89a2.5 2.5 0 1 1-.67 1.34l-5.8-2.9a2.5 2.5 0 1 1 0-4.4l5.8-2.9A2.5 2.5 0 0 1 13 4.5Z" />
    </svg>
  );
}
