import { useState } from 'react';
import { atom, createStore, useAtomValue } from 'jotai';

/**
 * The operator's bearer token (DESIGN §6) as a jotai atom in a store owned by the mounted admin or marketing
 * page: components read it with `useAtomValue`, the API client's `getHeaders` reads the same store at request
 * time, and nothing else keeps a copy. The store goes with the page, so a reload or unmount locks again.
 */
const operatorTokenAtom = atom<string | null>(null);

export type OperatorToken = {
  token: string | null;
  setToken(token: string | null): void;
  /** `Authorization: Bearer …` while unlocked (for `createApiClient({ getHeaders })`). */
  authHeaders(): Record<string, string>;
};

export function useOperatorToken(): OperatorToken {
  const [session] = useState(() => {
    const store = createStore();
    return {
      store,
      setToken: (token: string | null) => store.set(operatorTokenAtom, token),
      authHeaders: (): Record<string, string> => {
        const token = store.get(operatorTokenAtom);
        return token ? { Authorization: `Bearer ${token}` } : {};
      },
    };
  });
  const token = useAtomValue(operatorTokenAtom, { store: session.store });
  return { token, setToken: session.setToken, authHeaders: session.authHeaders };
}
