import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TableStatusRow } from '@/app/components/table-status-row';
import { Table, TableBody } from '@/app/components/ui/table';
import { ApiError } from '@/app/lib/api/api-error';
import { i18n } from '@/app/lib/words/i18n';
import { createQueryClient } from '@/app/lib/api/query-client';

async function settle(run: () => Promise<unknown>) {
  await act(async () => {
    await run().catch(() => undefined);
  });
}

describe('an empty list while the server is unavailable', () => {
  it("says 'Server unavailable', not 'No data', until the server answers again", async () => {
    await i18n.changeLanguage('en');
    const queryClient = createQueryClient();
    render(
      <Table>
        <TableBody>
          <TableStatusRow columns={3} isLoading={false} error={null} />
        </TableBody>
      </Table>,
    );
    expect(screen.getByText('No data')).toBeTruthy();

    const unavailable = new ApiError(503, { result: false, message: 'x', code: 'DATABASE_UNAVAILABLE' });
    await settle(() =>
      queryClient.fetchQuery({ queryKey: ['samples'], queryFn: () => Promise.reject(unavailable), retry: false }),
    );
    expect(screen.getByText('Server unavailable')).toBeTruthy();

    // Offline (no answer at all) says nothing new about the server.
    await settle(() =>
      queryClient.fetchQuery({
        queryKey: ['offline'],
        queryFn: () => Promise.reject(new TypeError('Failed to fetch')),
        retry: false,
      }),
    );
    expect(screen.getByText('Server unavailable')).toBeTruthy();

    await settle(() => queryClient.fetchQuery({ queryKey: ['samples', 'again'], queryFn: async () => [] }));
    expect(screen.getByText('No data')).toBeTruthy();
  });
});
