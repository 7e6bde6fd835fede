import { describe, expect, it } from 'vitest';
import {
  addOption,
  addRow,
  barWidthsRelativeToMax,
  canAddOption,
  canRemoveOption,
  DEFAULT_CONTENT,
  formatSampleSize,
  fillsWeighted,
  formatSnapshotValue,
  isResultsCandidate,
  type MarketingQuestion,
  parsePercent,
  parseSampleSize,
  POST_TYPE_LABELS,
  POST_TYPES,
  previewOptions,
  previewRows,
  removeOption,
  removeRow,
  resultsContentFromQuestion,
  weightingLine,
  withResultPercent,
  sampleFiguresPrompt,
  sampleNote,
  sampleStatus,
  stripNonWordCharacters,
} from './marketing';

describe('post types', () => {
  it('lists the six types in order, each with a label and default content', () => {
    expect(POST_TYPES).toEqual(['teaser', 'poll', 'snapshot', 'results', 'quote', 'promo']);
    for (const type of POST_TYPES) {
      expect(POST_TYPE_LABELS[type]).toMatch(/^[A-Z]/);
      expect(DEFAULT_CONTENT[type]).toBeDefined();
    }
  });

  it('ships defaults that respect the form limits', () => {
    expect(DEFAULT_CONTENT.poll.options.length).toBeGreaterThanOrEqual(2);
    expect(DEFAULT_CONTENT.poll.options.length).toBeLessThanOrEqual(5);
    expect(DEFAULT_CONTENT.results.rows.length).toBeGreaterThanOrEqual(2);
    expect(DEFAULT_CONTENT.results.rows.length).toBeLessThanOrEqual(5);
    for (const row of DEFAULT_CONTENT.results.rows)
      expect(row.percent).toBe(parsePercent(String(row.percent)));
  });
});

describe('poll options', () => {
  it('adds up to five options and no more', () => {
    let options = ['a', 'b'];
    for (let i = 0; i < 6; i++) options = addOption(options);
    expect(options).toEqual(['a', 'b', '', '', '']);
    expect(canAddOption(options)).toBe(false);
  });

  it('removes only while above two options', () => {
    expect(removeOption(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
    expect(removeOption(['a', 'b'], 0)).toEqual(['a', 'b']);
    expect(canRemoveOption(['a', 'b'])).toBe(false);
    expect(canRemoveOption(['a', 'b', 'c'])).toBe(true);
    expect(removeOption(['a', 'b', 'c'], 7)).toEqual(['a', 'b', 'c']);
  });

  it('does not mutate its input', () => {
    const options = ['a', 'b', 'c'];
    removeOption(options, 0);
    addOption(options);
    expect(options).toEqual(['a', 'b', 'c']);
  });

  it('previews at most four non-blank options', () => {
    expect(previewOptions(['1', '2', ' ', '3', '4', '5'], true)).toEqual(['1', '2', '3', '4']);
  });

  it('keeps emojis when the switch is on', () => {
    expect(previewOptions(['🛋️ Couch & series'], true)).toEqual(['🛋️ Couch & series']);
  });

  it('strips emojis and symbols when the switch is off', () => {
    expect(
      previewOptions(['🛋️ Couch & series', '🥾 Hike ★ with friends 👍🏽', '🇿🇦 Braai', '1️⃣ First'], false),
    ).toEqual(['Couch & series', 'Hike with friends', 'Braai', '1 First']);
  });

  it('keeps letters with accents, digits and plain punctuation', () => {
    expect(stripNonWordCharacters("  Café   au lait, don't  stop!  ")).toBe("Café au lait, don't stop!");
    expect(stripNonWordCharacters('10-15 hours 💤')).toBe('10-15 hours');
    expect(stripNonWordCharacters('→ ♥ ✨')).toBe('');
  });

  it('drops options that are only emojis when the switch is off', () => {
    expect(previewOptions(['🔥', 'Yes', 'No'], false)).toEqual(['Yes', 'No']);
  });
});

describe('results rows', () => {
  const row = (percent: number) => ({ label: `r${percent}`, percent });

  it('parses percentages as integers between 0 and 100', () => {
    expect(parsePercent('42')).toBe(42);
    expect(parsePercent(' 7 ')).toBe(7);
    expect(parsePercent('33.6')).toBe(34);
    expect(parsePercent('150')).toBe(100);
    expect(parsePercent('-5')).toBe(0);
    expect(parsePercent('abc')).toBe(0);
    expect(parsePercent('')).toBe(0);
  });

  it('keeps between two and five rows', () => {
    let rows = [row(1), row(2)];
    for (let i = 0; i < 5; i++) rows = addRow(rows);
    expect(rows).toHaveLength(5);
    expect(rows[4]).toEqual({ label: '', percent: 0 });
    expect(removeRow([row(1), row(2)], 0)).toHaveLength(2);
    expect(removeRow([row(1), row(2), row(3)], 0)).toEqual([row(2), row(3)]);
  });

  it('previews at most four rows in order', () => {
    // Nothing silently lost: the rows without room are one "Other" row with their combined share.
    expect(previewRows([row(1), row(2), row(3), row(4), row(5)])).toEqual([
      row(1),
      row(2),
      row(3),
      { label: 'Other', percent: row(4).percent + row(5).percent },
    ]);
    expect(previewRows([row(1), row(2), row(3), row(4)])).toEqual([row(1), row(2), row(3), row(4)]);
  });

  it('scales bars relative to the largest percentage', () => {
    expect(barWidthsRelativeToMax([row(40), row(20), row(10)])).toEqual([100, 50, 25]);
    expect(barWidthsRelativeToMax([row(0), row(0)])).toEqual([0, 0]);
  });

  it('reads an optional sample size', () => {
    expect(parseSampleSize('2,481')).toBe(2481);
    expect(parseSampleSize('')).toBeNull();
    expect(parseSampleSize('lots')).toBeNull();
    expect(parseSampleSize('0')).toBeNull();
    expect(formatSampleSize(2481)).toBe('2,481');
  });
});

describe('snapshot value', () => {
  it('shows exactly one percent sign', () => {
    expect(formatSnapshotValue('68')).toBe('68%');
    expect(formatSnapshotValue(' 68% ')).toBe('68%');
    expect(formatSnapshotValue('  ')).toBe('');
  });
});

describe('resultsContentFromQuestion', () => {
  const tooFew = {
    reason: 'too_few' as const,
    effectiveSampleSize: 2.1,
    minEffectiveSample: 30,
    respondents: 3,
    excluded: 0,
  };
  const question = (overrides: Partial<MarketingQuestion>): MarketingQuestion => ({
    id: 'q1',
    text: 'Best braai meat?',
    type: 'multiple_choice',
    topicTitle: 'Food',
    date: '2026-11-20',
    options: ['Boerewors', 'Lamb chops', 'Chicken'],
    totalAnswers: 3,
    optionCounts: { 'opt-1': 2, 'opt-3': 1 },
    weighted: null,
    weightedWithheld: tooFew,
    ...overrides,
  });
  /** A shown weighted split: 240 answers, 180 of them in the scheme, the widest interval ±6.8 points. */
  const weighted = (optionShares: Record<string, number>) => ({
    scheme: 'sa-adults-census-2022',
    optionShares,
    optionIntervals: Object.fromEntries(Object.keys(optionShares).map((id) => [id, 0.05])),
    average: null,
    effectiveSampleSize: 81.4,
    interval: 0.0684,
    respondents: 180,
    excluded: 60,
  });

  it('turns option counts into rounded percentages with the answer count as sample size', () => {
    expect(resultsContentFromQuestion(question({}))).toEqual({
      question: 'Best braai meat?',
      rows: [
        { label: 'Boerewors', percent: 67 },
        { label: 'Chicken', percent: 33 },
        { label: 'Lamb chops', percent: 0 },
      ],
      sampleSize: 3,
      weighting: null,
    });
  });

  it('uses the weighted shares when they are shown: most first, the respondents as sample size, and says so', () => {
    const content = resultsContentFromQuestion(
      question({
        totalAnswers: 240,
        // As answered Boerewors leads; weighted to SA adults Chicken does.
        optionCounts: { 'opt-1': 130, 'opt-2': 40, 'opt-3': 70 },
        weighted: weighted({ 'opt-1': 0.31449, 'opt-2': 0.18, 'opt-3': 0.50551 }),
        weightedWithheld: null,
      }),
    );
    expect(content).toEqual({
      question: 'Best braai meat?',
      rows: [
        { label: 'Chicken', percent: 51 },
        { label: 'Boerewors', percent: 31 },
        { label: 'Lamb chops', percent: 18 },
      ],
      sampleSize: 180,
      weighting: { interval: 0.0684 },
    });
    expect(weightingLine(content.weighting!)).toBe('Weighted to SA adults · ±6.8 points');
    expect(weightingLine({ interval: 0.03 })).toBe('Weighted to SA adults · ±3 points');
  });

  it('uses the raw counts and makes no weighting claim when the weighted split is withheld', () => {
    for (const withheld of [tooFew, { ...tooFew, reason: 'no_respondents' as const, respondents: 0 }]) {
      const q = question({ weighted: null, weightedWithheld: withheld });
      expect(fillsWeighted(q)).toBe(false);
      expect(resultsContentFromQuestion(q)).toMatchObject({
        rows: [{ percent: 67 }, { percent: 33 }, { percent: 0 }],
        sampleSize: 3,
        weighting: null,
      });
    }
    expect(
      fillsWeighted(
        question({ weighted: weighted({ 'opt-1': 1, 'opt-2': 0, 'opt-3': 0 }), weightedWithheld: null }),
      ),
    ).toBe(true);
  });

  it('groups weighted shares beyond five rows as "Other" with their combined weighted share', () => {
    const content = resultsContentFromQuestion(
      question({
        options: ['a', 'b', 'c', 'd', 'e', 'f'],
        totalAnswers: 500,
        optionCounts: { 'opt-1': 100, 'opt-2': 100, 'opt-3': 100, 'opt-4': 100, 'opt-5': 50, 'opt-6': 50 },
        weighted: weighted({
          'opt-1': 0.4,
          'opt-2': 0.2,
          'opt-3': 0.15,
          'opt-4': 0.1,
          'opt-5': 0.09,
          'opt-6': 0.06,
        }),
        weightedWithheld: null,
      }),
    );
    expect(content.rows).toEqual([
      { label: 'a', percent: 40 },
      { label: 'b', percent: 20 },
      { label: 'c', percent: 15 },
      { label: 'd', percent: 10 },
      { label: 'Other', percent: 15 },
    ]);
    expect(content.weighting).toEqual({ interval: 0.0684 });
  });

  it('stops saying "weighted" once the operator changes a percentage, not while it stays the same', () => {
    const filled = resultsContentFromQuestion(
      question({ weighted: weighted({ 'opt-1': 0.6, 'opt-2': 0.1, 'opt-3': 0.3 }), weightedWithheld: null }),
    );
    expect(withResultPercent(filled, 0, 60)).toBe(filled);
    expect(withResultPercent(filled, 9, 12)).toBe(filled);
    const edited = withResultPercent(filled, 1, 35);
    expect(edited.rows[1]).toEqual({ label: 'Chicken', percent: 35 });
    expect(edited.weighting).toBeNull();
    expect(filled.weighting).toEqual({ interval: 0.0684 });
  });

  it('puts the most chosen first (ties in question order) and groups the rest as "Other" when there are more than five', () => {
    const content = resultsContentFromQuestion(
      question({
        options: ['a', 'b', 'c', 'd', 'e', 'f', 'g'],
        totalAnswers: 100,
        optionCounts: {
          'opt-1': 5,
          'opt-2': 30,
          'opt-3': 1,
          'opt-4': 20,
          'opt-5': 10,
          'opt-6': 4,
          'opt-7': 30,
        },
      }),
    );
    expect(content.rows.map((r) => r.label)).toEqual(['b', 'g', 'd', 'e', 'Other']);
    expect(content.rows.map((r) => r.percent)).toEqual([30, 30, 20, 10, 10]);
  });

  it('stays editable when a question has no answers or too few options', () => {
    const content = resultsContentFromQuestion(
      question({ options: ['Only'], totalAnswers: 0, optionCounts: {} }),
    );
    expect(content.rows).toEqual([
      { label: 'Only', percent: 0 },
      { label: '', percent: 0 },
    ]);
    expect(content.sampleSize).toBeNull();
  });

  it('offers only multiple-choice questions with two or more options', () => {
    expect(isResultsCandidate(question({}))).toBe(true);
    expect(isResultsCandidate(question({ type: 'numeric', options: [] }))).toBe(false);
  });
});

describe('sampleStatus', () => {
  it('marks the untouched sample and names its invented figures', () => {
    expect(sampleStatus('teaser', DEFAULT_CONTENT.teaser)).toEqual({ untouched: true, figures: [] });
    expect(sampleStatus('snapshot', DEFAULT_CONTENT.snapshot)).toEqual({
      untouched: true,
      figures: ['the number 68%'],
    });
    expect(sampleStatus('results', DEFAULT_CONTENT.results)).toEqual({
      untouched: true,
      figures: ['the percentages', 'the answer count 2,481'],
    });
  });

  it('keeps a figure sample until its own value changes', () => {
    const relabelled = { ...DEFAULT_CONTENT.snapshot, label: 'Of players' };
    expect(sampleStatus('snapshot', relabelled)).toEqual({ untouched: false, figures: ['the number 68%'] });
    expect(sampleStatus('snapshot', { ...relabelled, value: '68%' }).figures).toEqual(['the number 68%']);
    expect(sampleStatus('snapshot', { ...relabelled, value: '54' }).figures).toEqual([]);

    const rows = DEFAULT_CONTENT.results.rows.map((row, i) => (i === 0 ? { ...row, percent: 40 } : row));
    expect(sampleStatus('results', { ...DEFAULT_CONTENT.results, rows }).figures).toEqual([
      'the answer count 2,481',
    ]);
    expect(sampleStatus('results', { ...DEFAULT_CONTENT.results, rows, sampleSize: null })).toEqual({
      untouched: false,
      figures: [],
    });
  });

  it('is no sample once filled from real results', () => {
    const filled = resultsContentFromQuestion({
      id: 'q1',
      text: 'Tea or coffee?',
      type: 'multiple_choice',
      topicTitle: 'Food',
      date: '2026-11-20',
      options: ['Tea', 'Coffee'],
      totalAnswers: 146,
      optionCounts: { 'opt-1': 90, 'opt-2': 56 },
      weighted: null,
      weightedWithheld: null,
    });
    expect(sampleStatus('results', filled)).toEqual({ untouched: false, figures: [] });
  });
});

describe('sampleFiguresPrompt', () => {
  it('asks only when figures are still sample, naming them or the posts', () => {
    expect(sampleFiguresPrompt([{ type: 'teaser', figures: [] }])).toBeNull();
    expect(
      sampleFiguresPrompt([{ type: 'results', figures: ['the percentages', 'the answer count 2,481'] }]),
    ).toBe(
      'The Results post still shows sample figures: the percentages and the answer count 2,481. They are invented examples, not real results. Export it anyway?',
    );
    expect(
      sampleFiguresPrompt([
        { type: 'snapshot', figures: ['the number 68%'] },
        { type: 'quote', figures: [] },
        { type: 'results', figures: ['the percentages'] },
      ]),
    ).toBe(
      'The Snapshot and Results posts still show sample figures. They are invented examples, not real results. Export them anyway?',
    );
  });
});

describe('sampleNote', () => {
  it('says what is sample and how to replace it, until nothing is', () => {
    expect(sampleNote({ untouched: true, figures: [] }, false)).toEqual({
      title: 'Sample content.',
      text: "This is the generator's example. Edit it before you post it.",
    });
    expect(
      sampleNote({ untouched: true, figures: ['the percentages', 'the answer count 2,481'] }, true),
    ).toEqual({
      title: 'Sample content.',
      text: "This is the generator's example, and its figures are invented. Edit it or use Fill from real results before you post it.",
    });
    expect(sampleNote({ untouched: false, figures: ['the number 68%'] }, false)).toEqual({
      title: 'Sample figures.',
      text: "The number 68% is still the generator's invented example. Change it before you post.",
    });
    expect(sampleNote({ untouched: false, figures: [] }, true)).toBeNull();
  });
});
