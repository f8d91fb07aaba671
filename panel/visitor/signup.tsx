import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Checkbox, Field, Form, type FieldErrors, useForm } from '../../ui';
import { accountsApi } from '../api';
import { retNotice, withRet } from '../ret';
import { VisitorCard } from './layout';

/** The invitation token of the page's fragment, if any. */
function invitationToken(): string | null {
  if (typeof window === 'undefined') return null;
  return new URLSearchParams(window.location.hash.replace(/^#/, '')).get('invitation');
}

export interface SignupPageProps {
  initialErrors?: FieldErrors;
}

/**
 * /accounts/signup (panel.md §2, §5): username (an e-mail), password, repeatPassword, terms.
 * Server field errors show on their fields; the terms checkbox shakes and turns red on error;
 * an error without field errors shows the server message. Success switches to the login view.
 */
export function SignupPage({ initialErrors }: SignupPageProps) {
  const [params] = useSearchParams();
  const ret = params.get('ret');
  const navigate = useNavigate();
  const form = useForm({
    initial: { username: '', password: '', repeatPassword: '', terms: false },
    initialErrors,
    // a board invitation link carries its token in the fragment (#invitation=…): it proves the mailbox
    submit: (values) => accountsApi.signup({ ...values, invitation: invitationToken() }),
    // the same answer whether or not the address had an account (docs/accounts.md "Signup")
    onSuccess: (result, values) =>
      navigate(withRet('/accounts/login', ret), { state: { username: values.username, signedUp: result?.message ?? true } }),
  });
  const notice = retNotice(ret);
  return (
    <VisitorCard
      title="Create your account"
      documentTitle="Sign up"
      subtitle="Start collaborating on boards in minutes."
      footer={
        <>
          Already have an account?{' '}
          <Link className="p-link-strong" to={withRet('/accounts/login', ret)}>
            Log in
          </Link>
        </>
      }
    >
      {notice && <Alert type="info">{notice}</Alert>}
      <Form form={form} aria-label="Sign up">
        <Field
          label="Username"
          type="text"
          inputMode="email"
          autoComplete="email"
          placeholder="you@example.com"
          hint="Your e-mail address."
          {...form.field('username')}
        />
        <Field label="Password" type="password" autoComplete="new-password" placeholder="Choose a password" {...form.field('password')} />
        <Field
          label="Repeat password"
          type="password"
          autoComplete="new-password"
          placeholder="Type it again"
          {...form.field('repeatPassword')}
        />
        <Checkbox label="I agree to the Terms of Service and the Privacy Policy" {...form.checkbox('terms')} />
        <Button type="submit" block busy={form.processing}>
          Create account
        </Button>
      </Form>
    </VisitorCard>
  );
}
