// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

const html2canvas = vi.fn();
vi.mock('html2canvas-pro', () => ({ default: html2canvas }));

const { exportFileName, renderNodeToPng } = await import('./capture');

afterEach(() => {
  html2canvas.mockReset();
  vi.useRealTimers();
});

describe('exportFileName', () => {
  it('names the file after the post type and a filesystem-safe timestamp', () => {
    expect(exportFileName('poll', new Date('2026-11-22T14:03:05.123Z'))).toBe(
      'poll-2026-11-22T14-03-05-123Z.png',
    );
  });
});

describe('renderNodeToPng', () => {
  const fakeCanvas = (blob: Blob | null) => ({ toBlob: (cb: (b: Blob | null) => void) => cb(blob) });

  it('renders at the exact size and scale with CORS images and returns a PNG blob', async () => {
    const png = new Blob(['png'], { type: 'image/png' });
    html2canvas.mockResolvedValue(fakeCanvas(png));
    const node = document.createElement('div');
    document.body.appendChild(node);

    await expect(renderNodeToPng(node, { width: 1080, height: 1080, scale: 1 })).resolves.toBe(png);
    expect(html2canvas).toHaveBeenCalledWith(
      node,
      expect.objectContaining({
        useCORS: true,
        scale: 1,
        width: 1080,
        height: 1080,
        windowWidth: 1080,
        windowHeight: 1080,
        backgroundColor: null,
      }),
    );
  });

  it('lifts the cloned node out of scaled ancestors before rendering', async () => {
    html2canvas.mockImplementation(
      async (_node: HTMLElement, options: { onclone: (d: Document, e: HTMLElement) => void }) => {
        const wrapper = document.createElement('div');
        wrapper.style.transform = 'scale(0.5)';
        const clone = document.createElement('div');
        wrapper.appendChild(clone);
        document.body.appendChild(wrapper);
        options.onclone(document, clone);
        expect(clone.parentElement).toBe(document.body);
        expect(clone.style.transform).toBe('none');
        expect(clone.style.width).toBe('1080px');
        return fakeCanvas(new Blob(['png']));
      },
    );
    await renderNodeToPng(document.createElement('div'), { width: 1080, height: 1080, scale: 1 });
    expect(html2canvas).toHaveBeenCalledOnce();
  });

  it('rejects with an Error after the timeout and aborts the render', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    html2canvas.mockImplementation((_node: HTMLElement, options: { signal: AbortSignal }) => {
      signal = options.signal;
      return new Promise(() => undefined);
    });
    const result = renderNodeToPng(document.createElement('div'), {
      width: 10,
      height: 10,
      scale: 1,
      timeoutMs: 15000,
    });
    const assertion = expect(result).rejects.toThrow(/15000 ms/);
    await vi.advanceTimersByTimeAsync(15000);
    await assertion;
    expect(signal?.aborted).toBe(true);
  });

  it('rejects when the canvas cannot be encoded', async () => {
    html2canvas.mockResolvedValue(fakeCanvas(null));
    await expect(
      renderNodeToPng(document.createElement('div'), { width: 10, height: 10, scale: 1 }),
    ).rejects.toThrow(/PNG/);
  });
});
