import { useState } from 'react';
import { FEEDBACK_DESCRIPTION_MAX } from '../../../shared/feedback';
import { Button } from '../../../ui/button';
import { TextAreaField } from '../../../ui/field';
import type { SyncClient } from '../../sync/sync-client';
import { sendTemplateFeedback } from './api';

/** board.md §4: the templates dialog's feedback box goes not-started → started → ended. */
export type FeedbackState = 'not-started' | 'started' | 'ended';

/**
 * The feedback box under the template list: a prompt with 'Suggest a template' (not started),
 * then a text box and Send (started), then thanks (ended). Sent as POST /api/feedbacks with
 * source 'tpl' (§7); a failure keeps the text and says so.
 */
export function FeedbackBox({ sync }: { sync: SyncClient }) {
  const [state, setState] = useState<FeedbackState>('not-started');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async () => {
    if (!text.trim() || busy) return;
    setBusy(true);
    setError(null);
    try {
      await sendTemplateFeedback(sync, text);
      setState('ended');
    } catch (e) {
      setError((e instanceof Error && e.message) || 'Your suggestion could not be sent.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="tb-tpl-feedback" aria-label="Template suggestions" data-state={state}>
      {state === 'not-started' && (
        <>
          <span>Missing a template you need?</span>
          <button type="button" className="tb-btn tb-btn--outline" onClick={() => setState('started')}>
            Suggest a template
          </button>
        </>
      )}
      {state === 'started' && (
        <form
          className="tb-tpl-feedback__form"
          aria-label="Suggest a template"
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <TextAreaField
            label="Which template would help you? What should it contain?"
            rows={2}
            autoFocus
            maxLength={FEEDBACK_DESCRIPTION_MAX}
            value={text}
            error={error}
            onChange={(e) => setText(e.target.value)}
          />
          <div className="tb-dialog-actions">
            <Button variant="secondary" onClick={() => setState('not-started')}>
              Cancel
            </Button>
            <Button type="submit" busy={busy} disabled={!text.trim()}>
              Send
            </Button>
          </div>
        </form>
      )}
      {state === 'ended' && <span role="status">Thank you! We read every suggestion.</span>}
    </section>
  );
}
