import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, Field, Form, type FieldErrors, useForm } from '../../ui';
import { accountsApi } from '../api';
import { completeLogin } from '../login-flow';
import { VisitorCard } from './layout';

/** Where a successful reset leads (panel.md §2). */
export const AFTER_RESET = '/panel/workspace/default/boards';

export interface ResetPasswordPageProps {
  initialErrors?: FieldErrors;
}

/**
 * /accounts/reset-password/{code}/{email}: New Password, Confirm Password, Save (disabled while
 * processing). Server errors show under code, user, password and confirmPassword. The API
 * answers a session on success: the user is signed in and goes to the default boards.
 */
export function ResetPasswordPage({ initialErrors }: ResetPasswordPageProps) {
  const { code = '', email = '' } = useParams();
  const navigate = useNavigate();
  const [finishing, setFinishing] = useState(false);
  const form = useForm({
    initial: { password: '', confirmPassword: '' },
    initialErrors,
    submit: (values) => accountsApi.resetPassword({ ...values, code, email }),
    onSuccess: async (session) => {
      setFinishing(true);
      try {
        await completeLogin(session);
      } finally {
        setFinishing(false);
      }
      navigate(AFTER_RESET, { replace: true });
    },
  });
  const linkErrors = [...(form.errorFor('code') ?? []), ...(form.errorFor('user') ?? []), ...(form.errorFor('email') ?? [])];
  return (
    <VisitorCard
      title="Tabula Team password recovery"
      subtitle={
        <>
          Choose a new password for <strong>{email}</strong>.
        </>
      }
      footer={
        <Link className="p-link-strong" to="/accounts/login">
          Back to log in
        </Link>
      }
    >
      <Form form={form} aria-label="Reset password">
        {linkErrors.length > 0 && (
          <div role="alert" className="t-alert t-alert--error">
            <div>
              {linkErrors.map((text) => (
                <div key={text}>{text}</div>
              ))}
              <Link to="/accounts/forgot-password">Request a new link</Link>
            </div>
          </div>
        )}
        <Field label="New Password" type="password" autoComplete="new-password" {...form.field('password')} />
        <Field label="Confirm Password" type="password" autoComplete="new-password" {...form.field('confirmPassword')} />
        <Button type="submit" block busy={form.processing || finishing} disabled={form.processing || finishing}>
          Save
        </Button>
      </Form>
    </VisitorCard>
  );
}
