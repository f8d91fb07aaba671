import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Alert, Button, Field, Form, HttpError, type FieldErrors, useForm } from '../../ui';
import { accountsApi, type SignedIn } from '../api';
import { completeLogin } from '../login-flow';
import { MESSAGES as SPEC_MESSAGES } from '../../shared/messages';
import { PANEL_MESSAGES } from '../messages';
import { retNotice, withRet } from '../ret';
import { useGoToReturn } from './finish';
import { GoogleSignIn, useGoogleOffered } from './google';
import { VisitorCard } from './layout';

/** Why the last attempt failed: wrong credentials, or anything else (panel.md §8). */
export type LoginProblem = { kind: 'invalid' } | { kind: 'other'; text?: string };

export interface LoginPageProps {
  /** start with these field errors (stories) */
  initialErrors?: FieldErrors;
  /** start with this form-level problem (stories) */
  initialProblem?: LoginProblem;
  /** whether the server offers Google sign-in (stories); by default GET /api/accounts/providers says */
  google?: boolean;
}

/** /accounts/login (panel.md §2, §4). */
export function LoginPage({ initialErrors, initialProblem, google }: LoginPageProps) {
  const [params] = useSearchParams();
  const ret = params.get('ret');
  const state = (useLocation().state ?? {}) as { username?: string; signedUp?: boolean | string };
  const goToReturn = useGoToReturn();
  const [problem, setProblem] = useState<LoginProblem | null>(initialProblem ?? null);
  const [merging, setMerging] = useState(false);
  const [finishing, setFinishing] = useState(false);
  // Google only where the server has it configured (no dead ends: docs/accounts.md)
  const googleOffered = useGoogleOffered(google);

  const failed = (err: unknown, unplaced: FieldErrors = {}): true => {
    if (err instanceof HttpError && err.message === PANEL_MESSAGES.invalidGrant) setProblem({ kind: 'invalid' });
    else if (err instanceof HttpError && err.status === 400 && err.hasFieldErrors && Object.keys(unplaced).length === 0) setProblem(null);
    else {
      const text = err instanceof HttpError && !err.noResponse && err.status < 500 ? err.message : undefined;
      setProblem({ kind: 'other', text: text && text !== PANEL_MESSAGES.contactSupport ? text : undefined });
    }
    return true;
  };

  const finish = async (session: SignedIn) => {
    setProblem(null);
    setFinishing(true);
    try {
      await completeLogin(session, setMerging);
      goToReturn(ret);
    } finally {
      setFinishing(false);
    }
  };

  const form = useForm({
    initial: { username: state.username ?? '', password: '' },
    initialErrors,
    submit: (values) => accountsApi.login(values),
    onSuccess: finish,
    onError: failed,
  });

  const notice = retNotice(ret);
  const busy = form.processing || finishing;
  return (
    <VisitorCard
      title="Welcome back"
      documentTitle="Log in"
      subtitle="Log in to your Tabula account."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link className="p-link-strong" to={withRet('/accounts/signup', ret)}>
            Sign up
          </Link>
        </>
      }
    >
      {notice && <Alert type="info">{notice}</Alert>}
      {state.signedUp && !problem && (
        <Alert type="success">{typeof state.signedUp === 'string' ? state.signedUp : SPEC_MESSAGES.signedUp}</Alert>
      )}
      {merging && <Alert type="info">{PANEL_MESSAGES.merging}</Alert>}
      {problem?.kind === 'invalid' && (
        <Alert type="error">
          {PANEL_MESSAGES.invalidLogin} New here? <Link to={withRet('/accounts/signup', ret)}>Create an account</Link>.
        </Alert>
      )}
      {problem?.kind === 'other' && (
        <Alert type="error">
          {problem.text?.includes(PANEL_MESSAGES.contactSupport)
            ? problem.text
            : `${problem.text ? `${problem.text} ` : ''}${PANEL_MESSAGES.contactSupport}`}
        </Alert>
      )}
      {googleOffered && (
        <>
          <GoogleSignIn
            disabled={busy}
            onSession={(session) => {
              finish(session).catch((err) => failed(err));
            }}
            onError={(text) => setProblem({ kind: 'other', text })}
          />
          <div className="v-divider">or</div>
        </>
      )}
      <Form form={form} aria-label="Log in">
        <Field
          label="Username"
          type="text"
          inputMode="email"
          autoComplete="username"
          placeholder="you@example.com"
          {...form.field('username')}
        />
        <Field label="Password" type="password" autoComplete="current-password" placeholder="Your password" {...form.field('password')} />
        <div className="v-row">
          <span />
          <Link to="/accounts/forgot-password">Forgot password?</Link>
        </div>
        <Button type="submit" block busy={busy}>
          Log in
        </Button>
      </Form>
    </VisitorCard>
  );
}
