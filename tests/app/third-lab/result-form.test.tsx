import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/lib/words/i18n';
import { ResultForm } from '@/app/features/third-lab/result-form';
import type { StoredFile } from '@/app/features/third-lab/third-lab-queries';

// The third lab's result form: the three values are required together, with the spec's one message,
// each may carry its expanded uncertainty, and a chosen PDF is stored first and then referred to by id.

const REQUIRED = 'Carbon, Hydrogen, Oxygen is required';

function renderForm(overrides: Partial<Parameters<typeof ResultForm>[0]> = {}) {
  const onSubmit = vi.fn();
  const uploadPdf = vi.fn(async (file: File): Promise<StoredFile> => ({
    id: '6f1c2a54-9d0e-4a51-8a43-2b2f0c1d9e77',
    name: file.name,
    mimeType: 'application/pdf',
    size: file.size,
    url: '/api/files/6f1c2a54-9d0e-4a51-8a43-2b2f0c1d9e77',
  }));
  render(<ResultForm defaults={{}} onSubmit={onSubmit} uploadPdf={uploadPdf} {...overrides} />);
  return { onSubmit, uploadPdf };
}

describe('third-lab result form', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it("refuses an empty result with 'Carbon, Hydrogen, Oxygen is required' under each value", async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Save result' }));
    await waitFor(() => expect(screen.getAllByText(REQUIRED)).toHaveLength(3));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('answers a value outside the allowed range with that range, in English and Vietnamese', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm();
    await user.type(screen.getByLabelText('Carbon (δ13C)'), '-24.5');
    await user.type(screen.getByLabelText('Hydrogen (δ2H)'), '9999');
    await user.type(screen.getByLabelText('Oxygen (δ18O)'), '12.1');
    await user.click(screen.getByRole('button', { name: 'Save result' }));
    expect(await screen.findByText('Enter a value from -1000 to 1000 ‰')).toBeTruthy();
    expect(screen.queryByText('Enter a number')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
    await i18n.changeLanguage('vi');
    expect(await screen.findByText('Nhập một giá trị từ -1000 đến 1000 ‰')).toBeTruthy();
  });

  it('offers an optional uncertainty beside each value, answered with its range when out of it', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm({ defaults: { carbon: -20, hydrogen: -50, oxygen: 10 } });
    for (const label of ['Carbon uncertainty (± ‰)', 'Hydrogen uncertainty (± ‰)', 'Oxygen uncertainty (± ‰)']) {
      // Optional: no star and not marked required.
      expect(screen.getByLabelText(label).getAttribute('aria-required')).toBeNull();
    }
    await user.type(screen.getByLabelText('Hydrogen uncertainty (± ‰)'), '-1');
    await user.click(screen.getByRole('button', { name: 'Save result' }));
    expect(await screen.findByText('Enter an uncertainty from 0.01 to 100 ‰')).toBeTruthy();
    expect(screen.getByLabelText('Hydrogen uncertainty (± ‰)').getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
    await i18n.changeLanguage('vi');
    expect(await screen.findByText('Nhập độ không đảm bảo đo từ 0,01 đến 100 ‰')).toBeTruthy();
    expect(screen.getByLabelText('Độ không đảm bảo đo Hydro (± ‰)')).toBeTruthy();
  });

  it('names only the values left out', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm();
    await user.type(screen.getByLabelText('Carbon (δ13C)'), '-24.5');
    await user.type(screen.getByLabelText('Oxygen (δ18O)'), '12.1');
    await user.click(screen.getByRole('button', { name: 'Save result' }));
    await waitFor(() => expect(screen.getAllByText(REQUIRED)).toHaveLength(1));
    expect(screen.getByLabelText('Hydrogen (δ2H)').getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends numbers (a decimal comma included), the notes and the uploaded PDF id', async () => {
    const user = userEvent.setup();
    const { onSubmit, uploadPdf } = renderForm();
    await user.type(screen.getByLabelText('Carbon (δ13C)'), '-24,5');
    await user.type(screen.getByLabelText('Hydrogen (δ2H)'), '-60');
    await user.type(screen.getByLabelText('Oxygen (δ18O)'), '12.1');
    await user.type(screen.getByLabelText('Carbon uncertainty (± ‰)'), '0,15');
    await user.type(screen.getByLabelText('Notes (result summary)'), 'Typical of the Mekong delta');
    const pdf = new File(['%PDF-1.4'], 'result.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Upload PDF result', { selector: 'input' }), pdf);
    await waitFor(() => expect(screen.getByTestId('result-report').textContent).toContain('result.pdf'));
    expect(uploadPdf).toHaveBeenCalledWith(pdf);
    await user.click(screen.getByRole('button', { name: 'Save result' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      carbon: -24.5,
      hydrogen: -60,
      oxygen: 12.1,
      // Left empty: no uncertainty reported for hydrogen and oxygen.
      carbonUncertainty: 0.15,
      hydrogenUncertainty: null,
      oxygenUncertainty: null,
      // Not measured: sent empty.
      nitrogen: null,
      sulfur: null,
      nitrogenUncertainty: null,
      sulfurUncertainty: null,
      notes: 'Typical of the Mekong delta',
      reportFileId: '6f1c2a54-9d0e-4a51-8a43-2b2f0c1d9e77',
    });
  });

  it('takes δ15N and δ34S as optional values, each with its uncertainty, and refuses an uncertainty alone', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm({ defaults: { carbon: -20, hydrogen: -50, oxygen: 10 } });
    for (const label of ['Nitrogen (δ15N)', 'Sulfur (δ34S)', 'Sulfur uncertainty (± ‰)']) {
      expect(screen.getByLabelText(label).getAttribute('aria-required')).toBeNull();
    }
    await user.type(screen.getByLabelText('Nitrogen (δ15N)'), '8,9');
    await user.type(screen.getByLabelText('Nitrogen uncertainty (± ‰)'), '0.2');
    await user.type(screen.getByLabelText('Sulfur uncertainty (± ‰)'), '0.4');
    await user.click(screen.getByRole('button', { name: 'Save result' }));
    expect(await screen.findByText('Enter the value this uncertainty belongs to')).toBeTruthy();
    expect(screen.getByLabelText('Sulfur uncertainty (± ‰)').getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
    await i18n.changeLanguage('vi');
    expect(await screen.findByText('Nhập giá trị mà độ không đảm bảo đo này đi kèm')).toBeTruthy();
    expect(screen.getByLabelText('Lưu huỳnh (δ34S)')).toBeTruthy();

    await user.type(screen.getByLabelText('Lưu huỳnh (δ34S)'), '12.1');
    await user.click(screen.getByRole('button', { name: 'Lưu kết quả' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      nitrogen: 8.9,
      nitrogenUncertainty: 0.2,
      sulfur: 12.1,
      sulfurUncertainty: 0.4,
    });
  });

  it('keeps the values already entered', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm({ defaults: { carbon: -20, hydrogen: -50, oxygen: 10, notes: null } });
    await user.click(screen.getByRole('button', { name: 'Save result' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ carbon: -20, hydrogen: -50, oxygen: 10, notes: null });
  });
});
