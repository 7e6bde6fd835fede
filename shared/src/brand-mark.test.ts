import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BRAND_MARK, brandIconSvg } from './brand-mark';

const ICONS = join(import.meta.dirname, '..', '..', 'player-web', 'public', 'icons');

describe('the brand mark', () => {
  it('is what the committed app icon draws (npm run icons regenerates it)', () => {
    expect(readFileSync(join(ICONS, 'icon.svg'), 'utf8')).toBe(`${brandIconSvg({ size: 512 })}\n`);
  });

  it('draws every part of the mark, scaled into the tile', () => {
    const svg = brandIconSvg({ size: 100, scale: 0.5, radius: 0 });
    for (const d of [BRAND_MARK.body, ...BRAND_MARK.strokes, ...BRAND_MARK.steam]) expect(svg).toContain(d);
    expect(svg).toContain('rx="0"');
    expect(svg).toContain('translate(25 25) scale(1.042)');
  });
});
