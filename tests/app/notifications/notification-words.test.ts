import { describe, expect, it } from 'vitest';
import { notificationWords } from '@/app/features/notifications/notification-words';
import { retryDelay } from '@/app/features/notifications/notification-stream';
import { i18n } from '@/app/lib/words/i18n';
import { NOTIFICATION_KINDS } from '@/shared/workflow/notification-kinds';
import en from '@/shared/locales/en/notifications.json';
import vi from '@/shared/locales/vi/notifications.json';

describe('notifications in the reader’s language', () => {
  const confirmed = {
    kind: 'bookingConfirmed',
    params: { bookingNumber: 'BK-2026-00007' },
    title: 'Booking Confirmed',
    message: 'Booking BK-2026-00007 has been confirmed.',
  };

  it('uses the kind’s words, filled with its params, in English and Vietnamese', async () => {
    await i18n.changeLanguage('en');
    expect(notificationWords(confirmed, i18n.getFixedT('en', 'notifications'))).toEqual({
      title: 'Booking Confirmed',
      message: 'Booking BK-2026-00007 has been confirmed.',
    });
    expect(notificationWords(confirmed, i18n.getFixedT('vi', 'notifications'))).toEqual({
      title: 'Đã xác nhận đơn đặt',
      message: 'Đơn đặt BK-2026-00007 đã được xác nhận.',
    });
  });

  it('falls back to the server’s English for a kind it does not know', () => {
    const words = notificationWords(
      { kind: 'somethingNew', title: 'Something new', message: 'It happened.' },
      i18n.getFixedT('vi', 'notifications'),
    );
    expect(words).toEqual({ title: 'Something new', message: 'It happened.' });
  });

  it('has words for every kind the server writes, in both languages', () => {
    for (const kind of NOTIFICATION_KINDS) {
      expect(en.kinds[kind], kind).toMatchObject({ title: expect.any(String), message: expect.any(String) });
      expect(vi.kinds[kind], kind).toMatchObject({ title: expect.any(String), message: expect.any(String) });
    }
  });

  it('waits longer after each failed connection, up to 30 s', () => {
    expect([0, 1, 2, 3, 6, 10].map(retryDelay)).toEqual([0, 1_000, 2_000, 4_000, 30_000, 30_000]);
  });
});
