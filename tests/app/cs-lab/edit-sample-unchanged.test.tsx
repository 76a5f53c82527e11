import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/app/lib/words/i18n';
import { offlineDb } from '@/app/offline/db';
import { listMutations } from '@/app/offline/outbox';
import type { SampleEntry } from '@/app/bench/sample-queries';
import { CsSampleFormDialog } from '@/app/features/cs-lab/cs-sample-form-dialog';
import { signInWith } from '../support/session.ts';

// Edit Sample sends only what the person changed: saved unchanged it sends nothing and says so, and
// a received time is never rewritten to midnight by the form's date-only field.

const SAMPLE = {
  id: 42,
  idflNumber: 'IDFL-2026-00042',
  status: 'CsConfirmed',
  version: 3,
  sampleType: 'Robusta coffee',
  sampleCode: 'SC-42',
  source: 'Client',
  fromClientInfo: 'Delta Coffee, Buon Ma Thuot',
  fromIdflInfo: null,
  receivedDate: '2026-11-27T23:01:00.000Z',
  receivedBy: 'Cam Service',
  localCode: null,
  bnCode: null,
  sampleInformation: null,
  storageArea: null,
  initialWeight: 120,
  unit: 'g',
  note: null,
  isPaid: false,
} as unknown as SampleEntry;

function renderEdit() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <Toaster />
      <CsSampleFormDialog sample={SAMPLE} open onOpenChange={() => {}} />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await offlineDb.outbox.clear();
  signInWith(['CanUpdateSampleEntryCs', 'CanViewAllSampleEntryCs']);
});

describe('[CS LAB] Edit Sample', () => {
  it('saved unchanged sends nothing (no change to the received date) and says "No changes to save"', async () => {
    const user = userEvent.setup();
    renderEdit();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('No changes to save')).toBeTruthy();
    expect(await listMutations()).toEqual([]);
  });

  it('sends only the field the person changed, never the received date it did not touch', async () => {
    const user = userEvent.setup();
    renderEdit();
    const code = await screen.findByLabelText('Sample code');
    await user.clear(code);
    await user.type(code, 'SC-43');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await listMutations()).toHaveLength(1));
    const [entry] = await listMutations();
    expect(entry).toMatchObject({ method: 'PUT', path: '/api/cs-lab/update?id=42' });
    expect(entry!.body).toEqual({ sampleCode: 'SC-43', version: 3 });
  });

  it('says so in Vietnamese too', async () => {
    await i18n.changeLanguage('vi');
    const user = userEvent.setup();
    renderEdit();
    await user.click(await screen.findByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Không có thay đổi để lưu')).toBeTruthy();
    expect(await listMutations()).toEqual([]);
  });
});
