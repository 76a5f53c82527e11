import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/app/lib/words/i18n';
import { createQueryClient } from '@/app/lib/api/query-client';
import { BookingForm, useBookingForm } from '@/app/features/bookings/booking-form';
import { isRequiredField } from '@/shared/schemas/required-fields';

// The form fetches its schema (and zod) on its first check; here the module is loaded once up front
// so that a check waits for the form's own work, not for the test runner's first transform of zod.
await import('@/shared/schemas/booking');

// The booking form's own behaviour, without a server: conditional sections, the sample-type list,
// and where a failed submit puts the focus.

function PublicForm() {
  const form = useBookingForm();
  return <BookingForm form={form} channel="public" />;
}

/** The form, once all its sections are drawn: those after the first come one per task (docs/performance.md). */
async function renderForm() {
  const queryClient = createQueryClient();
  const rendered = render(
    <QueryClientProvider client={queryClient}>
      <PublicForm />
    </QueryClientProvider>,
  );
  await waitFor(() => expect(rendered.container.querySelector('button[type="submit"]')).not.toBeNull(), {
    timeout: 5_000,
  });
  return rendered;
}

const field = (label: string | RegExp) => screen.getByLabelText(label);

async function fillApplicantAndSample(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field(/^Contact person/), 'Lan Nguyen');
  await user.type(field(/^Company/), 'Mekong Seafood');
  await user.type(field(/^Telephone/), '+84 28 1234 5678');
  await user.type(field(/^Email\*?$/), 'lan@mekong.example');
  await user.type(field(/^Address/), '12 Nguyen Hue');
  await user.type(screen.getAllByLabelText(/^City \/ State \/ Country/)[0]!, 'Ho Chi Minh City, Vietnam');
  await user.type(field(/^Type\*?$/), 'Shrimp');
  await user.type(field(/^Composition/), 'Whole body');
  await user.type(field('Expected origin 1'), 'Vietnam');
}

describe('booking form', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('stars the applicant and retailer fields exactly where the schema requires them', async () => {
    const { bookingFormSchema } = await import('@/shared/schemas/booking');
    const { container } = await renderForm();
    const paths = [
      'applicantContactPerson',
      'applicantCompany',
      'telephone',
      'email',
      'address',
      'cityStateCountry',
      'emailReportToEmail',
      'retailerInfo.retailerName',
    ];
    for (const path of paths) {
      const input = container.querySelector(`input[name="${path}"]`);
      expect(input, path).not.toBeNull();
      const label = container.querySelector(`label[for="${input!.id}"]`);
      const starred = label?.querySelector('[data-required-mark]') != null;
      expect(starred, path).toBe(isRequiredField(bookingFormSchema, path));
    }
    // The two the issue found starred though optional.
    expect(isRequiredField(bookingFormSchema, 'emailReportToEmail')).toBe(false);
    expect(isRequiredField(bookingFormSchema, 'retailerInfo.retailerName')).toBe(false);
  });

  it('shows the payer fields only when the payer differs from the applicant', async () => {
    const user = userEvent.setup();
    await renderForm();
    expect(screen.queryByTestId('payer-fields')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'The payer differs from the applicant' }));
    const payer = screen.getByTestId('payer-fields');
    for (const label of ['Company name', 'Contact name', 'Phone', 'Email', 'Address', 'Send invoice to (email)']) {
      expect(within(payer).getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`))).toBeTruthy();
    }
    await user.click(screen.getByRole('checkbox', { name: 'The payer differs from the applicant' }));
    expect(screen.queryByTestId('payer-fields')).toBeNull();
  });

  it('opens and closes the factory block with its checkbox', async () => {
    const user = userEvent.setup();
    await renderForm();
    expect(screen.queryByTestId('factory-fields')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Add factory information' }));
    expect(within(screen.getByTestId('factory-fields')).getByLabelText(/^Factory name/)).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Add factory information' }));
    expect(screen.queryByTestId('factory-fields')).toBeNull();
  });

  it('keeps at least one sample type: remove is disabled for the last one', async () => {
    const user = userEvent.setup();
    await renderForm();
    const removeFirst = () => screen.getByRole('button', { name: 'Remove sample type 1' });
    expect(removeFirst()).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Add sample type' }));
    expect(removeFirst()).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Remove sample type 2' })).toHaveProperty('disabled', false);
    await user.click(screen.getByRole('button', { name: 'Remove sample type 2' }));
    expect(screen.queryByRole('button', { name: 'Remove sample type 2' })).toBeNull();
    expect(removeFirst()).toHaveProperty('disabled', true);
  });

  it('adds and removes expected origins of a sample type', async () => {
    const user = userEvent.setup();
    await renderForm();
    await user.click(screen.getByRole('button', { name: 'Add origin' }));
    expect(field('Expected origin 2')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove expected origin 2' }));
    expect(screen.queryByLabelText('Expected origin 2')).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove expected origin 1' })).toHaveProperty('disabled', true);
  });

  it('defaults the prepared date to today, shown as D MMMM YYYY, and takes typed MMMM D, YYYY dates', async () => {
    const user = userEvent.setup();
    await renderForm();
    const date = field(/^Sample prepared date/) as HTMLInputElement;
    const today = new Date();
    const months = [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ];
    expect(date.value).toBe(`${today.getDate()} ${months[today.getMonth()]} ${today.getFullYear()}`);

    const lastYear = today.getFullYear() - 1;
    const earlier = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 20);
    const shownEarlier = `${earlier.getDate()} ${months[earlier.getMonth()]} ${earlier.getFullYear()}`;
    await user.clear(date);
    await user.type(date, `${months[earlier.getMonth()]} ${earlier.getDate()}, ${earlier.getFullYear()}{Enter}`);
    expect(date.value).toBe(shownEarlier);

    // Out of bounds (more than a year back) and other forms are refused, and say why (the
    // typed text is no longer silently replaced; the form keeps its last good date until corrected).
    await user.clear(date);
    await user.type(date, `January 1, ${lastYear - 1}{Enter}`);
    expect(date.value).toBe(`January 1, ${lastYear - 1}`);
    expect(screen.getByText(/^The date must be between/)).toBeTruthy();
    await user.clear(date);
    await user.type(date, `01/02/${today.getFullYear()}{Enter}`);
    expect(screen.getByText(/^This is not a date we can read/)).toBeTruthy();
    await user.clear(date);
    await user.type(date, `${months[earlier.getMonth()]} ${earlier.getDate()}, ${earlier.getFullYear()}{Enter}`);
    expect(date.value).toBe(shownEarlier);
    expect(screen.queryByText(/^This is not a date we can read/)).toBeNull();
  });

  it('focuses the first field in error on an empty submit, with the messages shown', async () => {
    const user = userEvent.setup();
    await renderForm();
    await user.click(screen.getByRole('button', { name: 'Submit booking' }));
    await waitFor(() => expect(document.activeElement).toBe(field(/^Contact person/)));
    expect(screen.getAllByText('This field is required.').length).toBeGreaterThanOrEqual(6);
    expect(screen.getByText('Type is required')).toBeTruthy();
    expect(screen.getByText('Composition is required')).toBeTruthy();
    expect(screen.getByText('Expected origin is required')).toBeTruthy();
    expect(screen.getByText('Please confirm that all information provided is accurate and complete.')).toBeTruthy();
  });

  it('focuses the first bad field in page order, not in the order fields appeared', async () => {
    const user = userEvent.setup();
    await renderForm();
    await fillApplicantAndSample(user);
    // The payer block appears after the confirmation checkbox was registered, but sits above it.
    await user.click(screen.getByRole('checkbox', { name: 'The payer differs from the applicant' }));
    await user.click(screen.getByRole('button', { name: 'Submit booking' }));
    const payer = screen.getByTestId('payer-fields');
    await waitFor(() => expect(document.activeElement).toBe(within(payer).getByLabelText(/^Company name/)));
    expect(within(payer).getByText('Company name is required')).toBeTruthy();
    expect(within(payer).getByText('Invoice email is required')).toBeTruthy();
  });

  it("focuses a sample type's Type when the applicant block is complete", async () => {
    const user = userEvent.setup();
    await renderForm();
    await fillApplicantAndSample(user);
    await user.clear(field(/^Type\*?$/));
    await user.click(screen.getByRole('button', { name: 'Submit booking' }));
    await waitFor(() => expect(document.activeElement).toBe(field(/^Type\*?$/)));
  });

  it('focuses an unticked confirmation checkbox when it is the only problem', async () => {
    const user = userEvent.setup();
    await renderForm();
    await fillApplicantAndSample(user);
    await user.click(screen.getByRole('button', { name: 'Submit booking' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('checkbox', { name: 'I confirm that all information provided is accurate and complete' }),
      ),
    );
  });

  it('asks for confirmation once the form is valid', async () => {
    const user = userEvent.setup();
    await renderForm();
    await fillApplicantAndSample(user);
    await user.click(
      screen.getByRole('checkbox', { name: 'I confirm that all information provided is accurate and complete' }),
    );
    await user.click(screen.getByRole('button', { name: 'Submit booking' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText(
        'Are you sure you want to submit this booking? Please review your information before submitting.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('shows the messages in Vietnamese', async () => {
    await act(() => i18n.changeLanguage('vi'));
    await renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Gửi đơn đặt' }));
    await waitFor(() => expect(screen.getAllByText('Trường này là bắt buộc.').length).toBeGreaterThanOrEqual(6));
    expect(screen.getByText('Loại là bắt buộc')).toBeTruthy();
    expect(screen.getByText('Vui lòng xác nhận mọi thông tin đã cung cấp là chính xác và đầy đủ.')).toBeTruthy();
  });
});
