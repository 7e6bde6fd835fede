import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The lint rule that keeps shared/src/domain pure (eslint.config.js): it must fire, and the domain must pass it. */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function rulesHit(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}shared/src/domain/probe.ts` });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('shared/src/domain purity (eslint)', () => {
  it('refuses the API client, React and network calls', async () => {
    expect(
      await rulesHit("import { ApiError } from '../api-client/api-error';\nexport const a = ApiError;\n"),
    ).toEqual([expect.stringMatching(/^no-restricted-imports: .*api-client/)]);
    expect(await rulesHit("import { useState } from 'react';\nexport const a = useState;\n")).toEqual([
      expect.stringMatching(/^no-restricted-imports: 'react'/),
    ]);
    expect(await rulesHit("export const load = () => fetch('/api/admin/days/2026-01-01');\n")).toEqual([
      expect.stringMatching(/^no-restricted-globals: Unexpected use of 'fetch'/),
    ]);
  }, 60_000);

  it('passes the domain as it is', async () => {
    const results = await eslint.lintFiles([`${root}shared/src/domain/*.ts`]);
    expect(results.flatMap((r) => r.messages.map((m) => `${r.filePath}: ${m.ruleId} ${m.message}`))).toEqual(
      [],
    );
  }, 60_000);
});
