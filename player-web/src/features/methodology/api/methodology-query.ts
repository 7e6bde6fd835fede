import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queries';

/** GET /api/methodology: how results are weighted (targets, sources, thresholds); the same for everyone. */
export const methodologyQuery = () =>
  queryOptions({ queryKey: queryKeys.methodology, queryFn: () => api.methodology() });
