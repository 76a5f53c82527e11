import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '@/app/components/confirm-dialog';
import { ApiError } from '@/app/lib/api/api-error';
import { i18n } from '@/app/lib/words/i18n';

// The one confirmation of the app: it waits for the action, and a refusal is read where it was asked.

function renderConfirm(onConfirm: () => unknown) {
  const onOpenChange = vi.fn();
  render(
    <ConfirmDialog
      open
      onOpenChange={onOpenChange}
      title="Delete country"
      description="Delete VN Vietnam?"
      confirmLabel="Delete"
      destructive
      onConfirm={onConfirm}
    />,
  );
  const dialog = screen.getByRole('alertdialog', { name: 'Delete country' });
  return { dialog, onOpenChange };
}

describe('confirm dialog', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('stays open and busy while the action runs, then closes', async () => {
    let finish = () => {};
    const { dialog, onOpenChange } = renderConfirm(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect(confirm).toHaveProperty('disabled', true);
    expect(confirm.getAttribute('aria-busy')).toBe('true');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
    expect(onOpenChange).not.toHaveBeenCalled();
    finish();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it("shows the server's refusal inside and stays open", async () => {
    const { dialog, onOpenChange } = renderConfirm(() =>
      Promise.reject(new ApiError(409, { message: 'Country is in use' })),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', false);
  });

  it('stays open without a message when the action answers false', async () => {
    const { dialog, onOpenChange } = renderConfirm(() => false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', false),
    );
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('closes on cancel without running the action', async () => {
    const onConfirm = vi.fn();
    const { dialog, onOpenChange } = renderConfirm(onConfirm);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
