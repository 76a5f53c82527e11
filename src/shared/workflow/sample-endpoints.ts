import type { SampleEditName, WorkflowActionName } from './sample-workflow.ts';
import {
  pathWithQuery,
  type MutationMethod,
  type MutationMethodOf,
  type MutationPath,
  type QueryOf,
} from '../api-contract.ts';

/**
 * Every change a bench makes to one sample: the workflow actions and the edits that are not
 * transitions. An origin analysis is saved to its sample from the analysis screens, by IDFL number.
 * A replacement is awaited through the client's decision on receipt, which Customer Service records
 * online (its receipt-decision dialog).
 */
export type SampleChangeName =
  Exclude<WorkflowActionName, 'sendToThirdLab' | 'awaitReplacement'> | Exclude<SampleEditName, 'saveOriginAnalysis'>;

/** What a change is applied to: the sample, and for a package-wide undo the package's code. */
type Target = { id: number; packageCode?: string };

type Endpoint<P extends MutationPath, M extends MutationMethodOf<P>> = {
  method: M;
  /** The path as the contract (openapi/openapi.json) names it. */
  path: P;
  query: (target: Target) => QueryOf<P, M>;
};

/** Any entry of the table, as the functions below read it. */
type AnyEndpoint = { method: MutationMethod; path: MutationPath; query: (target: Target) => object };

/**
 * One entry of the table, typed against the generated contract: the path must answer the method and
 * the query must be the operation's own, so a renamed server path or field fails `npm run typecheck`.
 */
function endpoint<P extends MutationPath, M extends MutationMethodOf<P>>(
  method: M,
  path: P,
  query: (target: Target) => QueryOf<P, M>,
): Endpoint<P, M> {
  return { method, path, query };
}

function packageCodeOf(target: Target): string {
  if (!target.packageCode) throw new Error('Undoing a sample transaction needs the package code');
  return target.packageCode;
}

/**
 * The API call of each change, the one table every bench reads (the third lab's queue too).
 * `sendToThirdLab` is not here: samples leave with their dispatch batch
 * (`/api/sample-dispatch-batch/transfer-to-third-lab`), never one by one.
 */
export const SAMPLE_ENDPOINTS = {
  csCheckIn: endpoint('PUT', '/api/cs-lab/check-in', ({ id }) => ({ id, entry: 'sample' as const })),
  transferToTester: endpoint('PUT', '/api/cs-lab/transfer-to-tester', ({ id }) => ({ id })),
  testerCheckIn: endpoint('PUT', '/api/tester-lab/check-in', ({ id }) => ({ id })),
  undoTester: endpoint('PUT', '/api/tester-lab/undo-status-isotope', ({ id }) => ({
    id,
    Status: 'CsConfirmed' as const,
  })),
  thirdLabCheckIn: endpoint('PUT', '/api/third-lab/check-in', ({ id }) => ({ id })),
  returnResult: endpoint('PUT', '/api/third-lab/return-result', ({ id }) => ({ id })),
  // The whole package goes back; the caller gives the package code instead of an id.
  undoThirdLabTransaction: endpoint('DELETE', '/api/third-lab/undo-sample-transaction', (target) => ({
    packageCode: packageCodeOf(target),
  })),
  undoReturnResult: endpoint('PUT', '/api/supervisor-lab/undo-return-result', ({ id }) => ({ id })),
  confirmFinalResult: endpoint('PUT', '/api/supervisor-lab/confirm-final-result', ({ id }) => ({ id })),
  issueCertificate: endpoint('PUT', '/api/issue-certificate', ({ id }) => ({ id })),
  csUpdate: endpoint('PUT', '/api/cs-lab/update', ({ id }) => ({ id })),
  testerUpdate: endpoint('PUT', '/api/tester-lab/update-sample', ({ id }) => ({ id })),
  addToDispatchBatch: endpoint('POST', '/api/tester-lab/transfer-to-third-lab', ({ id }) => ({ id })),
  thirdLabResult: endpoint('PUT', '/api/third-lab/update-result', ({ id }) => ({ id })),
  supervisorConclusion: endpoint('PUT', '/api/supervisor-lab/conclusion-lab/update', ({ id }) => ({ id })),
  // The sample is named in the body (its IDFL number); the query only says whether to replace the earlier copy.
  transferIdflData: endpoint('POST', '/api/supervisor-lab/transfer-data-of-idfl', () => ({})),
} satisfies Record<SampleChangeName, AnyEndpoint>;

/**
 * The request of a change to one sample: its method, and its path with the query. The benches send
 * it (online or through the outbox), and the demo data fires its actions with it.
 */
export function sampleChangeRequest(
  change: SampleChangeName,
  id: number,
  options: { packageCode?: string } = {},
): { method: MutationMethod; path: string } {
  const { method, path, query } = SAMPLE_ENDPOINTS[change] as AnyEndpoint;
  return { method, path: pathWithQuery(path, query({ id, packageCode: options.packageCode })) };
}

/** Which change a request is (read back from the outbox to show it pending), or undefined. */
export function sampleChangeOf(method: string, path: string): SampleChangeName | undefined {
  const pathname = path.split('?')[0];
  for (const [name, shape] of Object.entries(SAMPLE_ENDPOINTS) as [SampleChangeName, AnyEndpoint][]) {
    if (shape.method === method && shape.path === pathname) return name;
  }
  return undefined;
}
