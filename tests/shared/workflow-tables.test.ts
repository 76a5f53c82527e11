import { benches, benchNames, benchStatuses } from '../../src/shared/workflow/benches.ts';
import { describe, expect, it } from 'vitest';
import {
  bookingChangesFor,
  bookingRequestNotice,
  bookingTransitions,
  canChangeBooking,
  canChangeDispatchBatch,
  dispatchBatchTransitions,
  isDispatchBatchOpen,
} from '../../src/shared/workflow/record-workflows.ts';
import {
  mayEdit,
  sampleBlockingDestruction,
  sampleEditPermissions,
  sampleEdits,
  sampleStatuses,
  workflowActions,
} from '../../src/shared/workflow/sample-workflow.ts';
import { NOTIFICATION_KINDS } from '../../src/shared/workflow/notification-kinds.ts';
import { certificateRevocation } from '../../src/shared/certificate.ts';
import { nonconformityOpening } from '../../src/shared/measurement/qc.ts';
import { isSyncablePath, plainApiPath, SYNC_BATCH_LIMIT } from '../../src/shared/workflow/sync-rules.ts';

describe('bench lists', () => {
  it('the client-side lab lists every status; the others from the moment a sample reaches them', () => {
    expect(benchStatuses.cs).toEqual(sampleStatuses);
    expect(benchStatuses.tester[0]).toBe('SentToTester');
    expect(benchStatuses.thirdLab[0]).toBe('SentToThirdLab');
    expect(benchStatuses.supervisor).toEqual(benchStatuses.thirdLab);
  });

  it('every bench keeps a sample on its list to the end of its journey, in workflow order', () => {
    for (const statuses of Object.values(benchStatuses)) {
      const first = sampleStatuses.indexOf(statuses[0]!);
      expect(statuses).toEqual(sampleStatuses.slice(first));
    }
  });

  it("every status's dashboard tile opens exactly one bench's list, one that lists the status", () => {
    for (const status of sampleStatuses) {
      const opening = benchNames.filter((bench) => (benches[bench].tiles as readonly string[]).includes(status));
      expect(opening, status).toHaveLength(1);
      expect(benchStatuses[opening[0]!], status).toContain(status);
    }
  });
});

describe('who may edit a sample in which status', () => {
  it('every change has a permission', () => {
    expect(Object.keys(sampleEditPermissions).sort()).toEqual(Object.keys(sampleEdits).sort());
  });

  it('needs both the state and the permission', () => {
    expect(mayEdit('csUpdate', 'New', ['CanUpdateSampleEntryCs'])).toBe(true);
    expect(mayEdit('csUpdate', 'SentToTester', ['CanUpdateSampleEntryCs'])).toBe(false);
    expect(mayEdit('csUpdate', 'New', ['CanUpdateSampleEntryTester'])).toBe(false);
    expect(mayEdit('thirdLabResult', 'ThirdLabConfirmed', ['CanUpdateResultThirdLab'])).toBe(true);
    expect(mayEdit('thirdLabResult', 'ResultReturned', ['CanUpdateResultThirdLab'])).toBe(false);
  });
});

describe('destroying an order', () => {
  it('is allowed while every sample is still at the client-side lab', () => {
    expect(sampleBlockingDestruction([{ status: 'New' }, { status: 'CsConfirmed' }])).toBeUndefined();
    expect(sampleBlockingDestruction([])).toBeUndefined();
    expect(sampleBlockingDestruction([{ status: 'New' }, { status: 'SentToTester' }])).toEqual({
      status: 'SentToTester',
    });
  });
});

describe('booking', () => {
  it('is confirmed or cancelled once, while UnConfirmed', () => {
    expect(canChangeBooking('confirm', 'UnConfirmed')).toBe(true);
    expect(canChangeBooking('cancel', 'UnConfirmed')).toBe(true);
    for (const status of ['Confirmed', 'Cancelled']) {
      expect(canChangeBooking('confirm', status)).toBe(false);
      expect(canChangeBooking('cancel', status)).toBe(false);
    }
  });

  it('offers only the changes the user holds a permission for', () => {
    expect(bookingChangesFor('UnConfirmed', ['CanCancelBooking'])).toEqual(['cancel']);
    expect(bookingChangesFor('UnConfirmed', ['CanCheckInSampleEntryCs', 'CanCancelBooking'])).toEqual([
      'confirm',
      'cancel',
    ]);
    expect(bookingChangesFor('Confirmed', ['CanCheckInSampleEntryCs', 'CanCancelBooking'])).toEqual([]);
  });
});

describe('dispatch batch', () => {
  it('draft → sent → received, and back to draft on undo', () => {
    expect(canChangeDispatchBatch('send', 'Draft')).toBe(true);
    expect(canChangeDispatchBatch('send', 'Sent')).toBe(false);
    expect(canChangeDispatchBatch('receive', 'Sent')).toBe(true);
    expect(canChangeDispatchBatch('receive', 'Draft')).toBe(false);
    expect(canChangeDispatchBatch('undoSend', 'Sent')).toBe(true);
    expect(canChangeDispatchBatch('undoSend', 'Received')).toBe(true);
    expect(canChangeDispatchBatch('undoSend', 'Draft')).toBe(false);
    expect(dispatchBatchTransitions.undoSend.to).toBe('Draft');
  });

  it('is open to changes only as a draft (a batch not yet saved is a draft)', () => {
    expect(isDispatchBatchOpen('Draft')).toBe(true);
    expect(isDispatchBatchOpen(undefined)).toBe(true);
    expect(isDispatchBatchOpen('Sent')).toBe(false);
  });
});

describe('sync rules', () => {
  it('limits a batch', () => {
    expect(SYNC_BATCH_LIMIT).toBe(100);
  });

  it('queues plain API paths outside sync and sign-in', () => {
    expect(isSyncablePath('/api/cs-lab/update?id=4')).toBe(true);
    expect(isSyncablePath('/api/third-lab/undo-sample-transaction?packageCode=P%2F1')).toBe(true);
    for (const path of [
      '/api/sync',
      '/api/auth',
      '/api/auth/refresh',
      'http://elsewhere/api/x',
      '/api/cs-lab/../auth',
      '/api/%61uth',
      '/api//sync',
      '/other',
    ]) {
      expect(isSyncablePath(path), path).toBe(false);
    }
  });

  it('reads a plain path and its query', () => {
    expect(plainApiPath('/api/country?id=4')).toEqual({ pathname: '/api/country', search: '?id=4' });
    expect(plainApiPath('/api\\country')).toBeUndefined();
  });
});

describe('who is told of a change', () => {
  it('each kind of news is sent by one change of the workflow tables, to one audience', () => {
    const notices = [
      ...Object.values(workflowActions),
      ...Object.values(bookingTransitions),
      ...Object.values(dispatchBatchTransitions),
      { notifies: bookingRequestNotice },
      certificateRevocation,
      ...Object.values(nonconformityOpening),
    ].flatMap((change) => (change.notifies ? [change.notifies] : []));
    const kinds: string[] = notices.map((n) => n.kind);
    expect(kinds.length).toBeGreaterThan(5);
    expect(new Set(kinds).size).toBe(kinds.length);
    // The rest are addressed to one person (a refused outbox change, a ping), not to an audience.
    expect(NOTIFICATION_KINDS.filter((k) => !kinds.includes(k))).toEqual(['outboxRefused', 'ping']);
  });
});
