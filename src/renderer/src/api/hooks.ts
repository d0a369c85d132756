// The one react-query binding over the contract: server state lives here, nowhere else.
import { useMutation, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { CallInput, CallName, CallOutput } from '../../../shared/ipc/contract';
import { call, type IpcCallError } from './transport';

export function useCall<N extends CallName>(
  name: N,
  input: CallInput<N>,
  options: Omit<UseQueryOptions<CallOutput<N>, IpcCallError>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery<CallOutput<N>, IpcCallError>({ queryKey: [name, input], queryFn: () => call(name, input), ...options });
}

export function useMutate<N extends CallName>(name: N) {
  return useMutation<CallOutput<N>, IpcCallError, CallInput<N>>({ mutationFn: (input) => call(name, input) });
}
