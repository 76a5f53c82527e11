import type { FieldValues } from 'react-hook-form';

/** react-hook-form's dirtyFields: true for a changed field, nested for an array or object field. */
type DirtyFields = Partial<Record<string, unknown>>;

function isDirty(mark: unknown): boolean {
  if (mark === true) return true;
  if (Array.isArray(mark)) return mark.some(isDirty);
  if (mark && typeof mark === 'object') return Object.values(mark).some(isDirty);
  return false;
}

/**
 * What an edit form sends: only the fields the person changed (react-hook-form's dirtyFields), so
 * a field nobody touched is never rewritten from the form's own rendering of it (a received time
 * shown as a date, say). An array or object field changed anywhere is sent whole.
 */
export function changedFields<T extends FieldValues>(values: T, dirtyFields: DirtyFields): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([name]) => isDirty(dirtyFields[name]))) as Partial<T>;
}
