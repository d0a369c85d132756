// The one react-query binding over the contract: server state lives here, nowhere else.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient, type UseQueryOptions } from '@tanstack/react-query';
import type { CallInput, CallName, CallOutput } from '@shared/ipc/contract';
import { keyOf, pagesKeyOf } from './keys';
import { liveCovers, useLiveVersion } from './live';
import { call, type IpcCallError } from './transport';

type CallOptions<N extends CallName> = Omit<UseQueryOptions<CallOutput<N>, IpcCallError>, 'queryKey' | 'queryFn'>;

/**
 * One call's answer. A read the core answers from its live books does not poll while the feed
 * is live (each change refreshes it instead); it polls at the screen's interval otherwise.
 */
export function useCall<N extends CallName>(name: N, input: CallInput<N>, options: CallOptions<N> = {}) {
  useLiveVersion(name);
  const every = options.refetchInterval;
  const refetchInterval: CallOptions<N>['refetchInterval'] =
    every === undefined || every === false ? every : (q) => (liveCovers(name, input, q.state.data) ? false : typeof every === 'function' ? every(q) : every);
  return useQuery<CallOutput<N>, IpcCallError>({ queryKey: keyOf(name, input), queryFn: () => call(name, input), ...options, ...(refetchInterval !== undefined ? { refetchInterval } : {}) });
}

/**
 * Asks for a call's answer now, from an event handler, under the key `useCall` reads it by: the
 * request is out before React renders what the event changed, instead of after.
 */
export function usePrefetch(): <N extends CallName>(name: N, input: CallInput<N>) => void {
  const client = useQueryClient();
  return (name, input) => void client.prefetchQuery({ queryKey: keyOf(name, input), queryFn: () => call(name, input) });
}

export function useMutate<N extends CallName>(name: N) {
  return useMutation<CallOutput<N>, IpcCallError, CallInput<N>>({ mutationFn: (input) => call(name, input) });
}

/**
 * A paged call (offset/limit) as one growing list: its first page of `firstPage` rows (default
 * `pageSize`), the next ones of `pageSize`. The options `useCallPages` and `prefetchPages` share.
 */
function pagesQuery<N extends CallName>(name: N, input: CallInput<N>, pageSize: number, sizeOf: (page: CallOutput<N>) => number, firstPage = pageSize) {
  const asked = (offset: number): number => (offset === 0 ? firstPage : pageSize);
  return {
    queryKey: pagesKeyOf(name, input) as readonly unknown[],
    queryFn: ({ pageParam }: { pageParam: number }) => call(name, { ...input, limit: asked(pageParam), offset: pageParam } as CallInput<N>),
    initialPageParam: 0,
    getNextPageParam: (last: CallOutput<N>, _all: unknown, offset: number) => (sizeOf(last) < asked(offset) ? undefined : offset + asked(offset)),
  };
}

/** A paged call (offset/limit) as one growing list; `next` loads the following page. */
export function useCallPages<N extends CallName>(name: N, input: CallInput<N>, pageSize: number, sizeOf: (page: CallOutput<N>) => number, firstPage?: number) {
  return useInfiniteQuery<CallOutput<N>, IpcCallError, InfiniteData<CallOutput<N>>, readonly unknown[], number>(pagesQuery(name, input, pageSize, sizeOf, firstPage));
}

/** Asks for a paged call's first page now, outside React (before the first render), under the key `useCallPages` reads. */
export function prefetchPages<N extends CallName>(client: QueryClient, name: N, input: CallInput<N>, pageSize: number, sizeOf: (page: CallOutput<N>) => number, firstPage?: number): void {
  void client.prefetchInfiniteQuery<CallOutput<N>, IpcCallError, CallOutput<N>, readonly unknown[], number>(pagesQuery(name, input, pageSize, sizeOf, firstPage));
}
