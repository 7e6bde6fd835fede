// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

const renderNodeToPng = vi.fn();
vi.mock('../capture', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../capture')>()),
  renderNodeToPng,
}));

const { exportAllPosts, exportPost } = await import('./export-posts');
const { DEFAULT_CONTENT, POST_TYPES } = await import('../../domain/marketing');

type Saved = { fileName: string; png: Blob };
function memoryTarget(kind: 'download' | 'disk' = 'disk') {
  const saved: Saved[] = [];
  return {
    saved,
    target: {
      kind,
      save: vi.fn(async (fileName: string, png: Blob) => {
        saved.push({ fileName, png });
        return { message: 'saved', savedTo: `/exports/${fileName}` };
      }),
      download: vi.fn(),
    },
  };
}

afterEach(() => {
  renderNodeToPng.mockReset();
  document.body.innerHTML = '';
});

describe('exportPost', () => {
  it('captures the full-size post node at 1080x1080, scale 1, and saves it as <type>-<timestamp>.png', async () => {
    let captured: { type: string | null; text: string; connected: boolean } | null = null;
    renderNodeToPng.mockImplementation(async (node: HTMLElement) => {
      captured = {
        type: node.getAttribute('data-post-type'),
        text: node.textContent ?? '',
        connected: node.isConnected,
      };
      return new Blob(['png'], { type: 'image/png' });
    });
    const { target, saved } = memoryTarget();

    const result = await exportPost(
      target,
      'results',
      DEFAULT_CONTENT.results,
      new Date('2026-11-22T10:00:00.000Z'),
    );

    expect(renderNodeToPng).toHaveBeenCalledWith(expect.any(HTMLElement), {
      width: 1080,
      height: 1080,
      scale: 1,
      timeoutMs: 15000,
    });
    expect(captured).toMatchObject({ type: 'results', connected: true });
    expect(captured!.text).toContain('How do you take your tea?');
    expect(captured!.text).toContain('Based on 2,481 answers');
    expect(captured!.text).toContain('@dailytea');
    expect(saved.map((s) => s.fileName)).toEqual(['results-2026-11-22T10-00-00-000Z.png']);
    expect(result).toMatchObject({
      type: 'results',
      fileName: 'results-2026-11-22T10-00-00-000Z.png',
      savedTo: '/exports/results-2026-11-22T10-00-00-000Z.png',
    });
    // The off-screen host is removed again.
    expect(document.body.children).toHaveLength(0);
  });

  it('saves nothing and cleans up when rendering fails', async () => {
    renderNodeToPng.mockRejectedValue(new Error('Rendering the image took longer than 15000 ms'));
    const { target } = memoryTarget();
    await expect(exportPost(target, 'poll', DEFAULT_CONTENT.poll)).rejects.toThrow('15000 ms');
    expect(target.save).not.toHaveBeenCalled();
    expect(document.body.children).toHaveLength(0);
  });
});

describe('exportAllPosts', () => {
  it('exports the six posts in order and reports progress after each file', async () => {
    const types: (string | null)[] = [];
    renderNodeToPng.mockImplementation(async (node: HTMLElement) => {
      types.push(node.getAttribute('data-post-type'));
      return new Blob(['png'], { type: 'image/png' });
    });
    const { target, saved } = memoryTarget();
    const progress: { done: number; total: number; type: string | null }[] = [];

    const results = await exportAllPosts(target, (p) => progress.push(p));

    expect(types).toEqual([...POST_TYPES]);
    expect(saved.map((s) => s.fileName.split('-')[0])).toEqual([...POST_TYPES]);
    expect(saved.every((s) => /^[a-z]+-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.png$/.test(s.fileName))).toBe(
      true,
    );
    expect(results).toHaveLength(6);
    expect(progress.map((p) => p.done)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(progress.at(-1)).toEqual({ done: 6, total: 6, type: null });
  });

  it('uses the operator’s edited content and stops at the first failure', async () => {
    const texts: string[] = [];
    renderNodeToPng.mockImplementation(async (node: HTMLElement) => {
      texts.push(node.textContent ?? '');
      if (node.getAttribute('data-post-type') === 'snapshot') throw new Error('canvas failed');
      return new Blob(['png'], { type: 'image/png' });
    });
    const { target, saved } = memoryTarget();
    const contents = {
      ...DEFAULT_CONTENT,
      teaser: { ...DEFAULT_CONTENT.teaser, question: 'Edited teaser question?' },
    };

    await expect(exportAllPosts(target, undefined, contents)).rejects.toThrow('canvas failed');
    expect(texts[0]).toContain('Edited teaser question?');
    expect(saved.map((s) => s.fileName.split('-')[0])).toEqual(['teaser', 'poll']);
  });
});
