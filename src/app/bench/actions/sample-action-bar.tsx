import { useTranslation } from 'react-i18next';
import {
  actionsFor,
  workflowActions,
  type ReceiptHoldFacts,
  type WorkflowActionName,
} from '@/shared/workflow/sample-workflow';
import { Button } from '@/app/components/ui/button';
import { usePermissions } from '@/app/lib/session/use-session';

/**
 * The workflow actions this user may take on a sample in this state (and, given its receipt, its
 * receipt hold), limited to those a screen handles.
 */
function useOfferedActions(
  status: string | undefined,
  handled: readonly WorkflowActionName[],
  receipt?: ReceiptHoldFacts,
) {
  const held = usePermissions();
  if (!status) return [];
  return actionsFor(status, held, receipt).filter((action) => handled.includes(action));
}

/**
 * Buttons for the actions `actionsFor(status, permissions)` allows (and the screen handles): an
 * action the state or the user's role does not allow is never offered. Undo actions come last.
 */
export function SampleActionBar({
  status,
  receipt,
  handled,
  onAction,
  disabled,
  size = 'default',
}: {
  status: string;
  /** The sample's receipt: a sample held on receipt is offered no step its hold refuses. */
  receipt?: ReceiptHoldFacts;
  handled: readonly WorkflowActionName[];
  onAction: (action: WorkflowActionName) => void;
  disabled?: boolean;
  /** 'sm' in table rows: small buttons at the row's end, onto a second line when the row is narrow. */
  size?: 'default' | 'sm';
}) {
  const { t } = useTranslation('samples');
  const offered = useOfferedActions(status, handled, receipt);
  if (offered.length === 0) return null;
  const ordered = [...offered].sort((a, b) => Number(workflowActions[a].isUndo) - Number(workflowActions[b].isUndo));
  return (
    <div
      className={size === 'sm' ? 'flex flex-wrap justify-end gap-1' : 'flex flex-wrap gap-2'}
      data-testid="sample-actions"
    >
      {ordered.map((action) => (
        <Button
          key={action}
          variant={workflowActions[action].isUndo ? 'outline' : 'default'}
          size={size}
          disabled={disabled}
          title={workflowActions[action].requires}
          onClick={() => onAction(action)}
        >
          {t(`actions.${action}`)}
        </Button>
      ))}
    </div>
  );
}
