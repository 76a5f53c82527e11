import { z } from '@hono/zod-openapi';
import { serverMessage } from '../../../shared/server-messages.ts';
import {
  certificateStatuses,
  reissueCertificateSchema,
  revokeCertificateSchema,
  verificationStatuses,
} from '../../../shared/certificate.ts';
import { workflowActions } from '../../../shared/workflow/sample-workflow.ts';
import { tellClientOfSample } from '../../http/client-mail.ts';
import type { AppRouter } from '../../http/context.ts';
import { laboratoryOf } from '../../laboratory.ts';
import { envelope, ok } from '../../http/responses.ts';
import { publicBaseUrl } from '../../http/public-url.ts';
import { defineRoute } from '../../http/route.ts';
import {
  issueCertificate,
  listSampleCertificates,
  revokeCertificate,
} from '../../services/certificates/certificates.ts';
import { verifyCertificate } from '../../services/certificates/certificate-verification.ts';
import { loadCertificateFile } from '../../services/certificates/certificate-files.ts';
import { sendCertificate } from '../../services/certificates/certificate-mail.ts';
import { fileDownloadHeaders } from '../../services/files.ts';
import { loadCertificateSigning } from '../../services/certificates/certificate-signing.ts';
import { pdfUnavailableResponse } from '../../http/pdf-responses.ts';
import { countEvent, tooManyRequests } from '../../services/accounts/rate-limit.ts';
import { clientAddress } from '../../http/client-address.ts';
import { idParam, idQuery } from '../../http/params.ts';

// Certificates of analysis: GET /api/issue-certificate?token (public check), PUT /api/issue-certificate?id (issue).
// Verification is public and rate-limited per address, so tokens cannot be guessed by brute force.

/** Generous for a person or a bench scanning a pile of certificates; far too few to guess 256-bit tokens. */
export const VERIFY_LIMIT = { limit: 60, seconds: 60 };
export const VERIFY_LIMIT_MESSAGE = serverMessage('tooManyCertificateChecks');

const tokenQuery = z.object({
  token: z
    .string()
    .min(1, 'The certificate code is required')
    .max(200)
    .openapi({ description: 'The certificate token' }),
});

const uncertaintyOf = (isotope: string) =>
  z
    .number()
    .nullable()
    .optional()
    .openapi({
      description: `Expanded uncertainty of ${isotope}, ± ‰, as the third lab reported it; absent on older certificates`,
    });

const resultsSchema = z.object({
  carbon: z.number().nullable(),
  hydrogen: z.number().nullable(),
  oxygen: z.number().nullable(),
  carbonUncertainty: uncertaintyOf('carbon'),
  hydrogenUncertainty: uncertaintyOf('hydrogen'),
  oxygenUncertainty: uncertaintyOf('oxygen'),
  nitrogen: z
    .number()
    .nullable()
    .optional()
    .openapi({ description: 'δ15N ‰ AIR, when measured; absent on older certificates' }),
  sulfur: z
    .number()
    .nullable()
    .optional()
    .openapi({ description: 'δ34S ‰ VCDT, when measured; absent on older certificates' }),
  nitrogenUncertainty: uncertaintyOf('nitrogen'),
  sulfurUncertainty: uncertaintyOf('sulfur'),
});

const issueQuery = idQuery.extend({
  supersedes: z.coerce
    .number({ error: 'supersedes must be a certificate version' })
    .int('supersedes must be a certificate version')
    .min(0, 'supersedes must be a certificate version')
    .max(100_000, 'supersedes must be a certificate version')
    .optional()
    .openapi({
      description:
        'The certificate version this issue replaces (absent or 0 for the first). Issuing is idempotent per sample and version: when version supersedes+1 exists, it is the answer.',
    }),
});

const verificationSchema = z
  .object({
    status: z.enum(verificationStatuses).openapi({
      description:
        'Tampered: the stored certificate no longer matches the content hash its issue sealed into the chain of custody; what it says must not be relied on',
    }),
    version: z.number().int(),
    issuedAt: z.string(),
    idflNumber: z.string(),
    sampleType: z.string().nullable(),
    client: z.string().nullable(),
    results: resultsSchema,
    conclusion: z.string().nullable(),
    predictedOrigin: z.string().nullable(),
    signatory: z.string(),
    signatoryRole: z
      .string()
      .nullable()
      .optional()
      .openapi({ description: "The signatory's function: their role's name, as the certificate prints it" }),
    laboratory: z
      .string()
      .openapi({ description: "The issuing laboratory's name and address, as the certificate states them" }),
    revokedAt: z.string().nullable().optional(),
    revokeReason: z.string().nullable().optional(),
    origin: z.record(z.string(), z.unknown()).nullable().optional().openapi({
      description: "The saved origin analysis' verdict, evidence and decision rules, as the certificate states it",
    }),
    originReason: z.string().nullable().optional(),
    supersededByVersion: z
      .number()
      .int()
      .nullable()
      .optional()
      .openapi({ description: 'The version that replaced this one, when it was' }),
    amendmentReason: z
      .string()
      .nullable()
      .optional()
      .openapi({ description: 'Why the version that replaced this one was issued' }),
    currentVersion: z
      .object({ version: z.number().int(), status: z.enum(certificateStatuses), issuedAt: z.string() })
      .nullable()
      .optional()
      .openapi({ description: "The sample's certificate in force now, when this version is not it" }),
  })
  .openapi('CertificateVerification');

const issuedSchema = z
  .object({ id: z.number().int(), token: z.string(), version: z.number().int(), url: z.string(), fileId: z.string() })
  .openapi('IssuedCertificate');

const certificateSchema = z
  .object({
    id: z.number().int(),
    sampleEntryId: z.number().int(),
    token: z.string(),
    version: z.number().int(),
    status: z.enum(certificateStatuses),
    fileId: z.string().nullable(),
    issuedAt: z.string(),
    issuedBy: z.number().int().nullable(),
    signatory: z.string().nullable(),
    revokedAt: z.string().nullable(),
    revokeReason: z.string().nullable(),
    supersededById: z.number().int().nullable(),
    amendmentReason: z
      .string()
      .nullable()
      .openapi({ description: 'Why this version replaced the one before (printed on it); null for the first' }),
  })
  .openapi('Certificate');

const verifyRoute = defineRoute({
  method: 'get',
  path: '/api/issue-certificate',
  tags: ['Certificates'],
  summary: 'Verify a certificate by its token (public, rate-limited): its standing and what it certifies',
  access: 'public',
  request: { query: tokenQuery },
  responses: {
    200: { description: 'The certificate', content: { 'application/json': { schema: envelope(verificationSchema) } } },
    404: { description: 'No certificate has this token' },
  },
});

const issueRoute = defineRoute({
  method: 'put',
  path: '/api/issue-certificate',
  offline: true,
  tags: ['Certificates'],
  summary:
    'Issue the certificate of a ResultConfirmed sample (→ Completed), or re-issue a Completed one as version n+1 (the previous becomes Superseded)',
  // A re-issue is no transition, but the same hands issue every version.
  access: workflowActions.issueCertificate.permissions,
  request: {
    query: issueQuery,
    body: {
      content: { 'application/json': { schema: reissueCertificateSchema } },
      required: false,
      description:
        'A re-issue (supersedes ≥ 1) gives its reason, printed on the new version; the first issue needs no body',
    },
  },
  responses: {
    200: { description: 'Issued', content: { 'application/json': { schema: envelope(issuedSchema) } } },
    ...pdfUnavailableResponse,
  },
});

const revokeRoute = defineRoute({
  method: 'put',
  path: '/api/issue-certificate/revoke',
  tags: ['Certificates'],
  summary: "Revoke a sample's valid certificate, with a reason shown on the public page",
  access: ['CanConfirmFinalResult'],
  request: {
    query: idQuery,
    body: { content: { 'application/json': { schema: revokeCertificateSchema } }, required: true },
  },
  responses: {
    200: { description: 'Revoked', content: { 'application/json': { schema: envelope(certificateSchema) } } },
  },
});

const sendRoute = defineRoute({
  method: 'post',
  path: '/api/issue-certificate/send',
  tags: ['Certificates'],
  summary: "Send a certificate version's verification address to the client's report e-mail (the booking's)",
  access: ['CanConfirmFinalResult'],
  request: {
    query: idQuery.extend({
      version: z.coerce
        .number({ error: 'version must be a certificate version' })
        .int('version must be a certificate version')
        .min(1, 'version must be a certificate version')
        .max(100_000, 'version must be a certificate version'),
    }),
  },
  responses: {
    200: {
      description: 'Recorded for delivery',
      content: { 'application/json': { schema: envelope(certificateSchema.extend({ sentTo: z.string() })) } },
    },
    404: { description: 'No such sample or certificate version' },
  },
});

const fileRoute = defineRoute({
  method: 'get',
  path: '/api/issue-certificate/file',
  tags: ['Certificates'],
  summary: 'The PDF certificate of analysis of a token',
  access: 'signedIn',
  request: { query: tokenQuery },
  responses: {
    200: {
      description: 'The PDF',
      content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    404: { description: 'No certificate has this token' },
  },
});

const bySampleRoute = defineRoute({
  method: 'get',
  path: '/api/issue-certificate/by-sample/{id}',
  tags: ['Certificates'],
  summary: 'Every certificate version of a sample, newest first',
  access: ['CanConfirmFinalResult', 'CanViewDetailSampleEntrySupervisor', 'CanViewDetailSampleEntryCs'],
  request: { params: idParam },
  responses: {
    200: {
      description: 'Certificates',
      content: { 'application/json': { schema: envelope(z.array(certificateSchema)) } },
    },
  },
});

export function registerCertificateRoutes(app: AppRouter) {
  app.openapi(verifyRoute, async (c) => {
    const count = await countEvent(c.var.db, `certificate-verify:address:${clientAddress(c)}`, VERIFY_LIMIT);
    if (count > VERIFY_LIMIT.limit) throw tooManyRequests('tooManyCertificateChecks');
    const verification = await verifyCertificate(c.var.db, c.req.valid('query').token);
    c.header('cache-control', 'no-store');
    return ok(
      c,
      verification,
      verification.status === 'Tampered'
        ? `Certificate ${verification.idflNumber} version ${verification.version} was altered after it was issued: it is not valid.`
        : `Certificate ${verification.idflNumber} version ${verification.version} is ${verification.status}.`,
    );
  });

  app.openapi(issueRoute, async (c) => {
    const baseUrl = publicBaseUrl(c.var.deps.env, c.req.url);
    const { id, supersedes } = c.req.valid('query');
    const reason = c.req.valid('json')?.reason;
    const issued = await issueCertificate(c.var.db, {
      id,
      supersedes,
      reason,
      by: c.var.auth,
      signatoryRole: c.var.auth.roleName,
      baseUrl,
      laboratory: laboratoryOf(c.var.deps.env),
      timeZone: c.var.deps.env.LAB_TIME_ZONE,
      signing: await loadCertificateSigning(c.var.deps.database.db, c.var.deps.env),
    });
    await tellClientOfSample(
      c,
      id,
      issued.version > 1
        ? { kind: 'reissued', version: issued.version, previous: issued.version - 1, reason }
        : { kind: 'certified' },
    );
    return ok(c, issued, `Certificate version ${issued.version} has been issued.`);
  });

  app.openapi(revokeRoute, async (c) => {
    const revoked = await revokeCertificate(c.var.db, {
      id: c.req.valid('query').id,
      reason: c.req.valid('json').reason,
      by: c.var.auth,
    });
    await tellClientOfSample(c, revoked.sampleEntryId, {
      kind: 'revoked',
      version: revoked.version,
      reason: revoked.revokeReason ?? '',
    });
    return ok(c, revoked, `Certificate version ${revoked.version} has been revoked.`);
  });

  app.openapi(sendRoute, async (c) => {
    const { id, version } = c.req.valid('query');
    const sent = await sendCertificate(c.var.db, c.var.deps.mailer, {
      id,
      version,
      by: c.var.auth,
      baseUrl: publicBaseUrl(c.var.deps.env, c.req.url),
      timeZone: c.var.deps.env.LAB_TIME_ZONE,
    });
    return ok(c, sent, `Certificate version ${sent.version} is being sent to ${sent.sentTo}.`);
  });

  app.openapi(fileRoute, async (c) => {
    const file = await loadCertificateFile(c.var.db, c.req.valid('query').token, c.var.deps.env.LAB_TIME_ZONE);
    return c.body(new Uint8Array(file.data), 200, {
      ...fileDownloadHeaders(file),
      // The same address serves the PDF marked REVOKED once it is: never kept as it was.
      'cache-control': 'private, no-cache',
    });
  });

  app.openapi(bySampleRoute, async (c) => ok(c, await listSampleCertificates(c.var.db, c.req.valid('param').id)));
}
