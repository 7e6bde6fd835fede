// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESULTS_RELOAD_DELAY_MS, RESULTS_RELOAD_EXTRA_MS } from '@daily-tea/shared/domain/constants';
import { withQueryClient } from '../../../lib/hooks.test-kit';
import { queryKeys } from '../../../lib/queries';
import { createQueryClient } from '../../../lib/query-client';
import { useResultsReload } from './get-question-results';

vi.mock('../../../lib/api', () => ({ api: { getByKey: vi.fn() } }));

let client: ReturnType<typeof createQueryClient>;
beforeEach(() => {
  vi.useFakeTimers();
  client = createQueryClient();
});
afterEach(() => {
  vi.useRealTimers();
  client.clear();
});

const invalidated = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.map(([filters]) => (filters as { queryKey: readonly unknown[] }).queryKey);

describe('useResultsReload', () => {
  it('reloads today’s topics after 800 ms, then every question’s results 200 ms later', () => {
    const spy = vi.spyOn(client, 'invalidateQueries');
    renderHook(() => useResultsReload(['q-1', 'q-2']), { wrapper: withQueryClient(client) });

    vi.advanceTimersByTime(RESULTS_RELOAD_DELAY_MS - 1);
    expect(spy).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(invalidated(spy)).toEqual([queryKeys.dailyTopics]);
    vi.advanceTimersByTime(RESULTS_RELOAD_EXTRA_MS);
    expect(invalidated(spy)).toEqual([
      queryKeys.dailyTopics,
      queryKeys.questionResults('q-1'),
      queryKeys.questionResults('q-2'),
    ]);
  });

  it('reloads once per set of questions, not on every render, and nothing after the screen closes', () => {
    const spy = vi.spyOn(client, 'invalidateQueries');
    const { rerender, unmount } = renderHook(({ ids }) => useResultsReload(ids), {
      wrapper: withQueryClient(client),
      initialProps: { ids: ['q-1'] },
    });
    vi.advanceTimersByTime(RESULTS_RELOAD_DELAY_MS / 2);
    rerender({ ids: ['q-1'] });
    vi.advanceTimersByTime(RESULTS_RELOAD_DELAY_MS / 2 + RESULTS_RELOAD_EXTRA_MS);
    expect(spy).toHaveBeenCalledTimes(2);

    rerender({ ids: ['q-1', 'q-3'] });
    unmount();
    vi.advanceTimersByTime(RESULTS_RELOAD_DELAY_MS + RESULTS_RELOAD_EXTRA_MS);
    expect(spy).toHaveBeenCalledTimes(2);
  });
});
