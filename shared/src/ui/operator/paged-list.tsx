import { useEffect, useState, type ReactNode } from 'react';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { Page } from '../../contracts/common';
import { toast } from '../toaster';
import type { AdminMutationMeta } from './admin-keys';
import { Button, ConfirmDialog, Pager, QueryState } from './primitives';

/** Rows per page of the operator lists (users, responses, audit). */
export const OPERATOR_PAGE_SIZE = 50;

/**
 * One server page of an operator list: the offset, the query (the previous page stays on screen, dimmed,
 * while the next loads) and, when a delete empties the last page, a step back instead of an empty page.
 */
export function usePagedList<Item>(opts: {
  queryKey: (page: { limit: number; offset: number }) => QueryKey;
  fetchPage: (page: { limit: number; offset: number }) => Promise<Page<Item>>;
  refetchOnMount?: 'always';
}): { offset: number; setOffset: (offset: number) => void; page: UseQueryResult<Page<Item>> } {
  const [offset, setOffset] = useState(0);
  const bounds = { limit: OPERATOR_PAGE_SIZE, offset };
  const page = useQuery({
    queryKey: opts.queryKey(bounds),
    queryFn: () => opts.fetchPage(bounds),
    placeholderData: keepPreviousData,
    refetchOnMount: opts.refetchOnMount,
  });
  const data = page.data;
  const pageEmptied = !!data && data.items.length === 0 && offset > 0 && !page.isFetching;
  useEffect(() => {
    if (pageEmptied) setOffset((o) => Math.max(0, o - OPERATOR_PAGE_SIZE));
  }, [pageEmptied]);
  return { offset, setOffset, page };
}

/**
 * Delete with a confirmation (product.md#screens): the row's Delete button picks the item, the dialog confirms, success
 * toasts `successTitle` and refreshes what the delete changed; a failure toasts `errorTitle` (the one
 * MutationCache handler) and closes the dialog.
 */
export function useConfirmedDelete<Item>(opts: {
  remove: (item: Item) => Promise<unknown>;
  successTitle: string;
  errorTitle: string;
  invalidates: readonly QueryKey[];
}) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Item | null>(null);
  const meta: AdminMutationMeta = { errorTitle: opts.errorTitle };
  const mutation = useMutation({
    mutationFn: opts.remove,
    meta,
    onSuccess: async () => {
      toast({ title: opts.successTitle, variant: 'success' });
      setPending(null);
      await Promise.all(opts.invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: () => setPending(null),
  });
  return {
    pending,
    ask: (item: Item) => setPending(item),
    /** The confirmation dialog, with `message` for the picked item. */
    dialog: (message: (item: Item) => string) => (
      <ConfirmDialog
        open={pending !== null}
        message={pending !== null ? message(pending) : ''}
        busy={mutation.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => pending !== null && mutation.mutate(pending)}
      />
    ),
  };
}

/** A row's Delete button. */
export function DeleteButton(props: { label: string; onClick: () => void }) {
  return (
    <Button size="sm" variant="danger" onClick={props.onClick} aria-label={props.label}>
      Delete
    </Button>
  );
}

/** The page's loading, error and empty states, else its rows and the pager under them. */
export function PagedListBody<Item>(props: {
  list: { offset: number; setOffset: (offset: number) => void; page: UseQueryResult<Page<Item>> };
  loadingLabel: string;
  empty: ReactNode;
  pagerLabel: string;
  children: (items: Item[], dimmed: boolean) => ReactNode;
}) {
  const { page, offset, setOffset } = props.list;
  return (
    <QueryState
      query={page}
      loadingLabel={props.loadingLabel}
      empty={props.empty}
      isEmpty={(data) => data.items.length === 0}
    >
      {(data) => (
        <>
          {props.children(data.items, page.isPlaceholderData)}
          <Pager
            label={props.pagerLabel}
            offset={offset}
            limit={OPERATOR_PAGE_SIZE}
            total={data.total}
            onChange={setOffset}
          />
        </>
      )}
    </QueryState>
  );
}
