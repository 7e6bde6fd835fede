import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import {
  POST_SIZE,
  POST_TYPES,
  DEFAULT_CONTENT,
  type PostContentMap,
  type PostType,
} from '../../domain/marketing';
import { exportFileName, renderNodeToPng, RENDER_TIMEOUT_MS } from '../capture';
import type { ExportResult, ExportTarget } from '../export-target';
import { PostTemplate } from './templates';

export type PostContents = { [K in PostType]: PostContentMap[K] };
export type PostExport = ExportResult & { type: PostType; fileName: string };
export type ExportProgress = { done: number; total: number; type: PostType | null };

/**
 * Renders one post at its full 1080x1080 size in an off-screen host (never the scaled preview, so
 * the PNG does not depend on the viewport) and captures it at scale 1 (product.md#limits).
 */
export async function renderPostToPng<K extends PostType>(
  type: K,
  content: PostContentMap[K],
  timeoutMs = RENDER_TIMEOUT_MS,
): Promise<Blob> {
  const host = document.createElement('div');
  host.setAttribute('aria-hidden', 'true');
  Object.assign(host.style, {
    position: 'fixed',
    left: `-${POST_SIZE * 3}px`,
    top: '0px',
    width: `${POST_SIZE}px`,
    height: `${POST_SIZE}px`,
    pointerEvents: 'none',
    overflow: 'hidden',
  });
  document.body.appendChild(host);
  const root = createRoot(host);
  try {
    flushSync(() =>
      root.render(<PostTemplate {...({ type, content } as Parameters<typeof PostTemplate>[0])} />),
    );
    // Web fonts (and the emoji font) must be ready or the canvas paints fallback glyph metrics.
    await document.fonts?.ready;
    await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    const node = host.firstElementChild;
    if (!(node instanceof HTMLElement)) throw new Error('The post did not render');
    return await renderNodeToPng(node, { width: POST_SIZE, height: POST_SIZE, scale: 1, timeoutMs });
  } finally {
    root.unmount();
    host.remove();
  }
}

/** Renders one post and hands it to the export target as `<type>-<timestamp>.png`. */
export async function exportPost<K extends PostType>(
  target: ExportTarget,
  type: K,
  content: PostContentMap[K],
  now: Date = new Date(),
): Promise<PostExport> {
  const png = await renderPostToPng(type, content);
  const fileName = exportFileName(type, now);
  const result = await target.save(fileName, png);
  return { ...result, type, fileName };
}

/**
 * Exports all six posts one after another (the desktop console writes them into its folder in one
 * go). Stops at the first failure so the operator sees which post broke; `onProgress` reports
 * after each saved file.
 */
export async function exportAllPosts(
  target: ExportTarget,
  onProgress?: (progress: ExportProgress) => void,
  contents: PostContents = DEFAULT_CONTENT,
): Promise<PostExport[]> {
  const results: PostExport[] = [];
  onProgress?.({ done: 0, total: POST_TYPES.length, type: POST_TYPES[0] ?? null });
  for (const [index, type] of POST_TYPES.entries()) {
    results.push(await exportPost(target, type, contents[type]));
    onProgress?.({ done: index + 1, total: POST_TYPES.length, type: POST_TYPES[index + 1] ?? null });
  }
  return results;
}
