import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';
import { HELP, TIPS } from './texts';

export const TIPS_DIALOG_WIDTH = 480;

/**
 * The tip list (board.md §1): short tips in a dialog, with a way into the quick overview.
 * The Modal keeps the focus inside; Escape or Close returns it to where it was.
 */
export function TipsDialog({ onClose, onTour }: { onClose: () => void; onTour?: () => void }) {
  return (
    <Modal
      open
      title={HELP.tipsTitle}
      onClose={onClose}
      width={TIPS_DIALOG_WIDTH}
      footer={
        <>
          {onTour && (
            <Button variant="secondary" onClick={onTour}>
              {HELP.tour}
            </Button>
          )}
          <Button onClick={onClose}>{HELP.done}</Button>
        </>
      }
    >
      <p className="tb-tips__lead">{HELP.tipsLead}</p>
      <ol className="tb-tips" aria-label={HELP.tipsTitle}>
        {TIPS.map((tip) => (
          <li key={tip.title}>
            <strong>{tip.title}</strong>
            <span>{tip.text}</span>
          </li>
        ))}
      </ol>
    </Modal>
  );
}
