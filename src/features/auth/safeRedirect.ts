// Where to go after login: the `redirect` query parameter when it is a path of this portal.
// Anything else ("//evil.example", "https://…", "/login") goes home, so the link cannot be abused.
export function safeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  const path = value.split(/[?#]/)[0];
  if (path === '/login' || path === '/logout') return fallback;
  return value;
}

export function loginPathFor(target: string): string {
  return target && target !== '/' ? `/login?redirect=${encodeURIComponent(target)}` : '/login';
}
