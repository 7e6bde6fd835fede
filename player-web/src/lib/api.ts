import { createApiClient } from '@daily-tea/shared/api-client/client';

/** The player app talks to the API on its own origin (npm start / wrangler dev serve both). */
export const api = createApiClient({ baseUrl: '', credentials: 'include' });
