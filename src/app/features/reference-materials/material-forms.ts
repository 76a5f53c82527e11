import type { FieldErrors, FieldValues, ResolverResult } from 'react-hook-form';
import type { z } from 'zod';
import { labTimeZone } from '@/app/lib/words/lab-time-zone';
import { dayInTimeZone } from '@/shared/display-date';
import {
  elementScales,
  measuredElements,
  referenceMaterialInputSchema,
  referenceValueInputSchema,
  type MeasuredElement,
  type ReferenceMaterialInput,
  type ReferenceMaterialKind,
  type ReferenceValueInput,
} from '@/shared/measurement/measurement';

// The registry's two forms as a person fills them (text boxes, one row per element) and the shared
// schemas' input the server checks: each form is checked by that schema, and its messages are put
// back under the boxes they are about.

/** One element's value as typed: text until checked. */
export type ValueRowForm = { value: string; uncertainty: string; validFrom: string; source: string };

export type MaterialForm = {
  name: string;
  /** Separated by commas or semicolons. */
  aliases: string;
  material: string;
  kind: ReferenceMaterialKind;
  values: Record<MeasuredElement, ValueRowForm>;
};

const today = () => dayInTimeZone(new Date(), labTimeZone());

export const blankValueRow = (): ValueRowForm => ({ value: '', uncertainty: '', validFrom: today(), source: '' });

export function blankMaterial(): MaterialForm {
  return {
    name: '',
    aliases: '',
    material: '',
    kind: 'inHouse',
    values: Object.fromEntries(measuredElements.map((element) => [element, blankValueRow()])) as MaterialForm['values'],
  };
}

const filled = (text: string) => text.trim() !== '';
/** An empty box is no number (the schema says so); anything else is read as typed. */
const numberOf = (text: string) => (filled(text) ? Number(text) : undefined);

/** An element's row as the schema's value: the scale is the element's own, as the server requires. */
function valueInput(element: MeasuredElement, row: ValueRowForm) {
  return {
    element,
    value: numberOf(row.value),
    uncertainty: filled(row.uncertainty) ? Number(row.uncertainty) : null,
    scale: elementScales[element].scale,
    validFrom: filled(row.validFrom) ? row.validFrom : undefined,
    source: filled(row.source) ? row.source : null,
  };
}

/** The elements given a value (or an uncertainty), in the order the schema's `values` lists them. */
const elementsGiven = (form: MaterialForm) =>
  measuredElements.filter((element) => filled(form.values[element].value) || filled(form.values[element].uncertainty));

function materialInputOf(form: MaterialForm) {
  return {
    name: form.name,
    aliases: form.aliases
      .split(/[,;]/)
      .map((alias) => alias.trim())
      .filter(Boolean),
    material: form.material,
    kind: form.kind,
    values: elementsGiven(form).map((element) => valueInput(element, form.values[element])),
  };
}

/**
 * Where a message of the schema or the server stands on the material form: an alias's under the
 * aliases box, a value's under its element's box (the scale's under the value).
 */
export function materialFieldOf(form: MaterialForm, path: readonly PropertyKey[]): string {
  const [first, index, field] = path.map(String);
  if (first === 'aliases') return 'aliases';
  if (first === 'values' && index !== undefined) {
    const element = elementsGiven(form)[Number(index)];
    if (!element) return 'name';
    return `values.${element}.${field === 'scale' || !field ? 'value' : field}`;
  }
  return first ?? 'name';
}

/** Where a message stands on the new value form: the scale's and the element's under the value. */
export function valueFieldOf(path: readonly PropertyKey[]): string {
  const first = String(path[0] ?? 'value');
  return first === 'scale' || first === 'element' ? 'value' : first;
}

function setAt(target: Record<string, unknown>, path: string, value: unknown) {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
  const last = parts.at(-1)!;
  if (node[last] === undefined) node[last] = value;
}

/** Messages by form path, nested as the form library reads them; the first message of a box stays. */
function nestedErrors<Form extends FieldValues>(messages: [string, string][]): FieldErrors<Form> {
  const errors: Record<string, unknown> = {};
  for (const [path, message] of messages) setAt(errors, path, { type: 'validate', message });
  return errors as FieldErrors<Form>;
}

/** A form library resolver: the form turned into the schema's input, checked by the schema. */
function resolverOf<Form extends FieldValues, Output>(
  schema: z.ZodType<Output>,
  inputOf: (form: Form) => unknown,
  fieldOf: (form: Form, path: readonly PropertyKey[]) => string,
) {
  return (form: Form): ResolverResult<Form, Output> => {
    const parsed = schema.safeParse(inputOf(form));
    if (parsed.success) return { values: parsed.data, errors: {} };
    return {
      values: {},
      errors: nestedErrors<Form>(parsed.error.issues.map((issue) => [fieldOf(form, issue.path), issue.message])),
    };
  };
}

export const materialResolver = resolverOf<MaterialForm, ReferenceMaterialInput>(
  referenceMaterialInputSchema,
  materialInputOf,
  materialFieldOf,
);

export const valueResolver = (element: MeasuredElement) =>
  resolverOf<ValueRowForm, ReferenceValueInput>(
    referenceValueInputSchema,
    (row) => valueInput(element, row),
    (_row, path) => valueFieldOf(path),
  );
