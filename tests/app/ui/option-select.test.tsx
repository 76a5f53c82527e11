import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { FilterSelect, nextMatch, OptionSelect, type SelectOption } from '@/app/components/option-select';

// A list's select is a plain button until first used (docs/performance.md): named, drawn and worked
// from the keyboard as Radix's select's button is, so nothing changes when the real one arrives.

const OPTIONS: SelectOption[] = [
  { value: 'all', label: 'All statuses' },
  { value: 'new', label: 'New' },
  { value: 'received', label: 'Received' },
  { value: 'rejected', label: 'Rejected' },
];

// Radix's open select scrolls its chosen option into view; jsdom lays nothing out.
beforeAll(() => {
  Element.prototype.scrollIntoView ??= () => undefined;
});

// An open Radix select hides the rest of the page from assistive technology, its own button too.
const combobox = (hidden = false) => screen.getByRole('combobox', { name: 'Filter by status', hidden });

function Harness() {
  const [value, setValue] = useState('all');
  return <OptionSelect label="Filter by status" value={value} onValueChange={setValue} options={OPTIONS} />;
}

describe('OptionSelect', () => {
  it('shows the chosen option in a combobox named by its label, closed, before it is fetched', () => {
    render(<Harness />);
    expect(combobox().textContent).toBe('All statuses');
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
  });

  it('chooses by typing while closed, as Radix does: the next option starting with the letters', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    combobox().focus();
    await user.keyboard('r');
    expect(combobox().textContent).toBe('Received');
    await user.keyboard('r');
    expect(combobox().textContent).toBe('Rejected');
  });

  it('opens its list from the keyboard, the same combobox, with every option', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    combobox().focus();
    await user.keyboard('{ArrowDown}');
    await screen.findByRole('listbox');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(OPTIONS.map((o) => o.label));
    await waitFor(() => expect(combobox(true).getAttribute('aria-expanded')).toBe('true'));
    expect(combobox(true).textContent).toBe('All statuses');
  });

  it('is named by a visible label through its id, shows its placeholder until chosen, before and after Radix arrives', async () => {
    const user = userEvent.setup();
    function Labelled() {
      const [value, setValue] = useState('');
      return (
        <>
          <label htmlFor="sample-status">Sample status</label>
          <OptionSelect
            id="sample-status"
            placeholder="Choose a status"
            value={value}
            onValueChange={setValue}
            options={OPTIONS}
          />
        </>
      );
    }
    render(<Labelled />);
    const named = (hidden = false) => screen.getByRole('combobox', { name: 'Sample status', hidden });
    expect(named().textContent).toBe('Choose a status');
    expect(named().hasAttribute('data-placeholder')).toBe(true);
    named().focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('option', { name: 'Rejected' }));
    await waitFor(() => expect(named().textContent).toBe('Rejected'));
    expect(named().id).toBe('sample-status');
    expect(named().hasAttribute('data-placeholder')).toBe(false);
  });
});

describe('FilterSelect', () => {
  function FilterHarness({ initial, chosen }: { initial?: string; chosen: string[] }) {
    const [value, setValue] = useState(initial);
    return (
      <FilterSelect
        label="Filter by status"
        anyLabel="All statuses"
        value={value}
        onValueChange={(next) => {
          chosen.push(next);
          setValue(next);
        }}
        options={OPTIONS.slice(1)}
      />
    );
  }

  it('shows "any" for no value, and gives the chosen value', async () => {
    const user = userEvent.setup();
    const chosen: string[] = [];
    render(<FilterHarness chosen={chosen} />);
    expect(combobox().textContent).toBe('All statuses');
    combobox().focus();
    await user.keyboard('n');
    expect(combobox().textContent).toBe('New');
    expect(chosen).toEqual(['new']);
  });

  it('gives an empty value when "any" is chosen', async () => {
    const user = userEvent.setup();
    const chosen: string[] = [];
    render(<FilterHarness initial="new" chosen={chosen} />);
    combobox().focus();
    await user.keyboard('a');
    expect(combobox().textContent).toBe('All statuses');
    expect(chosen).toEqual(['']);
  });
});

describe('nextMatch', () => {
  it('skips the chosen option for one letter, wraps, and steps through a repeated letter', () => {
    expect(nextMatch(OPTIONS, 'r', 'all')?.value).toBe('received');
    expect(nextMatch(OPTIONS, 'r', 'received')?.value).toBe('rejected');
    expect(nextMatch(OPTIONS, 'r', 'rejected')?.value).toBe('received');
    expect(nextMatch(OPTIONS, 'rr', 'received')?.value).toBe('rejected');
    expect(nextMatch(OPTIONS, 'rej', 'all')?.value).toBe('rejected');
    expect(nextMatch(OPTIONS, 'x', 'all')).toBeUndefined();
    expect(nextMatch(OPTIONS, 'a', 'all')).toBeUndefined();
    // A longer prefix that still fits the chosen option keeps it; with nothing chosen, the first fits.
    expect(nextMatch(OPTIONS, 're', 'received')).toBeUndefined();
    expect(nextMatch(OPTIONS, 'rej', 'received')?.value).toBe('rejected');
    expect(nextMatch(OPTIONS, 'n', '')?.value).toBe('new');
  });
});
