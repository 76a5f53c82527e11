import {
  workflowActions,
  type SampleEditName,
  type SampleStatus,
  type WorkflowActionName,
} from '@/shared/sample-workflow';
import type { paths } from '@/shared/api-types';
import type { HttpMutationMethod } from '@/app/offline/db';

/**
 * Every change a bench makes to one sample: the workflow actions and the edits that are not
 * transitions. An origin analysis is saved to its sample from the analysis screens, by IDFL number.
 */
export type SampleChangeName =
  Exclude<WorkflowActionName, 'sendToThirdLab'> | Exclude<SampleEditName, 'saveOriginAnalysis'>;

type Verb = 'put' | 'post' | 'delete';
type Operation<P extends keyof paths, M extends Verb> = Exclude<paths[P][M], undefined>;
/** The query an operation of the contract takes (never when the path does not answer the method). */
type QueryOf<P extends keyof paths, M extends Verb> =
  Operation<P, M> extends { parameters: { query?: infer Q } } ? Exclude<Q, undefined> : never;
/** The JSON body an operation of the contract reads. */
export type BodyOf<P extends keyof paths, M extends Verb> =
  Operation<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

/** What a change is applied to: the sample, and for a package-wide undo the package's code. */
type Target = { id: number; packageCode?: string };

type Endpoint = {
  method: HttpMutationMethod;
  /** The path as the contract (openapi/openapi.json) names it. */
  path: keyof paths;
  query: (target: Target) => Record<string, string | number>;
};

/**
 * One entry of the table, typed against the generated contract: the path must answer the method and
 * the query must be the operation's own, so a renamed server path or field fails `npm run typecheck`.
 */
function endpoint<P extends keyof paths, M extends Verb>(
  method: M,
  path: P,
  query: (target: Target) => QueryOf<P, M>,
): Endpoint {
  return { method: method.toUpperCase() as HttpMutationMethod, path, query: query as Endpoint['query'] };
}

function packageCodeOf(target: Target): string {
  if (!target.packageCode) throw new Error('Undoing a sample transaction needs the package code');
  return target.packageCode;
}

/**
 * The API call of each change (spec 7), the one table every bench reads (the third lab's queue too).
 * `sendToThirdLab` is not here: samples leave with their dispatch batch
 * (`/api/sample-dispatch-batch/transfer-to-third-lab`), never one by one.
 */
export const SAMPLE_ENDPOINTS: Record<SampleChangeName, Endpoint> = {
  csCheckIn: endpoint('put', '/api/cs-lab/check-in', ({ id }) => ({ id, entry: 'sample' as const })),
  transferToTester: endpoint('put', '/api/cs-lab/transfer-to-tester', ({ id }) => ({ id })),
  testerCheckIn: endpoint('put', '/api/tester-lab/check-in', ({ id }) => ({ id })),
  undoTester: endpoint('put', '/api/tester-lab/undo-status-isotope', ({ id }) => ({
    id,
    Status: 'CsConfirmed' as const,
  })),
  thirdLabCheckIn: endpoint('put', '/api/third-lab/check-in', ({ id }) => ({ id })),
  returnResult: endpoint('put', '/api/third-lab/return-result', ({ id }) => ({ id })),
  // The whole package goes back; the caller gives the package code instead of an id.
  undoThirdLabTransaction: endpoint('delete', '/api/third-lab/undo-sample-transaction', (target) => ({
    packageCode: packageCodeOf(target),
  })),
  undoReturnResult: endpoint('put', '/api/supervisor-lab/undo-return-result', ({ id }) => ({ id })),
  confirmFinalResult: endpoint('put', '/api/supervisor-lab/confirm-final-result', ({ id }) => ({ id })),
  issueCertificate: endpoint('put', '/api/issue-certificate', ({ id }) => ({ id })),
  csUpdate: endpoint('put', '/api/cs-lab/update', ({ id }) => ({ id })),
  testerUpdate: endpoint('put', '/api/tester-lab/update-sample', ({ id }) => ({ id })),
  addToDispatchBatch: endpoint('post', '/api/tester-lab/transfer-to-third-lab', ({ id }) => ({ id })),
  thirdLabResult: endpoint('put', '/api/third-lab/update-result', ({ id }) => ({ id })),
  supervisorConclusion: endpoint('put', '/api/supervisor-lab/conclusion-lab/update', ({ id }) => ({ id })),
  // The sample is named in the body (its IDFL number); the query only says whether to replace the earlier copy.
  transferIdflData: endpoint('post', '/api/supervisor-lab/transfer-data-of-idfl', () => ({})),
};

export function sampleChangeRequest(
  change: SampleChangeName,
  id: number,
  options: { packageCode?: string } = {},
): { method: HttpMutationMethod; path: string } {
  const { method, path, query } = SAMPLE_ENDPOINTS[change];
  const search = Object.entries(query({ id, packageCode: options.packageCode }))
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
    .join('&');
  return { method, path: search ? `${path}?${search}` : path };
}

/** Which change a queued request is (read back from the outbox to show it pending), or undefined. */
export function sampleChangeOf(method: string, path: string): SampleChangeName | undefined {
  const pathname = path.split('?')[0];
  for (const [name, shape] of Object.entries(SAMPLE_ENDPOINTS) as [SampleChangeName, Endpoint][]) {
    if (shape.method === method && shape.path === pathname) return name;
  }
  return undefined;
}

/** The status a queued change leads to, when it is a transition (edits keep the status). */
export function statusAfter(change: SampleChangeName): SampleStatus | undefined {
  return change in workflowActions ? workflowActions[change as WorkflowActionName].to : undefined;
}
