import { describe, expect, it } from 'vitest';
import { lintQuestion, type LintQuestion, type LintRule } from './question-lint';

const mc = (text: string, options: string[] = ['Tea', 'Coffee']): LintQuestion => ({
  text,
  type: 'multiple_choice',
  options,
  minValue: null,
  maxValue: null,
});
const num = (
  text: string,
  minValue: number | null,
  maxValue: number | null,
  numericUnit = 'cups',
): LintQuestion => ({
  text,
  type: 'numeric',
  options: [],
  minValue,
  maxValue,
  numericUnit,
});
const rules = (q: LintQuestion, ctx = {}) => lintQuestion(q, ctx).map((w) => w.rule);

describe('lintQuestion', () => {
  it('passes a neutral, single, well-formed question', () => {
    expect(lintQuestion(mc('Tea or coffee first thing?'))).toEqual([]);
    expect(lintQuestion(mc('Favourite tea?', ['Rooibos', 'Earl Grey', 'Green', 'Other']))).toEqual([]);
    expect(lintQuestion(num('Cups of tea a day?', 0, 20))).toEqual([]);
    expect(lintQuestion(mc('   '))).toEqual([]);
  });

  it.each<[string, LintRule]>([
    ["Don't you think tea is better?", 'leading'],
    ['Surely you prefer tea?', 'leading'],
    ['Tea is the best drink, right?', 'leading'],
    ['Do you agree that coffee is overrated?', 'leading'],
    ['Is instant coffee disgusting?', 'loaded'],
    ['Should the so-called experts decide?', 'loaded'],
  ])('flags leading or loaded wording: %s', (text, rule) => {
    expect(rules(mc(text, ['Yes', 'No']))).toContain(rule);
  });

  it('names the phrase in the message', () => {
    const [w] = lintQuestion(mc("Wouldn't you agree tea wins?", ['Yes', 'No']));
    expect(w).toMatchObject({ rule: 'leading', field: 'text' });
    expect(w!.message).toContain("wouldn't you");
  });

  it('flags double-barrelled questions, but not a choice between two things', () => {
    expect(rules(mc('Is the tea hot and sweet?', ['Yes', 'No']))).toContain('double_barrelled');
    expect(rules(mc('How do you rate the price as well as the taste?'))).toContain('double_barrelled');
    expect(rules(mc('Do you drink tea? How often?'))).toContain('double_barrelled');
    expect(rules(mc('Do you like milk or sugar?', ['Yes', 'No']))).toContain('either_or_yes_no');
    expect(rules(mc('Pick between tea and coffee'))).not.toContain('double_barrelled');
    expect(rules(mc('Tea or coffee?'))).toEqual([]);
  });

  it('flags repeated options, overlapping and missing numeric ranges', () => {
    expect(rules(mc('Favourite?', ['Tea', 'tea ', 'Coffee', 'Other']))).toContain('option_repeat');
    const overlap = lintQuestion(mc('Your age?', ['18-25', '25-34', '35-44', '45+']));
    expect(overlap.map((w) => w.rule)).toEqual(['option_overlap']);
    expect(overlap[0]!.message).toContain('“18-25” and “25-34”');
    const gap = lintQuestion(mc('Cups a day?', ['0-2', '4-6', '7 or more']));
    expect(gap.map((w) => w.rule)).toEqual(['option_gap']);
    expect(gap[0]!.message).toBe('No option covers 3: someone whose answer is 3 cannot answer.');
    expect(rules(mc('Cups a day?', ['Under 3', '3 to 5', '6+']))).toEqual([]);
  });

  it('asks for a way out where categories are listed, not on either-or or scale questions', () => {
    expect(rules(mc('Favourite tea?', ['Rooibos', 'Earl Grey', 'Green']))).toEqual(['no_way_out']);
    expect(rules(mc('Favourite tea?', ['Rooibos', 'Earl Grey', 'None of these']))).toEqual([]);
    expect(rules(mc('Favourite tea?', ['Rooibos', 'Earl Grey']))).toEqual([]);
    expect(rules(mc('Tea is good for you.', ['Agree', 'Somewhat agree', 'Disagree']))).toEqual([]);
  });

  it('checks numeric ranges', () => {
    expect(rules(num('Cups a day?', null, null))).toEqual(['numeric_no_range']);
    expect(lintQuestion(num('Cups a day?', 0, null))[0]!.message).toContain('add a maximum');
    expect(rules(num('Cups a day?', 3, 3))).toEqual(['numeric_bad_range']);
    expect(rules(num('Cups a day?', -5, 10))).toEqual(['numeric_bad_range']);
    expect(rules(num('Temperature today?', -5, 40, '°C'))).toEqual([]);
    expect(rules(num('Salary?', 0, 50_000_000, 'rand'))).toEqual(['numeric_bad_range']);
  });

  it('warns when the share card would cut the question (50) or an option (25)', () => {
    const long = 'How many cups of rooibos tea do you drink on a cold winter day?';
    expect(lintQuestion(mc(long))[0]).toMatchObject({ rule: 'share_card_question', field: 'text' });
    expect(lintQuestion(mc(long))[0]!.message).toContain(`${long.length}`);
    expect(rules(mc('Tea?', ['A very long option text that goes on', 'Short']))).toEqual([
      'share_card_option',
    ]);
    expect(rules(mc('x'.repeat(50)))).toEqual([]);
  });

  it('suggests importing a question asked in the last 30 days, unless it is already linked', () => {
    const history = [
      { id: 'a', text: 'Tea or coffee?', date: '2026-11-01', topicTitle: 'Food' },
      { id: 'b', text: 'Milk first?', date: '2026-10-20', topicTitle: 'Food' },
    ];
    const ctx = { date: '2026-11-23', history };
    const [w] = lintQuestion(mc('  tea OR coffee? '), ctx);
    expect(w).toEqual({
      rule: 'recently_asked',
      field: 'text',
      message: 'Asked on 2026-11-01 in “Food”: import that question instead, so the results link.',
    });
    expect(rules(mc('Milk first?'), ctx)).toEqual([]); // 34 days ago
    expect(rules({ ...mc('Tea or coffee?'), linkedQuestionId: 'a' }, ctx)).toEqual([]);
    expect(rules(mc('Tea or coffee?'), { date: '2026-11-01', history })).toEqual([]); // same day is not "before"
  });
});
