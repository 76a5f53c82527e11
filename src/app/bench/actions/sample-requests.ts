import { workflowActions, type SampleStatus, type WorkflowActionName } from '@/shared/workflow/sample-workflow';
import type { BodyOf } from '@/shared/api-contract';
import { type SAMPLE_ENDPOINTS, sampleChangeRequest, type SampleChangeName } from '@/shared/workflow/sample-endpoints';
import type { WrittenMutation } from '@/app/offline/outbox';

type EndpointOf<C extends SampleChangeName> = (typeof SAMPLE_ENDPOINTS)[C];

/** The JSON body a change sends, as its operation in the contract reads it. */
export type SampleChangeBody<C extends SampleChangeName> = BodyOf<EndpointOf<C>['path'], EndpointOf<C>['method']>;

/**
 * A change to one sample written out for the outbox (`enqueueWritten`): the table checks the path
 * and query against the contract, and the body is typed by the change's own operation.
 */
export function sampleChangeMutation<C extends SampleChangeName>(
  change: C,
  id: number,
  options: { packageCode?: string; body?: SampleChangeBody<C> } = {},
): Pick<WrittenMutation, 'method' | 'path' | 'body'> {
  const request = sampleChangeRequest(change, id, options.packageCode ? { packageCode: options.packageCode } : {});
  return options.body === undefined ? request : { ...request, body: options.body };
}

/** The status a queued change leads to, when it is a transition (edits keep the status). */
export function statusAfter(change: SampleChangeName): SampleStatus | undefined {
  return change in workflowActions ? workflowActions[change as WorkflowActionName].to : undefined;
}
