import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import '@/app/lib/words/i18n';
import { i18n } from '@/app/lib/words/i18n';
import { ScanDialog } from '@/app/scan/scan-dialog';

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

  it('offers what a refused label still allows: its button closes the scanner and opens the sample', async () => {
    await i18n.changeLanguage('en');
    const open = vi.fn();
    const onOpenChange = vi.fn();
    const onScan = () => ({
      accepted: false as const,
      message: 'IDFL-2026-00003 is already checked in.',
      action: { label: 'Open IDFL-2026-00003', run: open },
    });
    render(<ScanDialog open continuous onOpenChange={onOpenChange} onScan={onScan} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Type the IDFL number or certificate address'), 'IDFL-2026-00003{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Open IDFL-2026-00003' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('queues scans that arrive while one is still being checked: 20 labels, none dropped, each outcome listed', async () => {
    await i18n.changeLanguage('en');
    const feedback = await import('@/app/scan/scan-feedback');
    const rejected = vi.spyOn(feedback, 'signalRejectedScan');
    const accepted = vi.spyOn(feedback, 'signalScan');
    const handled: string[] = [];
    // Each look-up takes longer than the gap between two scans, as a slow IndexedDB or network would.
    const onScan = async (text: string) => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      handled.push(text);
      return text.endsWith('13')
        ? { accepted: false as const, message: `Unknown label ${text}` }
        : { accepted: true as const, message: `Checked in ${text}` };
    };
    render(<ScanDialog open continuous onOpenChange={() => undefined} onScan={onScan} />);
    const field = screen.getByLabelText('Type the IDFL number or certificate address');
    const codes = Array.from({ length: 20 }, (_, i) => `IDFL-2026-${String(i + 1).padStart(5, '0')}`);
    for (const code of codes) {
      fireEvent.change(field, { target: { value: code } });
      fireEvent.submit(field.closest('form')!);
    }
    await waitFor(() => expect(handled).toHaveLength(20), { timeout: 5000 });
    expect(handled).toEqual(codes);
    const log = await screen.findByTestId('scan-log');
    await waitFor(() => expect(log.querySelectorAll('li')).toHaveLength(20));
    expect(log.querySelectorAll('li[data-outcome="ok"]')).toHaveLength(19);
    expect(log.querySelector('li[data-outcome="error"]')?.textContent).toContain('Unknown label IDFL-2026-00013');
    expect(screen.getByTestId('scan-tally').textContent).toBe('19 codes scanned');
    expect(accepted).toHaveBeenCalledTimes(19);
    expect(rejected).toHaveBeenCalledTimes(1);
  });

  it('speaks Vietnamese', async () => {
    await i18n.changeLanguage('vi');
    render(<ScanDialog open onOpenChange={() => undefined} onScan={() => undefined} />);
    expect(await screen.findByText('Thiết bị này không có camera. Hãy nhập mã bên dưới.')).toBeTruthy();
    await i18n.changeLanguage('en');
  });
});
