import type { DailyQuestion, QuestionResults } from '@daily-tea/shared/contracts/daily';

/** Test data for the results models: a question and its results response, each test overriding what it checks. */

export function choiceQuestion(overrides: Partial<DailyQuestion> = {}): DailyQuestion {
  return {
    id: 'q-choice',
    text: 'How do you take your tea?',
    type: 'multiple_choice',
    options: ['Green', 'Black', 'Oolong'],
    numericUnit: null,
    minValue: null,
    maxValue: null,
    imageUrl: null,
    userAnswer: null,
    ...overrides,
  };
}

export function numericQuestion(overrides: Partial<DailyQuestion> = {}): DailyQuestion {
  return {
    id: 'q-numeric',
    text: 'How many cups a day?',
    type: 'numeric',
    options: [],
    numericUnit: 'cups',
    minValue: 0,
    maxValue: 20,
    imageUrl: null,
    userAnswer: null,
    ...overrides,
  };
}

export function questionResults(overrides: Partial<QuestionResults> = {}): QuestionResults {
  return {
    questionId: 'q-choice',
    type: 'multiple_choice',
    totalAnswers: 0,
    optionCounts: {},
    demographicBreakdown: {},
    numericStats: null,
    userAnswer: null,
    crowdVerdict: null,
    weighted: null,
    weightedWithheld: null,
    numericVerdict: null,
    trend: null,
    places: { byCountry: { total: 0, available: false, groups: [] }, city: null },
    friends: [],
    ...overrides,
  };
}
