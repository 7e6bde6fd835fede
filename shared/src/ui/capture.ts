/**
 * DOM → PNG for marketing posts and share cards. html2canvas-pro is loaded on demand so it stays a
 * separate chunk (it is large and only needed when someone exports): never import it statically.
 */

export type RenderNodeOptions = {
  /** Exact output size in CSS pixels (the PNG is width*scale × height*scale). */
  width: number;
  height: number;
  scale: number;
  /** Rejects with an Error after this long (default 15000 ms, product.md#limits). */
  timeoutMs?: number;
  /** Canvas fill behind the node; null keeps transparency. */
  backgroundColor?: string | null;
};

export const RENDER_TIMEOUT_MS = 15_000;

/**
 * Renders `node` to a PNG blob of exactly width×height (times scale).
 * The node may sit inside a scaled preview (CSS transform) or an off-screen host: in html2canvas's
 * cloned document it is lifted to the top-left corner of the page with no transform, so only the
 * node's own layout is captured.
 */
export async function renderNodeToPng(node: HTMLElement, opts: RenderNodeOptions): Promise<Blob> {
  const { width, height, scale, timeoutMs = RENDER_TIMEOUT_MS, backgroundColor = null } = opts;
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`Rendering the image took longer than ${timeoutMs} ms`));
    }, timeoutMs);
  });

  const work = (async () => {
    const { default: html2canvas } = await import('html2canvas-pro');
    const canvas = await html2canvas(node, {
      useCORS: true,
      logging: false,
      scale,
      width,
      height,
      windowWidth: width,
      windowHeight: height,
      scrollX: 0,
      scrollY: 0,
      backgroundColor,
      signal: controller.signal,
      onclone: (_document, clone) => liftClone(clone, width, height),
    });
    return canvasToPng(canvas);
  })();

  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
    // The losing promise must not surface as an unhandled rejection after a timeout.
    work.catch(() => undefined);
  }
}

function liftClone(clone: HTMLElement, width: number, height: number) {
  const body = clone.ownerDocument.body;
  body.appendChild(clone);
  Object.assign(clone.style, {
    position: 'absolute',
    left: '0px',
    top: '0px',
    margin: '0px',
    width: `${width}px`,
    height: `${height}px`,
    transform: 'none',
    zIndex: '2147483647',
  });
}

function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => {
      if (blob) resolve(blob);
      else reject(new Error('The browser could not encode the image as PNG'));
    }, 'image/png');
  });
}

/** `<type>-<timestamp>.png` with a timestamp that is safe on every filesystem (no colons). */
export function exportFileName(type: string, now: Date = new Date()): string {
  return `${type}-${now.toISOString().replace(/[:.]/g, '-')}.png`;
}
