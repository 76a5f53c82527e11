import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/app/lib/api-client';

export type LabContact = Awaited<ReturnType<typeof fetchLabContact>>;

async function fetchLabContact() {
  return (await unwrap(api.GET('/api/app-config'))).data.labContact;
}

/** The laboratory's customer-service address and phone, as the server is configured (app config). */
export const labContactQuery = queryOptions({
  queryKey: ['app-config', 'lab-contact'] as const,
  queryFn: fetchLabContact,
  staleTime: Infinity,
  meta: { handlesErrors: true },
});
