import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { NotificationBell } from '@/app/features/notifications/notification-bell';
import {
  addNotification,
  clearNotifications,
  listNotifications,
  removeNotification,
} from '@/app/features/notifications/notification-store';
import '@/app/lib/i18n';

describe('local notifications (spec 3, 4)', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('keeps notifications in localStorage, newest first, removable one by one or all at once', () => {
    const first = addNotification({ title: 'Booking Confirmed', message: 'BK-2026-00001 has been confirmed.' });
    const second = addNotification({ title: 'Sample arrived', message: 'IDFL-2026-00007 is waiting.' });
    expect(listNotifications().map((n) => n.id)).toEqual([second.id, first.id]);
    expect(JSON.parse(localStorage.getItem('notifications') ?? '[]')).toHaveLength(2);
    expect(first).toMatchObject({ id: expect.any(String), time: expect.any(String) });

    removeNotification(second.id);
    expect(listNotifications().map((n) => n.id)).toEqual([first.id]);
    clearNotifications();
    expect(listNotifications()).toEqual([]);
  });

  it('shows the count on the bell and lets the user remove and clear them', async () => {
    const user = userEvent.setup();
    render(<NotificationBell />);
    expect(screen.queryByTestId('notification-count')).toBeNull();

    act(() => {
      addNotification({ title: 'Booking Confirmed', message: 'BK-2026-00001 has been confirmed.' });
      addNotification({ title: 'Sample arrived', message: 'IDFL-2026-00007 is waiting.' });
    });
    expect(screen.getByTestId('notification-count').textContent).toBe('2');

    await user.click(screen.getByRole('button', { name: /Notifications/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Sample arrived')).toBeTruthy();
    await user.click(within(menu).getAllByRole('button', { name: 'Remove notification' })[0] as HTMLElement);
    expect(screen.getByTestId('notification-count').textContent).toBe('1');
    expect(within(menu).queryByText('Sample arrived')).toBeNull();

    await user.click(within(menu).getByRole('button', { name: 'Clear all' }));
    expect(screen.queryByTestId('notification-count')).toBeNull();
    expect(within(menu).getByText('No notifications')).toBeTruthy();
  });
});
