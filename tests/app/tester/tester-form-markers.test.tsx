import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { isRequiredField } from '@/shared/schemas/required-fields';
import type { SampleEntry } from '@/app/bench/sample-queries';
import { i18n } from '@/app/lib/words/i18n';
import { createQueryClient } from '@/app/lib/api/query-client';
import { TesterSampleForm, testerFormSchema } from '@/app/features/tester/tester-sample-form';

// The tester form's red stars are read from its schema: a star exactly on the fields Save would
// refuse empty, none elsewhere (the form marked none and said so only after Save).

const sample = {
  id: 7,
  idflNumber: 'IDFL-2026-00007',
  status: 'TesterConfirmed',
  version: 1,
  smell: false,
  dirty: false,
} as unknown as SampleEntry;

/** The fields the form shows, by the id of their control, and their name in the schema. */
const FIELDS = {
  'tester-localCode': 'localCode',
  'tester-bnCode': 'bnCode',
  'tester-isotopeMix': 'isotopeMix',
  'tester-isotopeColor': 'isotopeColor',
  'tester-unit': 'unit',
  'tester-storageArea': 'storageArea',
  'tester-country': 'countryCode',
  'tester-initial': 'initialWeight',
  'tester-sent': 'sentWeight',
  'tester-sampleInformation': 'sampleInformation',
  'tester-identificationNotes': 'identificationNotes',
  'tester-expectedConclusion': 'expectedConclusion',
  'tester-note': 'note',
} as const;

function starred(id: string): boolean {
  const label = document.querySelector(`label[for="${id}"]`);
  expect(label, id).not.toBeNull();
  return label!.querySelector('[data-required-mark]') !== null;
}

describe('tester form markers', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('stars exactly the fields its schema requires', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <TesterSampleForm sample={sample} />
      </QueryClientProvider>,
    );
    await screen.findByRole('form');
    for (const [id, name] of Object.entries(FIELDS)) {
      expect(starred(id), name).toBe(isRequiredField(testerFormSchema, name));
    }
    // The fields the issue names as required but unmarked, now marked; the optional ones not.
    const marked = Object.entries(FIELDS)
      .filter(([id]) => starred(id))
      .map(([, name]) => name);
    expect(marked).toEqual([
      'localCode',
      'isotopeMix',
      'unit',
      'countryCode',
      'initialWeight',
      'sampleInformation',
      'identificationNotes',
      'expectedConclusion',
    ]);
    expect(screen.getByLabelText(/^Local code/).getAttribute('aria-required')).toBe('true');
    expect(screen.getByLabelText(/^BN code/).getAttribute('aria-required')).toBeNull();
  });
});
