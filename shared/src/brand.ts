/** The one brand config (product.md#brand): share cards and every marketing template read it. */
export const BRAND = {
  name: 'Daily Tea',
  handle: '@dailytea',
  site: 'dailytea.app',
  tagline: 'Spill your take. See the tea.',
} as const;
