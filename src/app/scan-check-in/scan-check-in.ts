import type { TFunction } from 'i18next';
import type { CsCheckInSample } from '@/shared/schemas/sample-entry';
import { actionsFor, canFire, workflowActions } from '@/shared/workflow/sample-workflow';
import type { ScanVerdict } from '@/app/scan/scan-dialog';
import { queueSampleChange } from '@/app/bench/actions/queue-sample-change';
import type { ApiFetch } from '@/app/offline/list-cache';
import { CHECK_IN_STAGES, type CheckInStage } from './check-in-stages';
import { findScannedSample, type SampleLookup, type ScannedSample } from './find-scanned-sample';

/** What a scanned label leads to at a bench. Only `checkIn` changes anything (and is counted). */
export type CheckInDecision =
  | { kind: 'checkIn'; sample: ScannedSample }
  | { kind: 'unknown'; idflNumber: string }
  | { kind: 'unreachable'; idflNumber: string }
  /** This device already queued the check-in (the label was scanned before): not twice. */
  | { kind: 'alreadyQueued'; sample: ScannedSample }
  | { kind: 'wrongState'; sample: ScannedSample; status: string }
  | { kind: 'notAllowed'; sample: ScannedSample; status: string };

/**
 * The check-in this bench allows for the sample in its current state (its queued changes included),
 * by the workflow table and the user's permissions — the same rules the server applies.
 */
function decideCheckIn(
  stage: CheckInStage,
  idflNumber: string,
  lookup: SampleLookup,
  permissions: readonly string[],
): CheckInDecision {
  if (!lookup.found) return { kind: lookup.reason, idflNumber };
  const { sample } = lookup;
  const { action } = CHECK_IN_STAGES[stage];
  const status = sample.queuedStatus ?? sample.status;
  if (sample.queuedStatus === workflowActions[action].to) return { kind: 'alreadyQueued', sample };
  if (!canFire(action, status)) return { kind: 'wrongState', sample, status };
  if (!actionsFor(status, permissions).includes(action)) return { kind: 'notAllowed', sample, status };
  return { kind: 'checkIn', sample };
}

export type ScanCheckInContext = {
  stage: CheckInStage;
  permissions: readonly string[];
  fetcher: ApiFetch;
  /** The client-side lab's received date/by/weight, asked once for the whole tray. */
  tray?: CsCheckInSample;
  isOnline?: boolean;
};

export type ScanCheckInOutcome = { decision: CheckInDecision; outboxKey?: string };

/**
 * One scanned IDFL number at a bench: looked up (device first), judged, and when allowed, the
 * check-in is written to the outbox — it reaches the server exactly once, now or when the network
 * returns (the outbox key is the Idempotency-Key).
 */
export async function checkInScannedLabel(
  idflNumber: string,
  context: ScanCheckInContext,
): Promise<ScanCheckInOutcome> {
  const definition = CHECK_IN_STAGES[context.stage];
  const lookup = await findScannedSample(idflNumber, {
    stage: definition,
    fetcher: context.fetcher,
    ...(context.isOnline === undefined ? {} : { isOnline: context.isOnline }),
  });
  const decision = decideCheckIn(context.stage, idflNumber, lookup, context.permissions);
  if (decision.kind !== 'checkIn') return { decision };
  if (context.stage === 'cs' && !context.tray) throw new Error('The client-side check-in needs the tray details');
  const { sample } = decision;
  const outboxKey = await queueSampleChange(
    definition.list,
    definition.action,
    sample,
    context.stage === 'cs' ? { body: context.tray } : {},
  );
  return { decision, outboxKey };
}

/** The decision in words for the scanner: accepted ones beep and count, the others are refused plainly. */
export function describeDecision(decision: CheckInDecision, t: TFunction): ScanVerdict {
  const statusName = (status: string) => t(`samples:status.${status}`, { defaultValue: status });
  switch (decision.kind) {
    case 'checkIn':
      return { accepted: true, message: t('scan-check-in:checkedIn', { idflNumber: decision.sample.idflNumber }) };
    case 'unknown':
      return { accepted: false, message: t('scan-check-in:unknown', { idflNumber: decision.idflNumber }) };
    case 'unreachable':
      return { accepted: false, message: t('scan-check-in:unreachable', { idflNumber: decision.idflNumber }) };
    case 'alreadyQueued':
      return { accepted: false, message: t('scan-check-in:alreadyQueued', { idflNumber: decision.sample.idflNumber }) };
    case 'wrongState':
      return {
        accepted: false,
        message: t('scan-check-in:wrongState', {
          idflNumber: decision.sample.idflNumber,
          status: decision.status,
          statusName: statusName(decision.status),
        }),
      };
    case 'notAllowed':
      return {
        accepted: false,
        message: t('scan-check-in:notAllowed', { idflNumber: decision.sample.idflNumber }),
      };
  }
}
