// Where to go after signing in: the `redirectTo` a signed-out page sent the visitor with
// (paths.login.href(redirectTo)), if it is a path on this site; else home. An absolute or
// protocol-relative URL ("//evil.example", "/\\evil.example") is never followed (open redirect).

export function redirectTarget(search: string, fallback = '/'): string {
  const value = new URLSearchParams(search).get('redirectTo');
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  try {
    const url = new URL(value, 'http://unbuilt.invalid');
    if (url.origin !== 'http://unbuilt.invalid') return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
