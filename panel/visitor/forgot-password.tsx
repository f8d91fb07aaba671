import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Field, Form, Icon, type FieldErrors, useForm } from '../../ui';
import { accountsApi } from '../api';
import { PANEL_MESSAGES } from '../messages';
import { VisitorCard } from './layout';

export interface ForgotPasswordPageProps {
  initialErrors?: FieldErrors;
  /** start in the "link sent" state (stories) */
  initiallySent?: boolean;
}

/** /accounts/forgot-password: on success the form is replaced by the confirmation (panel.md §2, §4). */
export function ForgotPasswordPage({ initialErrors, initiallySent = false }: ForgotPasswordPageProps) {
  const [sent, setSent] = useState(initiallySent);
  const form = useForm({
    initial: { email: '' },
    initialErrors,
    submit: (values) => accountsApi.requestRecovery(values),
    onSuccess: () => setSent(true),
  });
  const footer = (
    <>
      Remembered it?{' '}
      <Link className="p-link-strong" to="/accounts/login">
        Back to log in
      </Link>
    </>
  );
  if (sent) {
    return (
      <VisitorCard title="Check your inbox" footer={footer}>
        <div className="v-sent" role="status">
          <div className="v-sent__icon">
            <Icon name="mail" size={26} />
          </div>
          <p>{PANEL_MESSAGES.recoverySent}</p>
        </div>
      </VisitorCard>
    );
  }
  return (
    <VisitorCard
      title="Forgot your password?"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={footer}
    >
      <Form form={form} aria-label="Forgot password">
        <Field label="Email" type="email" autoComplete="email" placeholder="you@example.com" {...form.field('email')} />
        <Button type="submit" block busy={form.processing}>
          Send recovery link
        </Button>
      </Form>
    </VisitorCard>
  );
}
