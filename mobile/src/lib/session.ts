// Who is signed in: the Firebase user (known once Auth has restored its session) and the
// operator profile stored at sign-in. A "signed-in operator" has both, for the same uid.
import { useSyncExternalStore } from 'react';
import { clearSessionKeys, readProfile, subscribeStorage, type StoredProfile } from './storage';

export interface SessionUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  emailVerified: boolean;
}

export interface SessionState {
  /** Firebase has restored (or not) the previous session. */
  ready: boolean;
  user: SessionUser | null;
  profile: StoredProfile | null;
}

let state: SessionState = { ready: false, user: null, profile: readProfile() };
const listeners = new Set<() => void>();

function set(next: Partial<SessionState>): void {
  state = { ...state, ...next };
  listeners.forEach((l) => l());
}

subscribeStorage(() => set({ profile: readProfile() }));

export function getSession(): SessionState {
  return state;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** True when the stored profile belongs to the signed-in Firebase user. */
export function isSignedInOperator(s: SessionState): boolean {
  return Boolean(s.user && s.profile && s.profile.uid === s.user.uid);
}

/** Whether the device has a stored operator (a session worth waiting for Firebase to restore). */
export function hasStoredOperator(s: SessionState): boolean {
  return s.profile !== null;
}

/** What Firebase said about the user (it has restored, or not, the previous session). */
export function updateSessionUser(user: SessionUser | null): void {
  // A profile left behind by a session that Firebase no longer has is dropped.
  if (!user && readProfile()) clearSessionKeys();
  set({ ready: true, user });
}

let started: Promise<void> | null = null;

/** Loads Firebase and follows the auth state. Safe to call more than once. */
export function startSession(): Promise<void> {
  if (!started) {
    started = import('./firebase').then(({ auth }) => {
      auth.onAuthStateChanged((u) => {
        const user: SessionUser | null = u
          ? { uid: u.uid, email: u.email, displayName: u.displayName, emailVerified: u.emailVerified }
          : null;
        updateSessionUser(user);
      });
    });
  }
  return started;
}
