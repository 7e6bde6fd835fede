import { Hono } from 'hono';
import type { Methodology } from '@daily-tea/shared/contracts/weighting';
import {
  MIN_EFFECTIVE_SAMPLE,
  WEIGHT_TRIM_BOUNDS,
  WEIGHTING_IN_SCHEME,
  WEIGHTING_LEFT_OUT,
  WEIGHTING_SCHEME,
  WEIGHTING_SOURCES,
  WEIGHTING_TARGETS,
} from '@daily-tea/shared/domain/weighting-targets';
import { CONFIDENCE_LEVEL } from '@daily-tea/shared/domain/weighting';
import type { AppEnv } from '../app-env';

const body: Methodology = {
  scheme: WEIGHTING_SCHEME,
  targets: WEIGHTING_TARGETS,
  sources: WEIGHTING_SOURCES.map((s) => ({ ...s, margins: [...s.margins] })),
  minEffectiveSample: MIN_EFFECTIVE_SAMPLE,
  trimBounds: { ...WEIGHT_TRIM_BOUNDS },
  confidenceLevel: CONFIDENCE_LEVEL,
  inScheme: [...WEIGHTING_IN_SCHEME],
  leftOut: [...WEIGHTING_LEFT_OUT],
};

/** GET /api/methodology (product.md#weighted-results): how results are weighted; public, the same for everyone. */
export const methodologyRoutes = new Hono<AppEnv>().get('/methodology', (c) => c.json(body));
