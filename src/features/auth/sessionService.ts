import type { QueryClient } from '@tanstack/react-query';
import { createActor, waitFor, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { actingEntityStore, sessionEntityStore } from '../../api/actingEntity';
import { login as loginCall, revokeRefreshToken } from '../../api/calls/auth';
import { brandQuery } from '../../api/calls/brand';
import { myEntitiesQuery } from '../../api/calls/myEntities';
import { profileQuery } from '../../api/calls/profile';
import { configureClient, type AuthErrorStatus } from '../../api/client';
import { ApiError, ValidationError, errorMessage } from '../../api/httpErrors';
import type { Profile } from '../../api/schemas/session';
import { tokenStore } from '../../api/tokens';
import { sessionMachine } from '../../machines/session';

// Runs the session statechart and performs the effects it leaves out (SPEC §4): it reports every
// outcome back to the machine as an event, so the machine alone says what state the session is in.

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

export interface SessionService {
  actor: SessionActor;
  // Resolves once the stored tokens have been checked (at most once per page load).
  ensureRestored(): Promise<SessionSnapshot>;
  login(email: string, password: string): Promise<boolean>;
  logout(): Promise<void>;
  expire(status: AuthErrorStatus): void;
}

export function createSessionService(queryClient: QueryClient): SessionService {
  const actor = createActor(sessionMachine).start();
  let restore: Promise<unknown> | null = null;

  // Everything the server told this user; the public brand stays.
  function forgetEverything(): void {
    tokenStore.clear();
    sessionEntityStore.clear();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== brandQuery.queryKey[0] });
  }

  async function loadSessionData(): Promise<Profile> {
    try {
      const [profile] = await Promise.all([
        queryClient.fetchQuery(profileQuery),
        queryClient.fetchQuery(myEntitiesQuery),
      ]);
      return profile;
    } catch (error) {
      // A remembered acting entity the user may no longer act for: act for their own entity instead.
      if (!(error instanceof ApiError && error.status === 403 && actingEntityStore.get())) throw error;
      actingEntityStore.clear();
      return loadSessionData();
    }
  }

  async function runRestore(): Promise<void> {
    if (!tokenStore.hasAny()) {
      actor.send({ type: 'session.restoreFailed' });
      return;
    }
    try {
      const profile = await loadSessionData();
      actor.send({ type: 'session.restored', profile });
    } catch (error) {
      // A 401 has already expired the session through the client hook; anything else ends it here.
      console.error('Could not restore the session.', error);
      forgetEverything();
      actor.send({ type: 'session.restoreFailed' });
    }
  }

  function expire(status: AuthErrorStatus): void {
    const event = { type: 'session.expire', status } as const;
    if (!actor.getSnapshot().can(event)) return;
    forgetEverything();
    actor.send(event);
  }

  configureClient({ onAuthError: expire });

  return {
    actor,

    async ensureRestored() {
      restore ??= runRestore().then(() => waitFor(actor, (s) => !s.matches('restoring')));
      await restore;
      // The state now, not the one the restore ended in: a login or expiry may have followed it.
      return actor.getSnapshot();
    },

    async login(email, password) {
      if (!actor.getSnapshot().can({ type: 'session.login' })) return false;
      actor.send({ type: 'session.login' });
      try {
        forgetEverything();
        // A new user starts acting for their own entity.
        actingEntityStore.clear();
        tokenStore.save(await loginCall({ email, password }));
        const profile = await loadSessionData();
        actor.send({ type: 'session.loginSucceeded', profile });
        return true;
      } catch (error) {
        forgetEverything();
        actor.send({
          type: 'session.loginFailed',
          error: errorMessage(error),
          fieldErrors: error instanceof ValidationError ? error.fields : {},
        });
        return false;
      }
    },

    async logout() {
      const refreshToken = tokenStore.refresh();
      if (!actor.getSnapshot().can({ type: 'session.logout' })) {
        forgetEverything();
        return;
      }
      actor.send({ type: 'session.logout' });
      try {
        if (refreshToken) await revokeRefreshToken(refreshToken);
        forgetEverything();
        actingEntityStore.clear();
        actor.send({ type: 'session.loggedOut' });
      } catch (error) {
        // SPEC §8: a logout failure is only logged; the session ends all the same.
        console.error('Logout failed.', error);
        forgetEverything();
        actingEntityStore.clear();
        actor.send({ type: 'session.logoutFailed', error: errorMessage(error) });
      }
    },

    expire,
  };
}
