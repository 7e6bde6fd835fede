import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { User } from '@daily-tea/shared/contracts/auth';
import { DEFAULT_PREFERENCES } from '@daily-tea/shared/contracts/preference-defaults';

/** Renders hooks inside the app's query client (lib/query-client.ts), as the app's provider does. */
export function withQueryClient(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

/** A signed-in player as GET /api/session returns one; each test overrides what it checks. */
export function player(overrides: Partial<User> = {}): User {
  return {
    id: 'u-1',
    username: 'jane',
    isGuest: false,
    gender: 'female',
    ageBracket: '25-34',
    raceBracket: 'black',
    area: null,
    country: 'South Africa',
    city: 'Durban',
    province: 'kwazulu_natal',
    currentStreak: 3,
    longestStreak: 5,
    lastActivityDate: '2026-11-24',
    streakFreezes: 0,
    freezesSpentToday: 0,
    createdAt: '2026-11-01T08:00:00.000Z',
    preferences: DEFAULT_PREFERENCES,
    ...overrides,
  };
}
