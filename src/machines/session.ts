import { assign, setup } from 'xstate';

// The session lifecycle of SPEC §4. Pure on purpose: the effects (restore, login, logout, token storage)
// live in the portal's session service, which reports their outcome back as events. That keeps the
// machine usable by createTestModel, which refuses invoke/after.

// Structural, so the machine needs nothing from the wire contract; the service passes the full profile.
export interface SessionProfile {
  id: number;
  name: string;
  email: string;
}

// The statuses that end a session (SPEC §4/§8).
export type AuthErrorStatus = 401 | 419 | 503;

export interface SessionContext {
  profile: SessionProfile | null;
  error: string | null;
  fieldErrors: Record<string, string[]>;
  // SPEC §8: every 401/419/503 that ends a session is counted.
  authErrorCount: number;
}

export type SessionEvent =
  | { type: 'session.restored'; profile: SessionProfile }
  | { type: 'session.restoreFailed' }
  | { type: 'session.login' }
  | { type: 'session.loginSucceeded'; profile: SessionProfile }
  | { type: 'session.loginFailed'; error: string; fieldErrors?: Record<string, string[]> }
  | { type: 'session.expire'; status: AuthErrorStatus }
  | { type: 'session.logout' }
  | { type: 'session.loggedOut' }
  | { type: 'session.logoutFailed'; error: string };

export type SessionEventType = SessionEvent['type'];

export const SESSION_EXPIRED_MESSAGE = 'Your session has ended. Please sign in again.';

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actions: {
    rememberProfile: assign({
      profile: ({ event }) =>
        event.type === 'session.restored' || event.type === 'session.loginSucceeded' ? event.profile : null,
      error: null,
      fieldErrors: {},
    }),
    clearError: assign({ error: null, fieldErrors: {} }),
    rememberLoginError: assign({
      profile: null,
      error: ({ event }) => (event.type === 'session.loginFailed' ? event.error : null),
      fieldErrors: ({ event }) => (event.type === 'session.loginFailed' ? (event.fieldErrors ?? {}) : {}),
    }),
    forgetProfile: assign({ profile: null, error: null, fieldErrors: {} }),
    countAuthError: assign({
      profile: null,
      error: SESSION_EXPIRED_MESSAGE,
      fieldErrors: {},
      authErrorCount: ({ context }) => context.authErrorCount + 1,
    }),
  },
}).createMachine({
  id: 'session',
  initial: 'restoring',
  context: { profile: null, error: null, fieldErrors: {}, authErrorCount: 0 },
  states: {
    // The app has not yet checked the stored tokens.
    restoring: {
      on: {
        'session.restored': { target: 'authorised', actions: 'rememberProfile' },
        'session.restoreFailed': { target: 'unauthorised', actions: 'forgetProfile' },
        // A stored token the server no longer accepts.
        'session.expire': { target: 'unauthorised', actions: 'countAuthError' },
      },
    },
    unauthorised: {
      on: {
        'session.login': { target: 'authorising', actions: 'clearError' },
      },
    },
    authorising: {
      on: {
        'session.loginSucceeded': { target: 'authorised', actions: 'rememberProfile' },
        'session.loginFailed': { target: 'unauthorised', actions: 'rememberLoginError' },
      },
    },
    authorised: {
      on: {
        'session.expire': { target: 'unauthorised', actions: 'countAuthError' },
        'session.logout': { target: 'loggingOut' },
      },
    },
    loggingOut: {
      on: {
        'session.loggedOut': { target: 'unauthorised', actions: 'forgetProfile' },
        // SPEC §8: a logout failure is only logged; the session still ends.
        'session.logoutFailed': { target: 'unauthorised', actions: 'forgetProfile' },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
export type SessionState = 'restoring' | 'unauthorised' | 'authorising' | 'authorised' | 'loggingOut';
