// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiClient } from '../../api-client/client';
import { toastStore } from '../toaster';
import type { ExportTarget } from '../export-target';
import type { MarketingQuestion } from '../../domain/marketing';
import { installDomTestHooks } from '../dom.test-kit';

const renderNodeToPng = vi.fn();
vi.mock('../capture', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../capture')>()),
  renderNodeToPng,
}));

const { MarketingGenerator } = await import('./marketing-generator');
const { MarketingGate } = await import('./marketing-gate');

installDomTestHooks(() => renderNodeToPng.mockReset());

const lastToast = () => toastStore.getSnapshot()[0];

function setup(opts: { api?: ApiClient | null; target?: ExportTarget } = {}) {
  const target: ExportTarget = opts.target ?? {
    kind: 'download',
    save: vi.fn(async () => ({ message: 'Your marketing material has been downloaded.' })),
    download: vi.fn(),
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onExported = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <MarketingGenerator api={opts.api ?? null} exportTarget={target} onExported={onExported} />
    </QueryClientProvider>,
  );
  return { target, onExported };
}

describe('MarketingGenerator', () => {
  it('shows "Export as PNG" only while the preview is shown', () => {
    setup();
    expect(screen.queryByRole('button', { name: 'Export as PNG' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show Preview' }));
    expect(screen.getByRole('button', { name: 'Export as PNG' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hide Preview' }));
    expect(screen.queryByRole('button', { name: 'Export as PNG' })).toBeNull();
  });

  it('exports without opening the preview, beside the hidden-preview note', async () => {
    renderNodeToPng.mockResolvedValueOnce(new Blob(['png'], { type: 'image/png' }));
    const { target } = setup();
    fireEvent.click(screen.getByRole('tab', { name: /Quote/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Export PNG without preview' }));
    await waitFor(() => expect(lastToast()?.title).toBe('Image exported!'));
    expect(target.save).toHaveBeenCalledWith(expect.stringMatching(/^quote-.+\.png$/), expect.any(Blob));
    expect(screen.queryByRole('button', { name: 'Export as PNG' })).toBeNull();
  });

  it('keeps poll options between 2 and 5', () => {
    setup();
    fireEvent.click(screen.getByRole('tab', { name: /Poll/ }));
    const add = screen.getByRole('button', { name: /Add Option/ });
    fireEvent.click(add);
    expect(screen.getAllByRole('textbox', { name: /^Option \d$/ })).toHaveLength(5);
    expect((add as HTMLButtonElement).disabled).toBe(true);
    for (let i = 0; i < 3; i += 1) fireEvent.click(screen.getByRole('button', { name: 'Remove option 1' }));
    expect(screen.getAllByRole('textbox', { name: /^Option \d$/ })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Remove option/ })).toBeNull();
  });

  it('strips emojis from the preview when the switch is off', () => {
    setup();
    fireEvent.click(screen.getByRole('tab', { name: /Poll/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Show Preview' }));
    const preview = screen.getByRole('figure', { name: 'Poll post preview' });
    expect(within(preview).getByText('🛋️ Couch & series')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Use emojis in preview' }));
    expect(within(preview).getByText('Couch & series')).toBeTruthy();
  });

  it('clamps result percentages to 0..100 and reads non-numbers as 0', () => {
    setup();
    fireEvent.click(screen.getByRole('tab', { name: /Results/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Show Preview' }));
    const first = screen.getByRole('textbox', { name: 'Result 1 percentage' });
    fireEvent.change(first, { target: { value: '250' } });
    fireEvent.blur(first);
    expect((first as HTMLInputElement).value).toBe('100');
    fireEvent.change(first, { target: { value: 'abc' } });
    fireEvent.blur(first);
    expect((first as HTMLInputElement).value).toBe('0');
  });

  const withheld = {
    reason: 'too_few',
    effectiveSampleSize: 3.2,
    minEffectiveSample: 30,
    respondents: 4,
    excluded: 0,
  } as const;
  /** A multiple-choice marketing question, "Best braai side?" (Pap, Salad), as answered unless overridden. */
  const braai = (over: Partial<MarketingQuestion> = {}): MarketingQuestion => ({
    id: 'q',
    text: 'Best braai side?',
    type: 'multiple_choice',
    topicTitle: 'Food',
    date: '2026-11-22',
    options: ['Pap', 'Salad'],
    totalAnswers: 4,
    optionCounts: { 'opt-1': 3, 'opt-2': 1 },
    weighted: null,
    weightedWithheld: withheld,
    ...over,
  });
  /** The generator with an API listing `questions`, on the Results tab with the picker open at its first pick. */
  async function openPicker(questions: MarketingQuestion[]) {
    setup({ api: { marketing: { questions: vi.fn(async () => questions) } } as unknown as ApiClient });
    fireEvent.click(screen.getByRole('tab', { name: /Results/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Fill from real results' }));
    return screen.findByRole('button', { name: /Best braai side\?/ });
  }

  it('hides "Fill from real results" without an API and fills the post from a chosen question with one', async () => {
    setup();
    fireEvent.click(screen.getByRole('tab', { name: /Results/ }));
    expect(screen.queryByRole('button', { name: 'Fill from real results' })).toBeNull();
    cleanup();

    const pick = await openPicker([
      braai({
        id: 'n',
        text: 'How many cups?',
        type: 'numeric',
        options: [],
        totalAnswers: 9,
        optionCounts: {},
      }),
      braai(),
    ]);
    expect(screen.queryByRole('button', { name: /How many cups/ })).toBeNull();
    fireEvent.click(pick);
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Question' }) as HTMLTextAreaElement).value).toBe(
        'Best braai side?',
      ),
    );
    expect((screen.getByRole('textbox', { name: 'Result 1 label' }) as HTMLInputElement).value).toBe('Pap');
    expect((screen.getByRole('textbox', { name: 'Result 1 percentage' }) as HTMLInputElement).value).toBe(
      '75',
    );
    expect((screen.getByRole('textbox', { name: 'Sample size (optional)' }) as HTMLInputElement).value).toBe(
      '4',
    );
    // Too few to weight: the figures are as answered and the post makes no weighting claim.
    expect(lastToast()?.description).toBe('From "Best braai side?", as answered');
    expect(screen.getByTestId('weighting-note').dataset.weighted).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Show Preview' }));
    const preview = screen.getByRole('figure', { name: 'Results post preview' });
    expect(preview.textContent).not.toContain('Weighted');
  });

  it('fills a weighted Results post when the question has weighted figures, and drops the claim on an edit', async () => {
    const pick = await openPicker([
      braai({
        totalAnswers: 400,
        optionCounts: { 'opt-1': 300, 'opt-2': 100 },
        weighted: {
          scheme: 'sa-adults-census-2022',
          optionShares: { 'opt-1': 0.41, 'opt-2': 0.59 },
          optionIntervals: { 'opt-1': 0.061, 'opt-2': 0.061 },
          average: null,
          effectiveSampleSize: 248.3,
          interval: 0.061,
          respondents: 310,
          excluded: 90,
        },
        weightedWithheld: null,
      }),
    ]);
    expect(pick.textContent).toContain('400 answers · weighted to SA adults');
    fireEvent.click(pick);
    await waitFor(() =>
      expect(lastToast()?.description).toBe('From "Best braai side?", weighted to SA adults'),
    );
    const value = (name: string) => (screen.getByRole('textbox', { name }) as HTMLInputElement).value;
    // Weighted, Salad leads (raw, Pap did); the sample size is the respondents the weighted figures rest on.
    expect([value('Result 1 label'), value('Result 1 percentage')]).toEqual(['Salad', '59']);
    expect([value('Result 2 label'), value('Result 2 percentage')]).toEqual(['Pap', '41']);
    expect(value('Sample size (optional)')).toBe('310');
    expect(screen.getByTestId('weighting-note').textContent).toContain(
      'Weighted to SA adults · ±6.1 points.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show Preview' }));
    const preview = screen.getByRole('figure', { name: 'Results post preview' });
    expect(within(preview).getByText('Weighted to SA adults · ±6.1 points')).toBeTruthy();
    expect(preview.textContent).toContain('Based on 310 answers');

    // Editing a label keeps the claim; changing a percentage drops it from the form and the image.
    fireEvent.change(screen.getByRole('textbox', { name: 'Result 2 label' }), {
      target: { value: 'Pap en sous' },
    });
    expect(within(preview).queryByText('Weighted to SA adults · ±6.1 points')).toBeTruthy();
    const percent = screen.getByRole('textbox', { name: 'Result 1 percentage' });
    fireEvent.change(percent, { target: { value: '60' } });
    fireEvent.blur(percent);
    expect(screen.getByTestId('weighting-note').dataset.weighted).toBe('false');
    expect(preview.textContent).not.toContain('Weighted to SA adults');
  });

  it('exports the shown post and toasts "Image exported!"; a failure toasts "Export failed"', async () => {
    renderNodeToPng.mockResolvedValueOnce(new Blob(['png'], { type: 'image/png' }));
    const { target, onExported } = setup();
    fireEvent.click(screen.getByRole('tab', { name: /Quote/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Show Preview' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export as PNG' }));
    await waitFor(() => expect(lastToast()?.title).toBe('Image exported!'));
    expect(lastToast()?.description).toBe('Your marketing material has been downloaded.');
    expect(target.save).toHaveBeenCalledWith(expect.stringMatching(/^quote-.+\.png$/), expect.any(Blob));
    expect(onExported).toHaveBeenCalledWith(expect.objectContaining({ type: 'quote' }));

    renderNodeToPng.mockRejectedValueOnce(new Error('boom'));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Export as PNG' }));
    await waitFor(() => expect(lastToast()?.title).toBe('Export failed'));
    expect(lastToast()).toMatchObject({
      description: 'Could not generate image. Please try again.',
      variant: 'destructive',
    });
  });

  it('with a disk target shows the saved path with "Show in folder", and offers "Export all"', async () => {
    renderNodeToPng.mockResolvedValue(new Blob(['png'], { type: 'image/png' }));
    const reveal = vi.fn(async () => undefined);
    const target: ExportTarget = {
      kind: 'disk',
      save: vi.fn(async (name: string) => ({ message: 'Saved', savedTo: `/posts/${name}` })),
      download: vi.fn(),
      reveal,
    };
    setup({ target });
    fireEvent.click(screen.getByRole('button', { name: 'Show Preview' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export as PNG' }));
    await waitFor(() => expect(lastToast()?.title).toBe('Image exported!'));
    expect(lastToast()?.description).toMatch(/^Saved to \/posts\/teaser-.+\.png$/);
    lastToast()?.action?.onClick();
    expect(reveal).toHaveBeenCalledWith(expect.stringMatching(/^\/posts\/teaser-/));

    // Snapshot and Results still show their invented sample figures: Export all asks first.
    fireEvent.click(screen.getByRole('button', { name: 'Export all' }));
    const ask = await screen.findByRole('alertdialog');
    expect(ask.textContent).toContain('The Snapshot and Results posts still show sample figures.');
    fireEvent.click(within(ask).getByRole('button', { name: 'Export anyway' }));
    await waitFor(() => expect(lastToast()?.title).toBe('All posts exported!'));
    expect(lastToast()?.description).toBe('6 images saved to /posts.');
    expect(target.save).toHaveBeenCalledTimes(7);
  });

  it('marks sample content until edited and asks before exporting untouched sample figures', async () => {
    renderNodeToPng.mockResolvedValue(new Blob(['png'], { type: 'image/png' }));
    const { target } = setup();
    const note = () => screen.queryByTestId('sample-note')?.textContent ?? null;
    expect(note()).toBe("Sample content. This is the generator's example. Edit it before you post it.");
    fireEvent.change(screen.getByRole('textbox', { name: 'Headline' }), {
      target: { value: 'Real headline' },
    });
    expect(note()).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: /Snapshot/ }));
    expect(note()).toContain('its figure is invented');
    fireEvent.click(screen.getByRole('button', { name: 'Export PNG without preview' }));
    const ask = await screen.findByRole('alertdialog');
    expect(ask.textContent).toContain('The Snapshot post still shows sample figures: the number 68%.');
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(target.save).not.toHaveBeenCalled();

    fireEvent.change(screen.getByRole('textbox', { name: 'Label' }), { target: { value: 'Of players' } });
    expect(note()).toContain('The number 68% is still the generator');
    fireEvent.change(screen.getByRole('textbox', { name: 'Value (%)' }), { target: { value: '54' } });
    expect(note()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Export PNG without preview' }));
    await waitFor(() => expect(lastToast()?.title).toBe('Image exported!'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(target.save).toHaveBeenCalledWith(expect.stringMatching(/^snapshot-/), expect.any(Blob));
  });

  it('offers no "Export all" for browser downloads', () => {
    setup();
    expect(screen.queryByRole('button', { name: 'Export all' })).toBeNull();
  });
});

describe('MarketingGate', () => {
  function gateApi(unlock: () => Promise<unknown>) {
    return { marketing: { unlock: vi.fn(unlock) } } as unknown as ApiClient;
  }

  it('toasts "Access denied" on a wrong password and stays locked', async () => {
    const onUnlocked = vi.fn();
    render(
      <MarketingGate
        api={gateApi(async () => Promise.reject(new ApiError(401, 'Invalid password')))}
        onUnlocked={onUnlocked}
      />,
    );
    const button = screen.getByRole('button', { name: 'Access Marketing Tools' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'nope' } });
    fireEvent.click(button);
    await waitFor(() => expect(lastToast()?.title).toBe('Access denied'));
    expect(lastToast()?.description).toBe('Incorrect password. Please try again.');
    expect(onUnlocked).not.toHaveBeenCalled();
  });

  it('shows "Verifying..." while the server checks, then "Access granted"', async () => {
    let resolve!: (value: unknown) => void;
    const onUnlocked = vi.fn();
    render(<MarketingGate api={gateApi(() => new Promise((r) => (resolve = r)))} onUnlocked={onUnlocked} />);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'marketing-dev' } });
    fireEvent.click(screen.getByRole('button', { name: 'Access Marketing Tools' }));
    expect(screen.getByRole('button', { name: 'Verifying...' })).toBeTruthy();
    resolve({ token: 't', expiresAt: '2026-11-22T18:00:00.000Z' });
    await waitFor(() =>
      expect(onUnlocked).toHaveBeenCalledWith({ token: 't', expiresAt: '2026-11-22T18:00:00.000Z' }),
    );
    expect(lastToast()?.title).toBe('Access granted');
  });
});
