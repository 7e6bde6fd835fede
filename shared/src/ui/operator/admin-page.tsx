import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import type { UnlockResult } from '../../contracts/admin';
import type { ExportTarget } from '../export-target';
import { useConsoleDocument } from '../console-document';
import { useOperatorSession } from '../operator-token';
import { AdminConsole } from './admin-console';
import { AdminGate } from './admin-gate';

export type AdminPageProps = {
  exportTarget: ExportTarget;
  /** '' (default) for the same-origin web app; the API origin in the desktop console. */
  apiBaseUrl?: string;
  /** Leaves the admin area ("Back to Home" on the gate, "Exit Admin" in the console). Without it, exit locks. */
  onExit?: () => void;
  exitLabel?: string;
};

const EXPIRED_NOTICE = 'Your admin session has expired. Please enter the password again.';

/**
 * The admin area: server-checked password gate, then the console. The bearer token lives only in this
 * page's jotai store (useOperatorSession, product.md#operators), so a reload or unmount locks it again.
 */
export function AdminPage(props: AdminPageProps) {
  useConsoleDocument();
  const session = useOperatorSession({ apiBaseUrl: props.apiBaseUrl, expiredNotice: EXPIRED_NOTICE });
  const { token, api, queryClient } = session;
  // Who unlocked and what their token opens (an editor's console hides users, staff and sessions); in memory
  // with the token.
  const [operator, setOperator] = useState<Pick<UnlockResult, 'actor' | 'role'>>({
    actor: 'owner',
    role: 'admin',
  });

  return (
    <QueryClientProvider client={queryClient}>
      {token ? (
        <AdminConsole
          api={api}
          operator={operator}
          exportTarget={props.exportTarget}
          exitLabel={props.exitLabel ?? 'Exit Admin'}
          onExit={() => {
            session.leave((client) => client.admin.endSession());
            (props.onExit ?? session.lock)();
          }}
        />
      ) : (
        <AdminGate
          api={session.gateApi}
          notice={session.notice}
          onBack={props.onExit}
          onUnlocked={(result) => {
            setOperator({ actor: result.actor, role: result.role });
            session.unlock(result.token);
          }}
        />
      )}
    </QueryClientProvider>
  );
}
