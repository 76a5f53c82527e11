import { act, render, screen } from '@testing-library/react';
import { Toaster, toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/app/lib/api/api-error';
import { handleError } from '@/app/lib/api/handle-error';
import { i18n } from '@/app/lib/words/i18n';
import { hasStoredUser, sessionEvents, storeSession } from '@/app/lib/session/session';
import { testerLogin } from '../support/session.ts';

const login = testerLogin(['CanViewDashboard']);

/** Hands the error on; the toast comes once sonner is loaded (`findByText` waits for it). */
async function showError(error: unknown) {
  await act(async () => {
    handleError(error);
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

describe('central error handler', () => {
  beforeEach(async () => {
    localStorage.clear();
    storeSession(login);
    await i18n.changeLanguage('en');
    render(<Toaster />);
  });

  afterEach(() => {
    act(() => toast.dismiss());
  });

  it("shows a red 'Error' toast with the server's message", async () => {
    await showError(new ApiError(409, { result: false, message: 'Sample is not in a state to transfer' }));
    expect(await screen.findByText('Error')).toBeTruthy();
    expect(await screen.findByText('Sample is not in a state to transfer')).toBeTruthy();
    expect(document.querySelector('[data-type="error"]')).not.toBeNull();
    expect(hasStoredUser()).toBe(true);
  });

  it('shows an error handed on twice in one toast, not one behind the other', async () => {
    const answer = { result: false, message: 'Sample is not in a state to transfer' };
    await showError(new ApiError(409, answer));
    await showError(new ApiError(409, answer));
    expect(await screen.findByText('Sample is not in a state to transfer')).toBeTruthy();
    expect(screen.getAllByText('Sample is not in a state to transfer')).toHaveLength(1);
    expect(document.querySelectorAll('[data-type="error"]')).toHaveLength(1);
  });

  it("falls back to 'Server internal error!' when the answer has no message", async () => {
    await showError(new ApiError(500, 'Internal Server Error'));
    expect(await screen.findByText('Server internal error!')).toBeTruthy();
  });

  it("says 'Server internal error!' for anything that is not an answer or a network failure", async () => {
    await showError(new Error('undefined is not a function'));
    expect(await screen.findByText('Server internal error!')).toBeTruthy();
  });

  it('says the app is offline when no answer came, and keeps the user signed in', async () => {
    await showError(new TypeError('Failed to fetch'));
    expect(await screen.findByText('Offline')).toBeTruthy();
    expect(hasStoredUser()).toBe(true);
  });

  it("says 'Server unavailable' (not an error or an empty list) while the server's database is away", async () => {
    await showError(
      new ApiError(503, { result: false, message: 'The database is unavailable.', code: 'DATABASE_UNAVAILABLE' }),
    );
    await showError(new ApiError(503, { result: false, message: 'Restarting', code: 'shuttingDown' }));
    expect(screen.getAllByText('Server unavailable')).toHaveLength(1);
    expect(await screen.findByText(/changes are kept on this device/)).toBeTruthy();
    expect(hasStoredUser()).toBe(true);
    act(() => toast.dismiss());
    await i18n.changeLanguage('vi');
    await showError(new ApiError(503, { result: false, message: 'x', code: 'DATABASE_UNAVAILABLE' }));
    expect(await screen.findByText('Máy chủ tạm thời không khả dụng')).toBeTruthy();
    await i18n.changeLanguage('en');
  });

  it('ends the session on a 401: storage cleared and the expiry announced once', async () => {
    const expired = vi.fn();
    sessionEvents.addEventListener('expired', expired);
    await showError(new ApiError(401, { result: false, message: 'Unauthorized' }));
    await showError(new ApiError(401, { result: false, message: 'Unauthorized' }));
    sessionEvents.removeEventListener('expired', expired);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(hasStoredUser()).toBe(false);
    expect(localStorage.getItem('user_info')).toBeNull();
  });

  it('translates the toast title and the server message in Vietnamese', async () => {
    await i18n.changeLanguage('vi');
    await showError(new ApiError(400, { result: false, message: 'Role name is required' }));
    expect(await screen.findByText('Lỗi')).toBeTruthy();
    expect(await screen.findByText('Vui lòng nhập tên vai trò')).toBeTruthy();
    await i18n.changeLanguage('en');
  });

  it('says the workflow states a message names in words, never as codes', async () => {
    await showError(
      new ApiError(409, {
        result: false,
        message: 'Booking B-2026-0001 is Cancelled; only an unconfirmed booking can be cancelled.',
        code: 'bookingWrongStateCancel',
        params: { bookingNumber: 'B-2026-0001', status: 'Cancelled' },
      }),
    );
    expect(
      await screen.findByText('Booking B-2026-0001 is Cancelled; only an unconfirmed booking can be cancelled.'),
    ).toBeTruthy();
    await showError(
      new ApiError(409, {
        result: false,
        message: 'Sample IDFL-2026-00007 is SentToTester; this action needs New or CsConfirmed.',
        code: 'sampleWrongState',
        params: { idflNumber: 'IDFL-2026-00007', status: 'SentToTester', needed: ['New', 'CsConfirmed'] },
      }),
    );
    expect(
      await screen.findByText('Sample IDFL-2026-00007 is Sent to tester; this action needs New or CS confirmed.'),
    ).toBeTruthy();
  });

  it('says a server message with values in Vietnamese, by its code', async () => {
    await i18n.changeLanguage('vi');
    await showError(
      new ApiError(409, {
        result: false,
        message: 'Sample IDFL-2026-00007 is SentToTester; this action needs New or CsConfirmed.',
        code: 'sampleWrongState',
        params: { idflNumber: 'IDFL-2026-00007', status: 'SentToTester', needed: ['New', 'CsConfirmed'] },
      }),
    );
    expect(
      await screen.findByText(
        'Mẫu IDFL-2026-00007 đang ở trạng thái Đã chuyển kiểm nghiệm; thao tác này cần trạng thái Mới hoặc CS đã xác nhận.',
      ),
    ).toBeTruthy();
    await showError(
      new ApiError(409, {
        result: false,
        message: 'This country is assigned to 3 account(s); assign them another country first.',
        code: 'countryHasAccounts',
        params: { count: 3 },
      }),
    );
    expect(
      await screen.findByText(
        'Quốc gia này đang được gán cho 3 tài khoản; hãy gán quốc gia khác cho các tài khoản đó trước.',
      ),
    ).toBeTruthy();
    await i18n.changeLanguage('en');
  });
});
