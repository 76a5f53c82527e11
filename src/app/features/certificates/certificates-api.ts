import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/app/lib/api/api-client';
import { ApiError } from '@/app/lib/api/api-error';
import { showInTab } from '@/app/lib/api/stored-files';
import type { CertificateVerification } from '@/shared/certificate';

// Certificates: the public check by token, and the staff actions on a sample's certificates.

const certificateQueries = {
  all: ['certificates'] as const,
  verification: (token: string) => ['certificates', 'verify', token] as const,
  bySample: (sampleId: number) => ['certificates', 'by-sample', sampleId] as const,
};

/** The public verification of a token; a 404 (unknown) or 429 is shown by the page, not as a toast. */
export function useCertificateVerification(token: string) {
  return useQuery({
    queryKey: certificateQueries.verification(token),
    meta: { handlesErrors: true },
    staleTime: 0,
    queryFn: async () => {
      const { data } = await unwrap(api.GET('/api/issue-certificate', { params: { query: { token } } }));
      return data as CertificateVerification;
    },
  });
}

export function useSampleCertificates(sampleId: number) {
  return useQuery({
    queryKey: certificateQueries.bySample(sampleId),
    queryFn: async () =>
      (await unwrap(api.GET('/api/issue-certificate/by-sample/{id}', { params: { path: { id: sampleId } } }))).data,
  });
}

export function useIssueSampleCertificate(sampleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // `supersedes` names the version on screen, so a double click asks twice for the same version and
    // the server answers the second with the certificate the first issued.
    // A re-issue carries its reason, printed on the new version as the amendment's.
    mutationFn: async ({ supersedes, reason }: { supersedes: number; reason?: string }) =>
      (
        await unwrap(
          api.PUT('/api/issue-certificate', {
            params: { query: { id: sampleId, supersedes } },
            ...(reason ? { body: { reason } } : {}),
          }),
        )
      ).data,
    onSettled: () => queryClient.invalidateQueries(),
  });
}

/** Sends a version to the client's report address (the server records the mail and delivers it). */
export function useSendSampleCertificate(sampleId: number) {
  return useMutation({
    mutationFn: async (version: number) =>
      (await unwrap(api.POST('/api/issue-certificate/send', { params: { query: { id: sampleId, version } } }))).data,
  });
}

export function useRevokeSampleCertificate(sampleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (reason: string) =>
      (
        await unwrap(
          api.PUT('/api/issue-certificate/revoke', { params: { query: { id: sampleId } }, body: { reason } }),
        )
      ).data,
    // The sample's own status word changes too ("Certificate revoked"), not only its certificates.
    onSettled: () => queryClient.invalidateQueries(),
  });
}

/**
 * Opens a certificate's PDF (needs the bearer token, so no plain link). The tab is opened before the
 * fetch, while the click still counts as a user gesture, so popup blockers let it through.
 */
export function openCertificatePdf(token: string) {
  return showInTab(window.open('', '_blank'), async () => {
    const { data, error, response } = await api.GET('/api/issue-certificate/file', {
      params: { query: { token } },
      parseAs: 'blob',
    });
    if (!response.ok || !data) throw new ApiError(response.status, error);
    return data as Blob;
  });
}
