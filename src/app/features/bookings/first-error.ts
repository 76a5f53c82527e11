import type { FieldErrors, FieldValues } from 'react-hook-form';

// An error's own object-valued keys. Its `message` and `type` are strings and skipped as such: a field
// may itself be called `type` (a sample type's), whose error is an object to descend into.
const ERROR_KEYS = new Set(['ref', 'types']);

/** The dotted paths of every field with an error (`payerInfo.companyName`, `sampleTypes.0.type`...). */
export function errorPathsOf(errors: FieldErrors<FieldValues> | undefined, prefix = ''): string[] {
  const paths: string[] = [];
  for (const [key, value] of Object.entries(errors ?? {})) {
    if (ERROR_KEYS.has(key) || !value || typeof value !== 'object') continue;
    // A field array's own error (e.g. "at least one") sits under `root`, named by the array's path.
    const path = key === 'root' ? prefix : prefix ? `${prefix}.${key}` : key;
    if (typeof (value as { message?: unknown }).message === 'string') paths.push(path);
    paths.push(...errorPathsOf(value as FieldErrors<FieldValues>, path));
  }
  return paths;
}

/** The control that edits `path`: an input by name, or an element marked `data-field` (checkboxes, lists). */
function controlOf(container: ParentNode, path: string): HTMLElement | null {
  // Inside a quoted attribute value only quotes and backslashes need escaping (jsdom has no CSS.escape).
  const escaped = path.replace(/["\\]/g, '\\$&');
  return (
    container.querySelector<HTMLElement>(`[data-field="${escaped}"]`) ??
    container.querySelector<HTMLElement>(`[name="${escaped}"]:not([aria-hidden="true"])`)
  );
}

/**
 * After a failed submit: scrolls to and focuses the first field in error in the order the page shows
 * them (react-hook-form's own focus follows registration order, which conditional sections upset).
 * Returns the element it focused.
 */
export function focusFirstError(container: ParentNode | null, paths: string[]): HTMLElement | undefined {
  if (!container) return undefined;
  const controls = paths.map((path) => controlOf(container, path)).filter((el): el is HTMLElement => el !== null);
  const [first] = controls.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  if (!first) return undefined;
  first.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  first.focus({ preventScroll: true });
  return first;
}
