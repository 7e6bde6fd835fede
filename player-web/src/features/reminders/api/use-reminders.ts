import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import {
  currentSubscription,
  notificationPermission,
  pushReady,
  subscribeBrowser,
  unsubscribeBrowser,
} from './push-browser';

/**
 * The reminder's state and its two verbs. Keys live here (feature-local): nothing else reads them.
 * The server is the truth for "subscribed" (a browser subscription the server dropped after a 410 counts
 * as off); the browser for support and permission.
 */
export const reminderKeys = {
  config: ['/api/push/config'] as const,
  state: ['reminders', 'state'] as const,
};

export type ReminderState = {
  supported: boolean;
  enabled: boolean;
  permission: NotificationPermission;
  subscribed: boolean;
};

const configQuery = () => queryOptions({ queryKey: reminderKeys.config, queryFn: () => api.push.config() });

export function useReminderState() {
  const config = useQuery(configQuery());
  return useQuery({
    queryKey: reminderKeys.state,
    enabled: config.isSuccess,
    queryFn: async (): Promise<ReminderState> => {
      const supported = await pushReady();
      const enabled = config.data?.enabled ?? false;
      if (!supported || !enabled)
        return { supported, enabled, permission: notificationPermission(), subscribed: false };
      const subscription = await currentSubscription();
      const subscribed = subscription ? (await api.push.state(subscription.endpoint)).subscribed : false;
      return { supported, enabled, permission: notificationPermission(), subscribed };
    },
  });
}

export function useEnableReminders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const config = await client.fetchQuery(configQuery());
      if (!config.enabled || !config.publicKey) throw new Error('Reminders are not available on this server');
      return api.push.subscribe(await subscribeBrowser(config.publicKey));
    },
    onSettled: () => client.invalidateQueries({ queryKey: reminderKeys.state }),
  });
}

export function useDisableReminders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const endpoint = await unsubscribeBrowser();
      return endpoint ? api.push.unsubscribe(endpoint) : { subscribed: false };
    },
    onSettled: () => client.invalidateQueries({ queryKey: reminderKeys.state }),
  });
}
