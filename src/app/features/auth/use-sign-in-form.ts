import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { loadMessageTexts } from '@/app/lib/i18n';
import type { SignInInput } from './types';

type Field = keyof SignInInput;
type FieldErrors = Partial<Record<Field, string>>;

/** The fields in the order they are shown: a refused sign-in focuses the first one in error. */
const FIELDS: readonly Field[] = ['email', 'password'];

type SignInRules = typeof import('@/shared/schemas/auth').signInSchema;
let loadingRules: Promise<SignInRules> | undefined;

/**
 * The shared sign-in schema (one set of rules and messages with the server), fetched on the form's
 * first check with the messages' translations: zod costs more than the sign-in page itself, and the
 * page starts without the messages (README "Performance").
 */
function signInRules(): Promise<SignInRules> {
  loadingRules ??= Promise.all([import('@/shared/schemas/auth'), loadMessageTexts()]).then(
    ([chunk]) => chunk.signInSchema,
    (error: unknown) => {
      loadingRules = undefined; // offline before the service worker held it: the next check tries again
      throw error;
    },
  );
  return loadingRules;
}

async function check(values: SignInInput): Promise<{ valid: SignInInput } | { errors: FieldErrors }> {
  const result = (await signInRules()).safeParse(values);
  if (result.success) return { valid: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message; // a field shows its first broken rule
  }
  return { errors };
}

/**
 * The sign-in form without a form library (the page's start budget): the fields are checked on
 * submit, and after a first submit again on every change, so a message goes as soon as it is
 * answered. A refused submit focuses the first field in error; an accepted one hands on the checked
 * values (the e-mail or username trimmed).
 */
export function useSignInForm(onValid: (values: SignInInput) => void) {
  const [values, setValues] = useState<SignInInput>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const submitted = useRef(false);
  const latestCheck = useRef(0);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  /** Checks the values; only the newest check's answer is shown. */
  const checkNow = useCallback(async (next: SignInInput) => {
    const ticket = ++latestCheck.current;
    const outcome = await check(next);
    if (ticket !== latestCheck.current) return null;
    setErrors('errors' in outcome ? outcome.errors : {});
    return outcome;
  }, []);

  const field = (name: Field) => ({
    name,
    value: values[name],
    ref: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      if (submitted.current) void checkNow(next).catch(() => undefined);
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    void checkNow(values)
      .then((outcome) => {
        if (!outcome) return;
        if ('valid' in outcome) onValid(outcome.valid);
        else inputs.current[FIELDS.find((name) => outcome.errors[name]) ?? 'email']?.focus();
      })
      .catch(() => undefined);
  };

  return { field, errors, onSubmit };
}
