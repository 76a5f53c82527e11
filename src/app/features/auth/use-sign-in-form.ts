import { useRef, type ChangeEvent, type FormEvent } from 'react';
import { schemaCheck, useFormError, useFormState, useFormValues } from '@/app/lib/form-state';
import type { SignInInput } from './types';

type Field = keyof SignInInput;

/** The fields in the order they are shown: a refused sign-in focuses the first one in error. */
const FIELDS: readonly Field[] = ['email', 'password'];

const blankSignIn = (): SignInInput => ({ email: '', password: '' });

// The shared sign-in schema (one set of rules and messages with the server), fetched with zod on
// the form's first check: zod costs more than the sign-in page itself.
const checkSignIn = schemaCheck(() => import('@/shared/schemas/auth').then((chunk) => chunk.signInSchema));

/**
 * The sign-in form, without a form library (the page's start budget; src/app/lib/form-state.ts):
 * checked on submit, and after a first submit again on every change, so a message goes as soon as
 * it is answered. A refused submit focuses the first field in error; an accepted one hands on the
 * checked values (the e-mail or username trimmed).
 */
export function useSignInForm(onValid: (values: SignInInput) => void) {
  const form = useFormState<SignInInput, SignInInput>(blankSignIn, checkSignIn);
  const values = useFormValues(form);
  const errors = { email: useFormError(form, 'email'), password: useFormError(form, 'password') };
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const field = (name: Field) => ({
    name,
    value: values[name],
    ref: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => form.setValue(name, event.target.value),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void form.submit(onValid, (paths) =>
      inputs.current[FIELDS.find((name) => paths.includes(name)) ?? 'email']?.focus(),
    );
  };

  return { field, errors, onSubmit };
}
