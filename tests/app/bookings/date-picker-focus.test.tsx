import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DatePicker } from '@/app/components/ui/date-picker';
import '@/app/lib/words/i18n';

function Picker({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return <DatePicker id="picked" value={value} onChange={setValue} min="2026-11-10" max="2026-12-31" />;
}

describe('the date picker by keyboard', () => {
  it('puts focus on the chosen day when Enter opens it, and Escape brings focus back to its button', async () => {
    const user = userEvent.setup();
    render(<Picker initial="2026-11-21" />);
    const opener = screen.getByRole('button', { name: 'Open the calendar' });
    opener.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: '21 November 2026' })));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Calendar' })).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('after a pick by keyboard, focus is back on the button with the new date shown', async () => {
    const user = userEvent.setup();
    render(<Picker initial="2026-11-21" />);
    const opener = screen.getByRole('button', { name: 'Open the calendar' });
    opener.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement?.getAttribute('data-date')).toBe('2026-11-21'));
    await user.keyboard('{Tab}');
    expect(document.activeElement?.getAttribute('data-date')).toBe('2026-11-22');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(screen.getByRole('textbox')).toHaveProperty('value', '22 November 2026');
  });
});
