import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/lib/words/i18n';
import { offlineDb } from '@/app/offline/db';
import { listMutations } from '@/app/offline/outbox';
import { ConfirmSampleDialog } from '@/app/bench/actions/confirm-sample-dialog';
import { StepSummary } from '@/app/features/third-lab/step-summary';
import { queueThirdLabCheckIn, THIRD_LAB_LIST } from '@/app/features/third-lab/third-lab-queries';
import { UndoPackageDialog } from '@/app/features/third-lab/undo-package-dialog';

// The third lab's workflow dialogs: nothing moves until the confirmation is ticked, and what is
// confirmed goes to the outbox (so it works offline and applies once).

function renderReceive(onConfirm: () => Promise<void> | void = vi.fn()) {
  const onOpenChange = vi.fn();
  render(
    <ConfirmSampleDialog
      open
      onOpenChange={onOpenChange}
      title="Confirm Received"
      confirmLabel="Confirm Received"
      onConfirm={onConfirm}
    >
      <StepSummary rows={[{ label: 'IDFL number', value: 'IDFL-2026-00001' }]} />
    </ConfirmSampleDialog>,
  );
  return { onConfirm, onOpenChange };
}

describe('third-lab workflow dialogs', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    await offlineDb.outbox.clear();
  });

  it("asks for the confirmation checkbox: 'Please confirm all information is correct.'", async () => {
    const user = userEvent.setup();
    const { onConfirm, onOpenChange } = renderReceive();
    expect(screen.getByText('IDFL-2026-00001')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm Received' }));
    expect(screen.getByRole('alert').textContent).toBe('Please confirm all information is correct.');
    expect(onConfirm).not.toHaveBeenCalled();

    await user.click(screen.getByRole('checkbox', { name: 'I confirm all information above is correct.' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Confirm Received' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('shows the confirmation in Vietnamese too', async () => {
    await i18n.changeLanguage('vi');
    renderReceive();
    expect(screen.getByRole('checkbox', { name: 'Tôi xác nhận mọi thông tin ở trên là chính xác.' })).toBeTruthy();
  });

  it('queues a confirmed receipt in the outbox, tied to the third-lab list', async () => {
    const user = userEvent.setup();
    renderReceive(async () => {
      await queueThirdLabCheckIn({ id: 42, idflNumber: 'IDFL-2026-00042' });
    });
    await user.click(screen.getByRole('checkbox', { name: 'I confirm all information above is correct.' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Received' }));
    await waitFor(async () => expect(await listMutations()).toHaveLength(1));
    const [entry] = await listMutations();
    expect(entry).toMatchObject({
      method: 'PUT',
      path: '/api/third-lab/check-in?id=42',
      state: 'pending',
      label: 'Confirm received sample IDFL-2026-00042',
      entity: { list: THIRD_LAB_LIST, id: 42, record: 'sample' },
    });
  });

  it('undoes a package by its code only after it is given, through the outbox', async () => {
    const user = userEvent.setup();
    render(<UndoPackageDialog open onOpenChange={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Undo package' }));
    expect(screen.getByRole('alert').textContent).toBe('Package code is required');
    expect(await listMutations()).toHaveLength(0);
    await user.type(screen.getByLabelText('Package code'), 'PKG-2026-00003');
    await user.click(screen.getByRole('button', { name: 'Undo package' }));
    await waitFor(async () => expect(await listMutations()).toHaveLength(1));
    const [entry] = await listMutations();
    expect(entry).toMatchObject({
      method: 'DELETE',
      path: '/api/third-lab/undo-sample-transaction?packageCode=PKG-2026-00003',
    });
  });
});
