import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/lib/words/i18n';
import { AddMaterialDialog } from '@/app/features/reference-materials/add-material-dialog';
import { NewValueDialog } from '@/app/features/reference-materials/new-value-dialog';

// The registry's two dialogs check what the shared schemas check, with their messages under the
// boxes they are about, in the reader's language, before anything is sent; what is sent is the
// schema's input (names split, the element's own scale, the day given).

const sent = vi.hoisted(() => ({ material: vi.fn(), value: vi.fn() }));

vi.mock('@/app/features/reference-materials/reference-material-queries', () => ({
  useCreateReferenceMaterial: () => ({ isPending: false, mutate: sent.material }),
  useAddReferenceValue: () => ({ isPending: false, mutate: sent.value }),
}));

const alertUnder = (input: HTMLElement) => {
  const id = input.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};

function renderAdd() {
  render(<AddMaterialDialog open onOpenChange={() => undefined} onAdded={() => undefined} />);
  return screen.getByRole('dialog', { name: 'Add a reference material' });
}

describe('add reference material dialog', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    sent.material.mockReset();
    sent.value.mockReset();
  });

  it('marks only what the schema requires, and says under each box what is missing or wrong', async () => {
    const user = userEvent.setup();
    const dialog = renderAdd();
    // The red star stands beside the name and the material only.
    expect(within(dialog).getByLabelText('Name*')).toBeTruthy();
    expect(within(dialog).getByLabelText('Material*')).toBeTruthy();
    expect(within(dialog).getByLabelText('Aliases')).toBeTruthy();
    expect(within(dialog).getByLabelText('Kind')).toBeTruthy();
    expect(dialog.querySelectorAll('[data-required-mark]')).toHaveLength(2);

    // An uncertainty without its value, and a value outside the scale's range.
    await user.type(within(dialog).getByLabelText('Uncertainty (‰), δ13C'), '0.1');
    await user.type(within(dialog).getByLabelText('Value (‰), δ15N'), '2000');
    await user.click(within(dialog).getByRole('button', { name: 'Add reference material' }));

    await waitFor(() => expect(alertUnder(within(dialog).getByLabelText('Name*'))).toBe('Name is required'));
    expect(alertUnder(within(dialog).getByLabelText('Material*'))).toBe('Material is required');
    expect(alertUnder(within(dialog).getByLabelText('Value (‰), δ13C'))).toBe('Enter a number');
    expect(alertUnder(within(dialog).getByLabelText('Value (‰), δ15N'))).toBe('Enter a value from -1000 to 1000 ‰');
    expect(sent.material).not.toHaveBeenCalled();
  });

  it('says the same in Vietnamese', async () => {
    await i18n.changeLanguage('vi');
    const user = userEvent.setup();
    render(<AddMaterialDialog open onOpenChange={() => undefined} onAdded={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Thêm một vật liệu chuẩn' });
    await user.type(within(dialog).getByLabelText('Độ không đảm bảo (‰), δ2H'), '500');
    await user.click(within(dialog).getByRole('button', { name: 'Thêm vật liệu chuẩn' }));
    await waitFor(() => expect(alertUnder(within(dialog).getByLabelText('Tên*'))).toBe('Vui lòng nhập tên'));
    expect(alertUnder(within(dialog).getByLabelText('Vật liệu*'))).toBe('Vui lòng nhập vật liệu');
    expect(alertUnder(within(dialog).getByLabelText('Độ không đảm bảo (‰), δ2H'))).toBe(
      'Nhập độ không đảm bảo từ 0 đến 100 ‰',
    );
    expect(sent.material).not.toHaveBeenCalled();
  });

  it('sends the schema’s input: aliases split, only the elements given, each on its own scale', async () => {
    const user = userEvent.setup();
    const dialog = renderAdd();
    await user.type(within(dialog).getByLabelText('Name*'), 'LAB-SUCROSE-1');
    await user.type(within(dialog).getByLabelText('Aliases'), 'SUC1; Lab sucrose 1');
    await user.type(within(dialog).getByLabelText('Material*'), 'Cane sucrose, in-house');
    await user.type(within(dialog).getByLabelText('Value (‰), δ13C'), '-11.64');
    await user.type(within(dialog).getByLabelText('Uncertainty (‰), δ13C'), '0.05');
    await user.type(within(dialog).getByLabelText('Value (‰), δ18O'), '36.1');
    await user.click(within(dialog).getByRole('button', { name: 'Add reference material' }));
    await waitFor(() => expect(sent.material).toHaveBeenCalledTimes(1));
    const [input] = sent.material.mock.calls[0]!;
    expect(input).toMatchObject({
      name: 'LAB-SUCROSE-1',
      aliases: ['SUC1', 'Lab sucrose 1'],
      material: 'Cane sucrose, in-house',
      kind: 'inHouse',
      values: [
        { element: 'carbon', value: -11.64, uncertainty: 0.05, scale: 'VPDB' },
        { element: 'oxygen', value: 36.1, uncertainty: null, scale: 'VSMOW-SLAP' },
      ],
    });
    // Each value valid from the laboratory's today unless told otherwise.
    expect(input.values[0].validFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('new value dialog', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    sent.value.mockReset();
  });

  const renderNewValue = () => {
    render(
      <NewValueDialog material={{ id: 7, name: 'USGS42' }} element="hydrogen" open onOpenChange={() => undefined} />,
    );
    return screen.getByRole('dialog', { name: 'New value of δ2H for USGS42' });
  };

  it('requires the value (its one red star) and checks the uncertainty', async () => {
    const user = userEvent.setup();
    const dialog = renderNewValue();
    expect(dialog.querySelectorAll('[data-required-mark]')).toHaveLength(1);
    expect(within(dialog).getByLabelText('Scale')).toHaveProperty('value', 'VSMOW');
    await user.type(within(dialog).getByLabelText('Uncertainty (‰)'), '-1');
    await user.click(within(dialog).getByRole('button', { name: 'Add value' }));
    await waitFor(() => expect(alertUnder(within(dialog).getByLabelText('Value (‰)*'))).toBe('Enter a number'));
    expect(alertUnder(within(dialog).getByLabelText('Uncertainty (‰)'))).toBe('Enter an uncertainty from 0 to 100 ‰');
    expect(sent.value).not.toHaveBeenCalled();
  });

  it('sends a new version of the element on its scale, from the day given', async () => {
    const user = userEvent.setup();
    const dialog = renderNewValue();
    await user.type(within(dialog).getByLabelText('Value (‰)*'), '-72.9');
    await user.type(within(dialog).getByLabelText('Uncertainty (‰)'), '2.2');
    await user.type(within(dialog).getByLabelText('Source'), 'USGS RST 2016');
    await user.click(within(dialog).getByRole('button', { name: 'Add value' }));
    await waitFor(() => expect(sent.value).toHaveBeenCalledTimes(1));
    expect(sent.value.mock.calls[0]![0]).toMatchObject({
      element: 'hydrogen',
      value: -72.9,
      uncertainty: 2.2,
      scale: 'VSMOW-SLAP',
      source: 'USGS RST 2016',
    });
  });
});
