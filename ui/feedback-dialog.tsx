import { FEEDBACK_DESCRIPTION_MAX, FEEDBACK_LABELS, FEEDBACK_PROMPTS, FEEDBACK_TYPES, type FeedbackType } from '../shared/feedback';
import { Button } from './button';
import { Field, TextAreaField } from './field';
import { Form, useForm } from './form';
import { http } from './http';
import { Modal } from './modal';

interface Values {
  type: FeedbackType;
  description: string;
  email: string;
}

/**
 * The feedback dialog (panel.md §2, §3), shared by the panel's quick action and the board's
 * feedback button: a type (positive, neutral, negative) whose prompt labels the description, and
 * an e-mail only when not signed in. POST /api/feedbacks stores it for the back-office.
 */
export function FeedbackDialog({
  open,
  onClose,
  signedIn,
  source = 'app',
  email = '',
}: {
  open: boolean;
  onClose: () => void;
  signedIn: boolean;
  source?: string;
  email?: string;
}) {
  return (
    <Modal open={open} title="Send feedback" onClose={onClose} width={480}>
      {open && <FeedbackForm signedIn={signedIn} source={source} email={email} onSent={onClose} />}
    </Modal>
  );
}

function FeedbackForm({ signedIn, source, email, onSent }: { signedIn: boolean; source: string; email: string; onSent: () => void }) {
  const form = useForm<Values>({
    initial: { type: 'positive', description: '', email },
    submit: (v) =>
      http.post('/api/feedbacks', {
        type: v.type,
        description: v.description.trim(),
        source,
        ...(signedIn ? {} : { email: v.email.trim() }),
      }),
    successMessage: 'Thank you! Your feedback was sent.',
    onSuccess: () => onSent(),
  });
  return (
    <Form form={form} aria-label="Feedback">
      <fieldset className="t-choice">
        <legend className="t-field__label">How is it going?</legend>
        <div className="t-choice__options">
          {FEEDBACK_TYPES.map((type) => (
            <label
              key={type}
              className={['t-choice__option', form.values.type === type && 't-choice__option--on'].filter(Boolean).join(' ')}
            >
              <input
                type="radio"
                name="type"
                value={type}
                checked={form.values.type === type}
                onChange={() => form.setValue('type', type)}
              />
              {FEEDBACK_LABELS[type]}
            </label>
          ))}
        </div>
      </fieldset>
      <TextAreaField
        label={FEEDBACK_PROMPTS[form.values.type]}
        rows={5}
        maxLength={FEEDBACK_DESCRIPTION_MAX}
        {...form.field('description')}
      />
      {!signedIn && <Field label="Email" type="email" autoComplete="email" {...form.field('email')} />}
      <div className="t-actions-end">
        <Button type="submit" busy={form.processing} disabled={!form.values.description.trim()}>
          Send
        </Button>
      </div>
    </Form>
  );
}
