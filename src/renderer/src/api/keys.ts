// Query keys come from the contract's call names, here only: a call's answers are cached under
// [name, input] (paged ones under [name, input, 'pages']), so [name] matches all of them.
import { focusManager, type QueryClient } from '@tanstack/react-query';
import type { CallInput, CallName } from '@shared/ipc/contract';

export type CallKey<N extends CallName = CallName> = readonly [N] | readonly [N, CallInput<N>] | readonly [N, CallInput<N>, 'pages'];

/** The key of one answer of a call, or with no input the prefix that matches every answer of it. */
export function keyOf<N extends CallName>(name: N, input?: CallInput<N>): CallKey<N> {
  return input === undefined ? [name] : [name, input];
}

/** The key of a paged call's growing list. */
export function pagesKeyOf<N extends CallName>(name: N, input: CallInput<N>): CallKey<N> {
  return [name, input, 'pages'];
}

/**
 * Which answers marked stale are asked again now: those on screen, unless the window is hidden
 * (a hidden window asks nothing; its screens ask when they poll or are told again once shown).
 */
export function refetchNow(): 'active' | 'none' {
  return focusManager.isFocused() ? 'active' : 'none';
}

/**
 * Marks every cached answer of these calls stale. Those on screen are asked again now (refetchNow);
 * the rest are asked again when a screen next shows them, even within the usual freshness window.
 */
export function staleCalls(client: QueryClient, names: Iterable<CallName>): Promise<void> {
  return Promise.all([...new Set(names)].map((name) => client.invalidateQueries({ queryKey: keyOf(name), refetchType: refetchNow() }))).then(() => undefined);
}
