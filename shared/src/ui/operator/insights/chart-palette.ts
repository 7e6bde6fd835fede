import { useEffect, useState, type RefObject } from 'react';

/**
 * Series and axis colours for the Insights charts, chosen for the surface the chart is drawn on: SVG attributes
 * cannot take the theme's CSS classes, so the chart reads its card's background once mounted and again when
 * the colour scheme or the root's classes change, and picks the light or the dark palette (both pass WCAG AA
 * for text on their surface). Legible in either theme without the console knowing which one is active.
 */
export type ChartPalette = {
  players: string;
  newPlayers: string;
  answers: string;
  axis: string;
  grid: string;
  label: string;
};

export const LIGHT_PALETTE: ChartPalette = {
  players: '#7131e9', // brand-600
  newPlayers: '#d95706', // tea-600
  answers: '#047857', // emerald-700
  axis: '#475569', // slate-600
  grid: '#e2e8f0', // slate-200
  label: '#1e293b', // slate-800
};

export const DARK_PALETTE: ChartPalette = {
  players: '#a27ffc', // brand-400
  newPlayers: '#fcb84d', // tea-300
  answers: '#34d399', // emerald-400
  axis: '#cbd5e1', // slate-300
  grid: '#334155', // slate-700
  label: '#f1f5f9', // slate-100
};

/** Relative luminance (0 black … 1 white) of a CSS `rgb()`/`rgba()` colour; null when transparent or unknown. */
export function luminance(color: string): number | null {
  const m = /rgba?\(([\d.]+)[ ,]+([\d.]+)[ ,]+([\d.]+)(?:[ ,/]+([\d.]+))?\)/.exec(color);
  if (!m || (m[4] !== undefined && Number(m[4]) === 0)) return null;
  const [r, g, b] = [m[1], m[2], m[3]].map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The first opaque background from `el` up: the surface the chart is drawn on. */
function surfaceLuminance(el: Element | null): number {
  for (let node = el; node; node = node.parentElement) {
    const l = luminance(getComputedStyle(node).backgroundColor);
    if (l !== null) return l;
  }
  return 1;
}

export function useChartPalette(ref: RefObject<HTMLElement | null>): ChartPalette {
  const [palette, setPalette] = useState(LIGHT_PALETTE);
  useEffect(() => {
    const update = () => setPalette(surfaceLuminance(ref.current) < 0.4 ? DARK_PALETTE : LIGHT_PALETTE);
    update();
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    media.addEventListener('change', update);
    const observer = new MutationObserver(update);
    observer.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['class', 'data-theme', 'style'],
    });
    return () => {
      media.removeEventListener('change', update);
      observer.disconnect();
    };
  }, [ref]);
  return palette;
}
