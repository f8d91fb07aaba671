import { useEffect, useState } from 'react';
import { auth, Button, Field, Form, MESSAGES, Spinner, type FieldErrors, useForm } from '../../ui';
import { accountsApi } from '../api';

export interface ChangePasswordFormProps {
  /** false hides the current-password field (an account made with Google has none) */
  hasPassword: boolean;
  initialErrors?: FieldErrors;
}

/**
 * Change password: current (only when the account has one), new, confirm, Change
 * (panel.md §2 Profile). Server errors show under current, password, confirmPassword.
 * The API ends other sessions and answers new tokens for this one.
 */
export function ChangePasswordForm({ hasPassword, initialErrors }: ChangePasswordFormProps) {
  const form = useForm({
    initial: { current: '', password: '', confirmPassword: '' },
    initialErrors,
    submit: ({ current, password, confirmPassword }) =>
      accountsApi.changePassword(hasPassword ? { current, password, confirmPassword } : { password, confirmPassword }),
    successMessage: MESSAGES.saved,
    onSuccess: (session) => {
      auth.setTokens(session);
      form.reset();
    },
  });
  return (
    <Form form={form} className="p-form" aria-label="Change password">
      {hasPassword && <Field label="Current password" type="password" autoComplete="current-password" {...form.field('current')} />}
      <Field label="New password" type="password" autoComplete="new-password" {...form.field('password')} />
      <Field label="Confirm password" type="password" autoComplete="new-password" {...form.field('confirmPassword')} />
      <div className="p-form-actions">
        <Button type="submit" busy={form.processing}>
          Change
        </Button>
      </div>
    </Form>
  );
}

/** /panel/change-password. */
export function ChangePasswordPage() {
  const [hasPassword, setHasPassword] = useState<boolean | null>(null);
  useEffect(() => {
    accountsApi
      .profile()
      .then((p) => setHasPassword(p.hasPassword !== false))
      .catch(() => setHasPassword(true));
  }, []);
  return (
    <div className="p-card">
      <div className="p-card__body">
        {hasPassword === null ? (
          <div className="p-loading">
            <Spinner label="Loading" /> Loading…
          </div>
        ) : (
          <ChangePasswordForm hasPassword={hasPassword} />
        )}
      </div>
    </div>
  );
}
