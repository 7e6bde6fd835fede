// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PREFERENCES } from '@daily-tea/shared/contracts/preference-defaults';
import type { Preferences } from '@daily-tea/shared/contracts/preferences';
import { api } from './api';
import { player, withQueryClient } from './hooks.test-kit';
import { usePreferences, useUpdatePreferences } from './preferences';
import { queryKeys } from './queries';
import { createQueryClient } from './query-client';

vi.mock('./api', () => ({ api: { updatePreferences: vi.fn(), session: vi.fn(), getByKey: vi.fn() } }));
vi.mock('@daily-tea/shared/ui/toaster', () => ({ toast: vi.fn() }));

let client: ReturnType<typeof createQueryClient>;
beforeEach(() => {
  client = createQueryClient();
});
afterEach(() => {
  client.clear();
  vi.clearAllMocks();
});

const preferencesOf = () =>
  client.getQueryData<ReturnType<typeof player> | null>(queryKeys.user)?.preferences;

describe('usePreferences', () => {
  it('reads the defaults while nobody is signed in, then the player’s own', async () => {
    vi.mocked(api.session).mockResolvedValue(null);
    const { result } = renderHook(() => usePreferences(), { wrapper: withQueryClient(client) });
    expect(result.current).toEqual(DEFAULT_PREFERENCES);
    await waitFor(() => expect(client.getQueryState(queryKeys.user)?.status).toBe('success'));
    expect(result.current).toEqual(DEFAULT_PREFERENCES);

    act(() =>
      client.setQueryData(queryKeys.user, player({ preferences: { ...DEFAULT_PREFERENCES, theme: 'dark' } })),
    );
    await waitFor(() => expect(result.current.theme).toBe('dark'));
  });
});

describe('useUpdatePreferences', () => {
  it('shows the change at once and keeps the server’s answer', async () => {
    client.setQueryData(queryKeys.user, player());
    let answer!: (p: Preferences) => void;
    vi.mocked(api.updatePreferences).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { result } = renderHook(() => useUpdatePreferences(), { wrapper: withQueryClient(client) });

    act(() => result.current.mutate({ guessTheCrowd: true }));
    await waitFor(() => expect(preferencesOf()?.guessTheCrowd).toBe(true));

    answer({ ...DEFAULT_PREFERENCES, guessTheCrowd: true, theme: 'light' });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(preferencesOf()).toEqual({ ...DEFAULT_PREFERENCES, guessTheCrowd: true, theme: 'light' });
  });

  it('goes back to what was there, with the "Preference not saved" toast, when the server refuses', async () => {
    const { toast } = await import('@daily-tea/shared/ui/toaster');
    client.setQueryData(queryKeys.user, player());
    vi.mocked(api.updatePreferences).mockRejectedValue(new Error('Something went wrong'));
    const { result } = renderHook(() => useUpdatePreferences(), { wrapper: withQueryClient(client) });

    act(() => result.current.mutate({ shareAnswersWithFriends: false }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(preferencesOf()).toEqual(DEFAULT_PREFERENCES);
    expect(toast).toHaveBeenCalledWith({
      title: 'Preference not saved',
      description: 'Something went wrong',
      variant: 'destructive',
    });
  });
});
