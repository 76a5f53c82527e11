import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FormState, schemaCheck, type CheckOutcome, type FormErrors } from '@/app/lib/form-state';

// The public forms' state without a form library (src/app/lib/form-state.ts): values by dotted path,
// list items with stable keys, and messages that follow react-hook-form's "check on submit, then
// on change" for the fields a change touched.

type Order = {
  company: string;
  payer: { same: boolean; name?: string };
  samples: { type: string; origins: { origin: string }[] }[];
};

const blank = (): Order => ({
  company: '',
  payer: { same: true },
  samples: [{ type: '', origins: [{ origin: '' }] }],
});

const orderSchema = z.object({
  company: z.string().trim().min(1, 'Company is required'),
  payer: z
    .object({ same: z.boolean(), name: z.string().optional() })
    .refine((payer) => payer.same || Boolean(payer.name?.trim()), { message: 'Name is required', path: ['name'] }),
  samples: z
    .array(
      z.object({
        type: z.string().trim().min(1, 'Type is required'),
        origins: z.array(z.object({ origin: z.string().min(1, 'Origin is required') })).min(1, 'One origin at least'),
      }),
    )
    .min(1, 'One sample at least'),
});

const check = schemaCheck(() => Promise.resolve(orderSchema));

/** Resolves once every pending check has answered (checks are promise chains, no timers). */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

async function submitted(form: FormState<Order, z.output<typeof orderSchema>>) {
  let valid: unknown;
  let invalid: string[] | undefined;
  await form.submit(
    (values) => (valid = values),
    (paths) => (invalid = paths),
  );
  return { valid, invalid };
}

describe('form state', () => {
  it('reads and writes by dotted path, copying only what lies on the path', () => {
    const form = new FormState(blank, check);
    const before = form.current;
    form.setValue('samples.0.origins.0.origin', 'Vietnam');
    expect(form.value('samples.0.origins.0.origin')).toBe('Vietnam');
    expect(form.current.payer).toBe(before.payer);
    expect(before.samples[0]!.origins[0]!.origin).toBe('');
    form.setValue('payer.name', 'Mekong Trading');
    expect(form.current.payer).toEqual({ same: true, name: 'Mekong Trading' });
  });

  it('checks nothing before the first submit, then names every field in error by its path', async () => {
    const form = new FormState(blank, check);
    form.setValue('company', '');
    await settled();
    expect(form.error('company')).toBeUndefined();
    const { valid, invalid } = await submitted(form);
    expect(valid).toBeUndefined();
    expect(invalid).toEqual(['company', 'samples.0.type', 'samples.0.origins.0.origin']);
    expect(form.isSubmitted).toBe(true);
    expect(form.error('samples.0.type')).toBe('Type is required');
  });

  it("after a submit, a change answers for the fields it touched and leaves the others' messages", async () => {
    const form = new FormState(blank, check);
    await submitted(form);
    form.setValue('company', 'Delta Rice');
    await settled();
    expect(form.error('company')).toBeUndefined();
    expect(form.error('samples.0.type')).toBe('Type is required');
    // Opening the payer block changes the flag, not the name: its message waits for the next submit.
    form.setValue('payer.same', false);
    await settled();
    expect(form.error('payer.name')).toBeUndefined();
    await submitted(form);
    expect(form.error('payer.name')).toBe('Name is required');
  });

  it('keeps a message from the server until its field changes', async () => {
    const form = new FormState(blank, check);
    await submitted(form);
    form.setError('company', 'The company is blocked.');
    form.setValue('samples.0.type', 'Shrimp');
    await settled();
    expect(form.error('company')).toBe('The company is blocked.');
    form.setValue('company', 'Delta Rice');
    await settled();
    expect(form.error('company')).toBeUndefined();
  });

  it("keeps the other items' keys when an item is removed, and redoes the list's messages", async () => {
    const form = new FormState(blank, check);
    form.append('samples', { type: 'Rice', origins: [{ origin: 'Vietnam' }] });
    form.append('samples', { type: '', origins: [{ origin: 'Laos' }] });
    const [first, second, third] = form.itemKeys('samples');
    expect(new Set([first, second, third]).size).toBe(3);
    await submitted(form);
    expect(form.error('samples.2.type')).toBe('Type is required');
    form.remove('samples', 1);
    expect(form.itemKeys('samples')).toEqual([first, third]);
    await settled();
    expect(form.error('samples.2.type')).toBeUndefined();
    expect(form.error('samples.1.type')).toBe('Type is required');
    expect(form.error('samples.0.type')).toBe('Type is required');
  });

  it("moves the keys of a removed item's followers' own lists up with them", () => {
    const form = new FormState(blank, check);
    form.append('samples', { type: 'Rice', origins: [{ origin: 'Vietnam' }, { origin: 'Laos' }] });
    const secondOrigins = form.itemKeys('samples.1.origins');
    form.itemKeys('samples.0.origins');
    form.remove('samples', 0);
    expect(form.itemKeys('samples.0.origins')).toEqual(secondOrigins);
    expect(form.value('samples.0.origins.1.origin')).toBe('Laos');
  });

  it("names a list's own rule by the list's path", async () => {
    const form = new FormState(blank, check);
    form.remove('samples.0.origins', 0);
    await submitted(form);
    expect(form.error('samples.0.origins')).toBe('One origin at least');
  });

  it('hands on the checked values, trimmed by the rules', async () => {
    const form = new FormState(blank, check);
    form.setValue('company', '  Delta Rice ');
    form.setValue('samples.0.type', 'Rice');
    form.setValue('samples.0.origins.0.origin', 'Vietnam');
    const { valid, invalid } = await submitted(form);
    expect(invalid).toBeUndefined();
    expect(valid).toMatchObject({ company: 'Delta Rice' });
  });

  it('answers only for the newest check when an older one comes back later', async () => {
    const answers: ((outcome: CheckOutcome<Order>) => void)[] = [];
    const slow = () => new Promise<CheckOutcome<Order>>((resolve) => answers.push(resolve));
    const form = new FormState(blank, slow);
    void form.submit(() => undefined);
    answers.shift()!({ errors: { company: 'Company is required' } });
    await settled();
    form.setValue('company', 'D');
    form.setValue('company', 'De');
    const errors: FormErrors = { company: 'At most 1 character.' };
    answers[1]!({ errors: {} });
    await settled();
    answers[0]!({ errors });
    await settled();
    expect(form.error('company')).toBeUndefined();
  });

  it('forgets values, messages and the submit on reset', async () => {
    const form = new FormState(blank, check);
    form.setValue('company', 'Delta Rice');
    await submitted(form);
    form.reset();
    expect(form.current).toEqual(blank());
    expect(form.error('samples.0.type')).toBeUndefined();
    expect(form.isSubmitted).toBe(false);
  });

  it('tries the rules again on the next check when they could not be fetched', async () => {
    let fetches = 0;
    const flaky = schemaCheck(() => {
      fetches += 1;
      return fetches === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(orderSchema);
    });
    const form = new FormState(blank, flaky);
    const first = await submitted(form);
    expect(first).toEqual({ valid: undefined, invalid: undefined });
    const second = await submitted(form);
    expect(second.invalid).toContain('company');
  });
});
