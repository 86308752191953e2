import { ALERT_MESSAGES, limitReachedMessage } from '@coinpace/domain';
import { Dialog } from '../../components/Dialog.tsx';
import type { CreationBlock } from './alert-ui.ts';

/**
 * The dialogs that stop alert creation (SPEC.md section 8, 'Blocking dialogs'): Upgrade Required,
 * Alert Limit Reached, Missing Required Information. Each offers the way out (the account page).
 */
export function BlockingDialog({
  block,
  onClose,
  onGoToAccount,
}: {
  block: CreationBlock | null;
  onClose: () => void;
  onGoToAccount: () => void;
}) {
  const title =
    block?.kind === 'upgrade'
      ? ALERT_MESSAGES.upgradeTitle
      : block?.kind === 'limit'
        ? ALERT_MESSAGES.limitTitle
        : ALERT_MESSAGES.missingInfoTitle;
  const action =
    block?.kind === 'missing' ? 'Open Profile' : block?.kind === 'limit' ? 'Upgrade Plan' : 'View Plans';
  return (
    <Dialog
      open={block !== null}
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" onClick={onGoToAccount}>
            {action}
          </button>
        </>
      }
    >
      {block?.kind === 'upgrade' && <p>{ALERT_MESSAGES.upgradeBody}</p>}
      {block?.kind === 'limit' && (
        <p>{block.usedUp ? limitReachedMessage(block.usedUp) : ALERT_MESSAGES.limitBody}</p>
      )}
      {block?.kind === 'missing' && (
        <>
          <p>Alerts are sent by e-mail and SMS. Please add the following to your profile:</p>
          <ul>
            {block.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </>
      )}
    </Dialog>
  );
}
