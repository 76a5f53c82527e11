import { useState, useSyncExternalStore } from 'react';
import type { ZodType } from 'zod';
import { loadMessageTexts } from '@/app/lib/words/i18n';

// Saves 13 kB gzipped at the order form's start: 1.4 kB against react-hook-form's 14.6 kB (npm run bench bundle).
// The state of a public page's form without a form library: react-hook-form is about 15 kB of the
// order form's start, a tenth of its budget. Staff screens keep
// react-hook-form; the public order form and its quick-fill use this. Values are held immutably, so
// a field reads its own value and error and redraws only when they change.

/** Messages by dotted path (`email`, `sampleTypes.0.expectedOrigins`, `payerInfo.companyName`). */
export type FormErrors = Record<string, string>;

/** What a check answers: the checked (parsed) values, or a message for each field in error. */
export type CheckOutcome<Output> = { valid: Output } | { errors: FormErrors };

type Check<Values, Output> = (values: Values) => Promise<CheckOutcome<Output>>;

/** Every dotted path into a value: object keys, and list items by their index. */
export type PathOf<T, Depth extends unknown[] = []> = Depth['length'] extends 5
  ? never
  : T extends readonly (infer Item)[]
    ? `${number}` | `${number}.${PathOf<NonNullable<Item>, [...Depth, unknown]>}`
    : T extends object
      ? {
          [K in keyof T & string]: K | `${K}.${PathOf<NonNullable<T[K]>, [...Depth, unknown]>}`;
        }[keyof T & string]
      : never;

const segmentsOf = (path: string) => path.split('.');

function read(value: unknown, path: string): unknown {
  let here = value;
  for (const segment of segmentsOf(path)) {
    if (here === null || typeof here !== 'object') return undefined;
    here = (here as Record<string, unknown>)[segment];
  }
  return here;
}

/** A copy of `value` with `path` set; only the objects on the path are copied, the rest is shared. */
function write(value: unknown, segments: string[], next: unknown): unknown {
  const [segment, ...rest] = segments;
  if (segment === undefined) return next;
  const isIndex = /^\d+$/.test(segment);
  const container = value !== null && typeof value === 'object' ? value : isIndex ? [] : {};
  const copy = Array.isArray(container) ? [...container] : { ...(container as Record<string, unknown>) };
  const child = (container as Record<string, unknown>)[segment];
  (copy as Record<string, unknown>)[segment] = write(child, rest, next);
  return copy;
}

const isAtOrUnder = (path: string, root: string) => path === root || path.startsWith(`${root}.`);

let nextKey = 0;

/**
 * A form's values, its errors and whether it has been submitted. Nothing is checked before the first
 * submit; after it, each change is checked again and the messages of the fields it touched follow the
 * answer (a field's message goes as soon as it is mended; the other fields' messages stay until they
 * are changed or the form is submitted again), as react-hook-form's "validate on submit, then on
 * change" does for the staff's forms.
 */
export class FormState<Values extends object, Output = Values> {
  private values: Values;
  private errors: FormErrors = {};
  private submitted = false;
  private readonly listeners = new Set<() => void>();
  /** Stable keys of each list's items, so that removing an item keeps the others' inputs. */
  private readonly keys = new Map<string, string[]>();
  /** Paths changed since the last check was started: the newest check's answer decides their messages. */
  private changed = new Set<string>();
  private latestCheck = 0;

  constructor(
    private readonly blank: () => Values,
    private readonly check: Check<Values, Output>,
  ) {
    this.values = blank();
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  private notify() {
    for (const listener of this.listeners) listener();
  }

  get current(): Values {
    return this.values;
  }

  get isSubmitted(): boolean {
    return this.submitted;
  }

  value(path: string): unknown {
    return read(this.values, path);
  }

  error(path: string): string | undefined {
    return this.errors[path];
  }

  setValue(path: PathOf<Values>, value: unknown) {
    this.values = write(this.values, segmentsOf(path), value) as Values;
    this.changed.add(path);
    this.notify();
    if (this.submitted) void this.recheck();
  }

  /** A message from elsewhere (the server's answer), shown under the field until it changes. */
  setError(path: string, message: string) {
    this.errors = { ...this.errors, [path]: message };
    this.notify();
  }

  /** Back to blank values (or the given ones): no messages, not submitted. */
  reset(values: Values = this.blank()) {
    this.values = values;
    this.errors = {};
    this.submitted = false;
    this.keys.clear();
    this.changed.clear();
    this.latestCheck += 1; // a check still running answers for values that are gone
    this.notify();
  }

  /** The keys of a list's items, one per item, kept while items are added and removed. */
  itemKeys(path: PathOf<Values>): string[] {
    const length = (this.value(path) as unknown[] | undefined)?.length ?? 0;
    let keys = this.keys.get(path);
    if (!keys || keys.length !== length) {
      keys = Array.from({ length }, (_, index) => keys?.[index] ?? `item-${nextKey++}`);
      this.keys.set(path, keys);
    }
    return keys;
  }

  append(path: PathOf<Values>, item: unknown) {
    const list = (this.value(path) as unknown[] | undefined) ?? [];
    this.keys.set(path, [...this.itemKeys(path), `item-${nextKey++}`]);
    this.setValue(path, [...list, item]);
  }

  remove(path: PathOf<Values>, index: number) {
    const list = (this.value(path) as unknown[] | undefined) ?? [];
    this.keys.set(
      path,
      this.itemKeys(path).filter((_, at) => at !== index),
    );
    this.shiftNestedKeys(path, index);
    // The removed item's messages and those of the items after it are redone by the next check.
    this.errors = Object.fromEntries(Object.entries(this.errors).filter(([key]) => !isAtOrUnder(key, path)));
    this.setValue(
      path,
      list.filter((_, at) => at !== index),
    );
  }

  /**
   * The keys of lists inside the removed item's followers move up with them (a sample type's
   * origins keep their keys when a sample type above it is removed); the removed item's go.
   */
  private shiftNestedKeys(path: string, removed: number) {
    const prefix = `${path}.`;
    const nested = [...this.keys].filter(([key]) => key.startsWith(prefix));
    for (const [key] of nested) this.keys.delete(key);
    for (const [key, keys] of nested) {
      const [at = '', ...rest] = key.slice(prefix.length).split('.');
      const index = Number(at);
      if (index === removed) continue;
      this.keys.set([path, index > removed ? index - 1 : index, ...rest].join('.'), keys);
    }
  }

  /** Checks the values; only the newest check's answer counts. */
  private async run(): Promise<{ outcome: CheckOutcome<Output>; changed: Set<string> } | null> {
    const ticket = ++this.latestCheck;
    const changed = this.changed;
    this.changed = new Set();
    const outcome = await this.check(this.values).catch((error: unknown) => {
      for (const path of changed) this.changed.add(path); // not checked: the next check answers for them
      throw error;
    });
    if (ticket !== this.latestCheck) {
      for (const path of changed) this.changed.add(path); // the newer check answers for these too
      return null;
    }
    return { outcome, changed };
  }

  private async recheck() {
    const answer = await this.run().catch(() => null);
    if (!answer) return;
    const found = 'errors' in answer.outcome ? answer.outcome.errors : {};
    const touched = (key: string) => [...answer.changed].some((path) => isAtOrUnder(key, path));
    const kept = Object.entries(this.errors).filter(([key]) => !touched(key));
    const renewed = Object.entries(found).filter(([key]) => touched(key));
    this.errors = Object.fromEntries([...kept, ...renewed]);
    this.notify();
  }

  /**
   * Submits: checks every field, shows every message, and hands the checked values to `onValid`, or
   * the paths in error to `onInvalid`. A check that cannot run (its rules not fetched, offline before
   * the service worker held them) changes nothing; the next submit tries again.
   */
  async submit(onValid: (values: Output) => void, onInvalid?: (paths: string[]) => void) {
    this.submitted = true;
    this.notify();
    const answer = await this.run().catch(() => null);
    if (!answer) return;
    if ('valid' in answer.outcome) {
      this.errors = {};
      this.notify();
      onValid(answer.outcome.valid);
    } else {
      this.errors = answer.outcome.errors;
      this.notify();
      onInvalid?.(Object.keys(answer.outcome.errors));
    }
  }
}

/**
 * A check by a shared zod schema (one set of rules and messages with the server), fetched on the
 * form's first check together with the messages' translations: zod and a schema cost more than a
 * small public page itself. Each field shows its first broken rule.
 */
export function schemaCheck<Output>(load: () => Promise<ZodType<Output>>) {
  let loading: Promise<ZodType<Output>> | undefined;
  return async (values: unknown): Promise<CheckOutcome<Output>> => {
    loading ??= Promise.all([load(), loadMessageTexts()]).then(
      ([schema]) => schema,
      (error: unknown) => {
        loading = undefined; // offline before the service worker held it: the next check tries again
        throw error;
      },
    );
    const result = (await loading).safeParse(values);
    if (result.success) return { valid: result.data };
    const errors: FormErrors = {};
    for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
    return { errors };
  };
}

/** A form's state, made once for the component's life. */
export function useFormState<Values extends object, Output>(
  blank: () => Values,
  check: Check<Values, Output>,
): FormState<Values, Output> {
  return useState(() => new FormState(blank, check))[0];
}

/** One value of the form; the component redraws when that value changes. */
export function useFormValue<Values extends object>(form: FormState<Values, unknown>, path: PathOf<Values>): unknown {
  return useSyncExternalStore(form.subscribe, () => form.value(path));
}

/** One field's message, if any. */
export function useFormError<Values extends object>(
  form: FormState<Values, unknown>,
  path: PathOf<Values>,
): string | undefined {
  return useSyncExternalStore(form.subscribe, () => form.error(path));
}

/** Every value (a summary of the whole form). */
export function useFormValues<Values extends object>(form: FormState<Values, unknown>): Values {
  return useSyncExternalStore(form.subscribe, () => form.current);
}

/** The keys of a list's items (stable React keys). */
export function useItemKeys<Values extends object>(form: FormState<Values, unknown>, path: PathOf<Values>): string[] {
  return useSyncExternalStore(form.subscribe, () => form.itemKeys(path));
}
