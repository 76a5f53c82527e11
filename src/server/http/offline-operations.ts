/**
 * The operations a bench may queue in its offline outbox and send through `POST /api/sync`.
 * They are declared with `offline: true` in defineRoute, so the route file is the one
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
