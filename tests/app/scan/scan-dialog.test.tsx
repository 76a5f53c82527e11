import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import '@/app/lib/i18n';
import { i18n } from '@/app/lib/i18n';
import { ScanDialog } from '@/app/features/scan/scan-dialog';

// jsdom has no camera (navigator.mediaDevices is absent): the dialog must say so and keep the
// manual-entry field working, which is exactly the fallback a bench without a camera relies on.

describe('[SCAN] ScanDialog without a camera', () => {
  it('says there is no camera and accepts a typed IDFL number, then closes', async () => {
    await i18n.changeLanguage('en');
    const onScan = vi.fn();
    const onOpenChange = vi.fn();
    render(<ScanDialog open onOpenChange={onOpenChange} onScan={onScan} />);
    expect(await screen.findByText('No camera is available on this device. Type the code below.')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Type the IDFL number or certificate address'), ' idfl-2026-00007 {Enter}');
    expect(onScan).toHaveBeenCalledWith('idfl-2026-00007', { kind: 'idfl', idflNumber: 'IDFL-2026-00007' });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('refuses codes the screen does not take', async () => {
    await i18n.changeLanguage('en');
    const onScan = vi.fn();
    render(<ScanDialog open onOpenChange={() => undefined} onScan={onScan} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Type the IDFL number or certificate address'), 'hello{Enter}');
    expect(onScan).not.toHaveBeenCalled();
    expect(screen.getByText('Not a sample label or certificate: hello')).toBeTruthy();
  });

  it('keeps a tally in continuous mode and counts a label once', async () => {
    await i18n.changeLanguage('en');
    const onScan = vi.fn();
    const onOpenChange = vi.fn();
    render(<ScanDialog open continuous onOpenChange={onOpenChange} onScan={onScan} />);
    const user = userEvent.setup();
    const field = screen.getByLabelText('Type the IDFL number or certificate address');
    await user.type(field, 'IDFL-2026-00001{Enter}');
    await user.type(field, 'IDFL-2026-00002{Enter}');
    await waitFor(() => expect(screen.getByTestId('scan-tally').textContent).toBe('2 codes scanned'));
    await user.type(field, 'IDFL-2026-00001{Enter}');
    expect(screen.getByText('Already scanned: IDFL-2026-00001')).toBeTruthy();
    expect(onScan).toHaveBeenCalledTimes(2);
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('speaks Vietnamese', async () => {
    await i18n.changeLanguage('vi');
    render(<ScanDialog open onOpenChange={() => undefined} onScan={() => undefined} />);
    expect(await screen.findByText('Thiết bị này không có camera. Hãy nhập mã bên dưới.')).toBeTruthy();
    await i18n.changeLanguage('en');
  });
});
