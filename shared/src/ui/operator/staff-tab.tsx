import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { ApiClient } from '../../api-client/client';
import {
  CreateStaffInputSchema,
  ResetStaffPasswordInputSchema,
  type StaffMember,
  type StaffRole,
} from '../../contracts/admin';
import { toast } from '../toaster';
import { adminKeys } from './admin-keys';
import { formatDateTime } from './format';
import {
  Badge,
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  ErrorText,
  OperatorDialog,
  Spinner,
  inputClass,
  labelClass,
} from './primitives';

const staffKey = ['/api/admin/staff'] as const;
const ROLE_LABELS: Record<StaffRole, string> = { editor: 'Editor', marketing: 'Marketing' };
const ROLE_HINTS: Record<StaffRole, string> = {
  editor: 'Topics, questions, schedule, responses, insights and the marketing tools; not users or staff.',
  marketing: 'The marketing tools only (/marketing).',
};

/** The first message of a failed schema check, or null. */
function firstIssue(result: { success: boolean; error?: { issues: { message: string }[] } }): string | null {
  return result.success ? null : (result.error?.issues[0]?.message ?? 'Check the form');
}

/**
 * Staff (product.md#operators, the owner only): named editors and marketers with their own passwords. Adding, resetting a
 * password and removing are audited; a reset or a removal ends the member's open sessions at once.
 */
export function StaffTab({ api }: { api: ApiClient }) {
  const queryClient = useQueryClient();
  const staff = useQuery({ queryKey: staffKey, queryFn: () => api.admin.staff() });
  const [resetting, setResetting] = useState<StaffMember | null>(null);
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: staffKey }),
      queryClient.invalidateQueries({ queryKey: adminKeys.auditAll }),
    ]);
  const remove = useMutation({
    mutationFn: (member: StaffMember) => api.admin.removeStaff(member.id),
    meta: { errorTitle: 'Failed to remove staff member' },
    onSuccess: async (_, member) => {
      toast({
        title: `${member.name} removed`,
        description: 'Their sessions have ended.',
        variant: 'success',
      });
      setRemoving(null);
      await refresh();
    },
  });

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_1fr] lg:items-start">
      <AddStaffCard api={api} onAdded={refresh} />
      <Card title="Staff" description="Everyone who signs in with their own name">
        {staff.isPending ? (
          <Spinner label="Loading staff..." />
        ) : staff.error ? (
          <ErrorText error={staff.error} />
        ) : staff.data.staff.length === 0 ? (
          <EmptyState>No staff accounts yet. The owner signs in with the role passwords.</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Staff members">
            {staff.data.staff.map((member) => (
              <li key={member.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-all text-slate-900">{member.name}</p>
                  <p className="text-xs text-slate-600">Added {formatDateTime(member.createdAt)}</p>
                </div>
                <Badge tone={member.role === 'editor' ? 'brand' : 'tea'}>{ROLE_LABELS[member.role]}</Badge>
                <div className="flex gap-2">
                  <Button size="sm" className="min-h-11 sm:min-h-8" onClick={() => setResetting(member)}>
                    Reset password<span className="sr-only"> of {member.name}</span>
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    className="min-h-11 sm:min-h-8"
                    onClick={() => setRemoving(member)}
                  >
                    Remove<span className="sr-only"> {member.name}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <ResetPasswordDialog api={api} member={resetting} onClose={() => setResetting(null)} onDone={refresh} />
      <ConfirmDialog
        open={removing !== null}
        message={
          removing
            ? `Remove ${removing.name}? Their open sessions end at once and they can no longer sign in.`
            : ''
        }
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}

function AddStaffCard({ api, onAdded }: { api: ApiClient; onAdded: () => Promise<unknown> }) {
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRole>('editor');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ids = { name: useId(), role: useId(), password: useId(), error: useId(), hint: useId() };
  const create = useMutation({
    mutationFn: () => api.admin.createStaff({ name: name.trim(), role, password }),
    onSuccess: async (member) => {
      toast({
        title: `${member.name} added`,
        description: 'They sign in with their name and password.',
        variant: 'success',
      });
      setName('');
      setPassword('');
      await onAdded();
    },
    onError: (err) => setError(err instanceof Error ? err.message : 'Could not add the staff member'),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const issue = firstIssue(CreateStaffInputSchema.safeParse({ name: name.trim(), role, password }));
    setError(issue);
    if (!issue) create.mutate();
  }

  return (
    <Card title="Add staff member" description="An editor or a marketer with their own password">
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <label htmlFor={ids.name} className={labelClass}>
            Name
          </label>
          <input
            id={ids.name}
            value={name}
            onChange={(e) => setName(e.target.value)}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="e.g. thandi"
            aria-describedby={error ? ids.error : undefined}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={ids.role} className={labelClass}>
            Role
          </label>
          <select
            id={ids.role}
            value={role}
            onChange={(e) => setRole(e.target.value as StaffRole)}
            aria-describedby={ids.hint}
            className={inputClass}
          >
            <option value="editor">Editor</option>
            <option value="marketing">Marketing</option>
          </select>
          <p id={ids.hint} className="mt-1 text-xs text-slate-600">
            {ROLE_HINTS[role]}
          </p>
        </div>
        <div>
          <label htmlFor={ids.password} className={labelClass}>
            Password
          </label>
          <input
            id={ids.password}
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="new-password"
            placeholder="At least 8 characters"
            className={inputClass}
          />
        </div>
        {error ? (
          <p id={ids.error} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <Button type="submit" variant="primary" className="w-full" disabled={create.isPending}>
          {create.isPending ? 'Adding...' : 'Add staff member'}
        </Button>
      </form>
    </Card>
  );
}

function ResetPasswordDialog(props: {
  api: ApiClient;
  member: StaffMember | null;
  onClose: () => void;
  onDone: () => Promise<unknown>;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const errorId = useId();
  const close = () => {
    setPassword('');
    setError(null);
    props.onClose();
  };
  const reset = useMutation({
    mutationFn: (member: StaffMember) => props.api.admin.resetStaffPassword(member.id, password),
    onSuccess: async (member) => {
      toast({
        title: `New password for ${member.name}`,
        description: 'Their sessions have ended.',
        variant: 'success',
      });
      close();
      await props.onDone();
    },
    onError: (err) => setError(err instanceof Error ? err.message : 'Could not reset the password'),
  });

  return (
    <OperatorDialog
      open={props.member !== null}
      onClose={close}
      title={props.member ? `Reset the password of ${props.member.name}` : 'Reset password'}
      description="Their open sessions end; they sign in again with the new password."
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const issue = firstIssue(ResetStaffPasswordInputSchema.safeParse({ password }));
          setError(issue);
          if (!issue && props.member) reset.mutate(props.member);
        }}
      >
        <label htmlFor={fieldId} className={labelClass}>
          New password
        </label>
        <input
          id={fieldId}
          type="password"
          autoFocus
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={inputClass}
        />
        {error ? (
          <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <div className="mt-6 flex justify-end gap-2">
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={reset.isPending}>
            {reset.isPending ? 'Saving...' : 'Set password'}
          </Button>
        </div>
      </form>
    </OperatorDialog>
  );
}
