import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error — a plain ES module script without type declarations
import { darkCss, darkDeclarations, OUTPUT, readInputs } from './dark-palette.mjs';

const [tailwind, own, sources] = readInputs() as [string, string, string];

describe('the dark palette (shared/src/ui/theme-dark.css)', () => {
  it('is what scripts/dark-palette.mjs writes from the palettes and the scales in use (run it after a change)', () => {
    expect(readFileSync(OUTPUT, 'utf8')).toBe(darkCss(tailwind, own, sources));
  });

  it('mirrors every shade of a scale and turns white into the dark surface', () => {
    const lines = darkDeclarations(tailwind, own) as string[];
    const value = (name: string) => lines.find((l) => l.startsWith(`--color-${name}:`))?.split(': ')[1];
    const light = (name: string) =>
      new RegExp(`--color-${name}:\\s*([^;]+);`).exec(`${tailwind}\n${own}`)?.[1]?.trim();
    expect(value('stone-50')).toBe(`${light('stone-950')};`);
    expect(value('stone-500')).toBe(`${light('stone-500')};`);
    expect(value('brand-700')).toBe(`${light('brand-300')};`);
    expect(value('tea-50')).toBe(`${light('tea-900')};`);
    expect(value('white')).toBe(`${light('stone-900')};`);
  });
});
