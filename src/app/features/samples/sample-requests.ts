import {
  workflowActions,
  type SampleEditName,
  type SampleStatus,
  type WorkflowActionName,
} from '@/shared/sample-workflow';
import type { HttpMutationMethod } from '@/app/offline/db';

/**
 * Every change a bench makes to one sample: the workflow actions and the edits that are not
 * transitions. An origin analysis is saved to its sample from the analysis screens, by IDFL number.
 */
export type SampleChangeName =
  Exclude<WorkflowActionName, 'sendToThirdLab'> | Exclude<SampleEditName, 'saveOriginAnalysis'>;

type RequestShape = { method: HttpMutationMethod; path: (id: number) => string };

/**
 * The API call of each change (spec 7). `sendToThirdLab` is not here: samples leave with their
 * dispatch batch (`/api/sample-dispatch-batch/transfer-to-third-lab`), never one by one.
 */
const REQUESTS: Record<SampleChangeName, RequestShape> = {
  csCheckIn: { method: 'PUT', path: (id) => `/api/cs-lab/check-in?id=${id}&entry=sample` },
  transferToTester: { method: 'PUT', path: (id) => `/api/cs-lab/transfer-to-tester?id=${id}` },
  testerCheckIn: { method: 'PUT', path: (id) => `/api/tester-lab/check-in?id=${id}` },
  undoTester: { method: 'PUT', path: (id) => `/api/tester-lab/undo-status-isotope?id=${id}&Status=CsConfirmed` },
  thirdLabCheckIn: { method: 'PUT', path: (id) => `/api/third-lab/check-in?id=${id}` },
  returnResult: { method: 'PUT', path: (id) => `/api/third-lab/return-result?id=${id}` },
  // The whole package goes back; the caller gives the package code instead of an id.
  undoThirdLabTransaction: { method: 'DELETE', path: () => `/api/third-lab/undo-sample-transaction` },
  undoReturnResult: { method: 'PUT', path: (id) => `/api/supervisor-lab/undo-return-result?id=${id}` },
  confirmFinalResult: { method: 'PUT', path: (id) => `/api/supervisor-lab/confirm-final-result?id=${id}` },
  issueCertificate: { method: 'PUT', path: (id) => `/api/issue-certificate?id=${id}` },
  csUpdate: { method: 'PUT', path: (id) => `/api/cs-lab/update?id=${id}` },
  testerUpdate: { method: 'PUT', path: (id) => `/api/tester-lab/update-sample?id=${id}` },
  addToDispatchBatch: { method: 'POST', path: (id) => `/api/tester-lab/transfer-to-third-lab?id=${id}` },
  thirdLabResult: { method: 'PUT', path: (id) => `/api/third-lab/update-result?id=${id}` },
  supervisorConclusion: { method: 'PUT', path: (id) => `/api/supervisor-lab/conclusion-lab/update?id=${id}` },
  transferIdflData: { method: 'POST', path: (id) => `/api/supervisor-lab/transfer-data-of-idfl?sameId=${id}` },
};

export function sampleChangeRequest(
  change: SampleChangeName,
  id: number,
  options: { packageCode?: string } = {},
): { method: HttpMutationMethod; path: string } {
  const shape = REQUESTS[change];
  if (change === 'undoThirdLabTransaction') {
    if (!options.packageCode) throw new Error('Undoing a sample transaction needs the package code');
    return { method: shape.method, path: `${shape.path(id)}?packageCode=${encodeURIComponent(options.packageCode)}` };
  }
  return { method: shape.method, path: shape.path(id) };
}

/** Which change a queued request is (read back from the outbox to show it pending), or undefined. */
export function sampleChangeOf(method: string, path: string): SampleChangeName | undefined {
  const pathname = path.split('?')[0];
  for (const [name, shape] of Object.entries(REQUESTS) as [SampleChangeName, RequestShape][]) {
    if (shape.method === method && shape.path(0).split('?')[0] === pathname) return name;
  }
  return undefined;
}

/** The status a queued change leads to, when it is a transition (edits keep the status). */
export function statusAfter(change: SampleChangeName): SampleStatus | undefined {
  return change in workflowActions ? workflowActions[change as WorkflowActionName].to : undefined;
}
