import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/lib/words/i18n';
import { createQueryClient } from '@/app/lib/api/query-client';
import { ConclusionForm } from '@/app/features/supervisor/conclusion-form';
import { TransferIdflDialog } from '@/app/features/supervisor/transfer-idfl-dialog';

// The supervisor's forms check what the shared schemas check, with the spec's messages, before
// anything is sent.

describe('supervisor conclusion form', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it("requires the expected conclusion ('Expected conclusion is required')", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ConclusionForm defaults={{}} onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Save conclusion' }));
    await waitFor(() => expect(screen.getByText('Expected conclusion is required')).toBeTruthy());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the conclusion with the consistency answers and the ratios as a map', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <ConclusionForm
        defaults={{ consistentWithXinjiangOrigin: false, evaluationByRegionRatio: { 'Mekong Delta': 80 } }}
        onSubmit={onSubmit}
      />,
    );
    await user.type(screen.getByLabelText('Expected conclusion*'), 'Vietnam');
    await user.type(screen.getByRole('textbox', { name: 'Conclusion' }), 'Consistent with the declared origin');
    await user.type(screen.getByLabelText('Predicted origin'), 'Mekong Delta');
    await user.type(screen.getByLabelText('Reason for the origin conclusion'), 'Client documents the farm');
    await user.click(screen.getAllByRole('button', { name: 'Add a row' })[0]!);
    await user.type(screen.getByLabelText('Region 2'), 'Red River Delta');
    await user.clear(screen.getByLabelText('Percent 2'));
    await user.type(screen.getByLabelText('Percent 2'), '20');
    await user.click(screen.getByRole('button', { name: 'Save conclusion' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      expectedConclusion: 'Vietnam',
      conclusion: 'Consistent with the declared origin',
      predictedOrigin: 'Mekong Delta',
      originReason: 'Client documents the farm',
      consistentWithPredictedOrigin: null,
      consistentWithXinjiangOrigin: false,
      evaluationByRegionRatio: { 'Mekong Delta': 80, 'Red River Delta': 20 },
      evaluationByMixRatio: null,
    });
  });

  it('refuses a ratio row without a name', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ConclusionForm defaults={{ expectedConclusion: 'Vietnam' }} onSubmit={onSubmit} />);
    await user.click(screen.getAllByRole('button', { name: 'Add a row' })[1]!);
    await user.click(screen.getByRole('button', { name: 'Save conclusion' }));
    await waitFor(() => expect(screen.getByText('Name is required')).toBeTruthy());
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('transfer IDFL data dialog', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it("requires latitude and longitude ('Latitude is required', 'Longitude is required')", async () => {
    const user = userEvent.setup();
    const queryClient = createQueryClient();
    // The country list is not needed for this rule; it is answered from the cache, not the network.
    queryClient.setQueryData(['lookups', 'countries'], [{ id: 1, code: 'VN', name: 'Vietnam' }]);
    render(
      <QueryClientProvider client={queryClient}>
        <TransferIdflDialog
          sample={{ id: 7, idflNumber: 'IDFL-2026-00007', countryCode: 'VN' }}
          open
          onOpenChange={() => undefined}
        />
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(screen.getByText('Latitude is required')).toBeTruthy());
    expect(screen.getByText('Longitude is required')).toBeTruthy();
    expect(screen.getByLabelText('Latitude*').getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses a latitude out of range', async () => {
    const user = userEvent.setup();
    const queryClient = createQueryClient();
    queryClient.setQueryData(['lookups', 'countries'], [{ id: 1, code: 'VN', name: 'Vietnam' }]);
    render(
      <QueryClientProvider client={queryClient}>
        <TransferIdflDialog
          sample={{ id: 7, idflNumber: 'IDFL-2026-00007', countryCode: 'VN' }}
          open
          onOpenChange={() => undefined}
        />
      </QueryClientProvider>,
    );
    await user.type(screen.getByLabelText('Latitude*'), '95');
    await user.type(screen.getByLabelText('Longitude*'), '105.8');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(screen.getByText('Latitude must be between -90 and 90')).toBeTruthy());
  });
});
