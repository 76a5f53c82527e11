/**
 * The operations a bench may queue in its offline outbox and send through `POST /api/sync`
 * (DESIGN.md 7). They are declared with `offline: true` in defineRoute, so the route file is the one
 * place that says so; the sync route refuses everything else, whatever path tricks a batch uses.
 */
type OfflineOperation = { method: string; pattern: RegExp };

const operations: OfflineOperation[] = [];

export function registerOfflineOperation(method: string, template: string) {
  const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
  operations.push({ method: method.toUpperCase(), pattern });
}

export function isOfflineOperation(method: string, pathname: string): boolean {
  return operations.some((op) => op.method === method && op.pattern.test(pathname));
}

/**
 * The path of a queued mutation, if it is plainly written: resolved against the API itself (no
 * other origin), with no dot segments, percent-encoded path characters, backslashes or doubled
 * slashes that the router would read differently from how it is judged here. Undefined otherwise.
 */
export function plainApiPath(path: string): { pathname: string; search: string } | undefined {
  const base = 'http://api.invalid';
  let url: URL;
  try {
    url = new URL(path, base);
  } catch {
    return undefined;
  }
  if (url.origin !== base) return undefined;
  const [rawPath = ''] = path.split('?');
  if (rawPath !== url.pathname || /[%\\]|\/\//.test(rawPath)) return undefined;
  return { pathname: url.pathname, search: url.search };
}
