import type { Member } from '@bm/core';
import { hasRole } from '@bm/core';
import { useSyncExternalStore } from 'react';

export interface AuthState {
  token: string | null;
  member: Member | null;
  /** Role names from /roles/my, compared case-insensitively. */
  roles: string[];
  rememberMe: boolean;
  /** false while a stored token is being checked at start-up. */
  initialised: boolean;
  /** The administrator's own username while impersonating someone. */
  impersonatorUsername: string | null;
  /** Loading the member failed (network or server error): the session stays, the shell offers Retry. */
  memberError: string | null;
}

export type AuthStatus = 'anonymous' | 'initialising' | 'authenticated';

export const SIGNED_OUT: AuthState = {
  token: null,
  member: null,
  roles: [],
  rememberMe: false,
  initialised: true,
  impersonatorUsername: null,
  memberError: null,
};

let state: AuthState = SIGNED_OUT;
const listeners = new Set<() => void>();

export function getAuthState(): AuthState {
  return state;
}

export function setAuthState(patch: Partial<AuthState>): void {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

/** Replace the whole state (sign-out, tests). */
export function resetAuthState(next: AuthState = SIGNED_OUT): void {
  state = next;
  for (const l of listeners) l();
}

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The state once a stored token has been checked (at once when it already has). */
export function whenAuthSettled(): Promise<AuthState> {
  if (state.initialised) return Promise.resolve(state);
  return new Promise((resolve) => {
    const stop = subscribeAuth(() => {
      if (!state.initialised) return;
      stop();
      resolve(state);
    });
  });
}

export function statusOf(s: AuthState): AuthStatus {
  if (!s.token) return 'anonymous';
  // A member that failed to load is not known yet either: the session is kept, not shown as signed out.
  if (!s.initialised || (!s.member && s.memberError)) return 'initialising';
  return s.member ? 'authenticated' : 'anonymous';
}

export function useAuth(): AuthState {
  return useSyncExternalStore(subscribeAuth, getAuthState, getAuthState);
}

export function useAuthStatus(): AuthStatus {
  return statusOf(useAuth());
}

export function useCurrentMember(): Member | null {
  return useAuth().member;
}

export function useIsAdmin(): boolean {
  return hasRole(useAuth().roles, 'administrator');
}

/** Moderator or administrator. */
export function useIsStaff(): boolean {
  const { roles } = useAuth();
  return hasRole(roles, 'administrator') || hasRole(roles, 'moderator');
}
