/**
 * Spec §2: paths ending in `.html` or `/index.html` are normalised to the path without that
 * suffix. nginx answers such requests with a 301 (deploy/nginx); an in-app link (or a static host
 * without the redirect) lands in the client, which renders the right page and now also shows the
 * normalised address (src/theme/Root.tsx).
 */
export function withoutHtmlSuffix(pathname: string): string {
  if (pathname.endsWith('/index.html')) return pathname.slice(0, -'/index.html'.length) || '/';
  if (pathname.endsWith('.html') && pathname.length > '/.html'.length) return pathname.slice(0, -'.html'.length);
  return pathname;
}
