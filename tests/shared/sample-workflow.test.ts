import { benchStatuses } from '../../src/shared/workflow/benches.ts';
import { describe, expect, it } from 'vitest';
import {
  actionsFor,
  canFire,
  IllegalTransitionError,
  nextStatus,
  sampleStatuses,
  workflowActionNames,
  workflowActions,
} from '../../src/shared/workflow/sample-workflow.ts';
import { allPermissions } from '../../src/shared/permissions.ts';

describe('[WORKFLOW] state machine', () => {
  it('follows the forward path New → … → Completed', () => {
    let status: string = 'New';
    for (const action of [
      'csCheckIn',
      'transferToTester',
      'testerCheckIn',
      'sendToThirdLab',
      'thirdLabCheckIn',
      'returnResult',
      'confirmFinalResult',
      'issueCertificate',
    ] as const) {
      status = nextStatus(action, status);
    }
    expect(status).toBe('Completed');
  });

  it('has the three undo paths', () => {
    expect(nextStatus('undoTester', 'SentToTester')).toBe('CsConfirmed');
    expect(nextStatus('undoTester', 'TesterConfirmed')).toBe('CsConfirmed');
    expect(nextStatus('undoThirdLabTransaction', 'SentToThirdLab')).toBe('TesterConfirmed');
    expect(nextStatus('undoThirdLabTransaction', 'ThirdLabConfirmed')).toBe('TesterConfirmed');
    expect(nextStatus('undoReturnResult', 'ResultReturned')).toBe('ThirdLabConfirmed');
  });

  it('refuses every other transition with an error naming the current state', () => {
    let refused = 0;
    for (const action of workflowActionNames) {
      for (const status of sampleStatuses) {
        if (canFire(action, status)) continue;
        refused += 1;
        expect(() => nextStatus(action, status)).toThrow(IllegalTransitionError);
      }
    }
    expect(refused).toBeGreaterThan(60);
    expect(() => nextStatus('transferToTester', 'SentToTester', 'Sample IDFL-2026-00001')).toThrow(
      'Sample IDFL-2026-00001 is SentToTester; this action needs CsConfirmed.',
    );
    try {
      nextStatus('undoTester', 'CsConfirmed');
    } catch (error) {
      expect(error).toBeInstanceOf(IllegalTransitionError);
      expect((error as IllegalTransitionError).status).toBe('CsConfirmed');
      expect((error as Error).message).toBe(
        'The sample is CsConfirmed; this action needs SentToTester or TesterConfirmed.',
      );
    }
  });

  it('leads a sample out of the third lab only by undoing its send, which withdraws its third-lab entry', () => {
    // The third lab's list reads its entries alone for the whole bench (services/samples/third-lab-list.ts): an
    // entry exists exactly while its sample is in one of these statuses.
    const thirdLab: readonly string[] = benchStatuses.thirdLab;
    const leaving = workflowActionNames.filter((name) => {
      const action = workflowActions[name];
      return action.from.some((status) => thirdLab.includes(status)) && !thirdLab.includes(action.to);
    });
    expect(leaving).toEqual(['undoThirdLabTransaction']);
  });

  it('names only catalogue permissions', () => {
    for (const action of Object.values(workflowActions)) {
      expect(action.permissions.length).toBeGreaterThan(0);
      for (const p of action.permissions) expect(allPermissions).toContain(p);
    }
  });

  it('offers the actions a user may fire in a state', () => {
    expect(actionsFor('CsConfirmed', ['CanTransferSampleEntryToTester'])).toEqual(['transferToTester']);
    expect(actionsFor('CsConfirmed', ['CanCheckInSampleEntryTester'])).toEqual([]);
    expect(actionsFor('TesterConfirmed', allPermissions)).toEqual(['undoTester', 'sendToThirdLab']);
    expect(actionsFor('ResultReturned', allPermissions)).toEqual(['undoReturnResult', 'confirmFinalResult']);
    expect(actionsFor('Completed', allPermissions)).toEqual([]);
  });
});
