import './preview';
import { composeStories } from '@storybook/react';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as stories from '../../stories/panel/visitor.stories';

const S = composeStories(stories);

/** What a person sees on each visitor screen, in its default and error states (panel.md §2, §5, §8). */
describe('visitor screens', () => {
  it('login: fields, Google, forgot-password and signup links', async () => {
    render(<S.Login />);
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(screen.getByLabelText('Username')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/accounts/forgot-password');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/accounts/signup');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('login on a server without Google: no Google button and no divider', async () => {
    render(<S.LoginWithoutGoogle />);
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).toBeNull();
    expect(screen.queryByText('or')).toBeNull();
  });

  it('login with wrong credentials: the spec text and a create-account hint', async () => {
    render(<S.LoginInvalidCredentials />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Invalid username or password.');
    expect(within(alert).getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/accounts/signup');
  });

  it('login failing otherwise: contact support', async () => {
    render(<S.LoginOtherFailure />);
    expect((await screen.findByRole('alert')).textContent).toBe('If the problem persists, contact support.');
  });

  it('login field errors show on their fields', async () => {
    render(<S.LoginFieldErrors />);
    const username = await screen.findByLabelText('Username');
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(username.getAttribute('aria-describedby')!)!.textContent).toBe('Username is required.');
    expect(screen.getByText('Password is required.')).toBeTruthy();
  });

  it('ret to a subscription: the offer notice, and ret kept on the signup link', async () => {
    render(<S.LoginToClaimOffer />);
    expect(await screen.findByText('Log in or sign up to claim your offer.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/accounts/signup?ret=%2Fpanel%2Fsubscription');
  });

  it('signup: username, password, repeat password, terms', async () => {
    render(<S.Signup />);
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeTruthy();
    for (const label of ['Username', 'Password', 'Repeat password']) expect(screen.getByLabelText(label)).toBeTruthy();
    expect((screen.getByLabelText(/I agree to the Terms/) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole('button', { name: 'Create account' })).toBeTruthy();
  });

  it('signup errors: on the fields, terms label red and shaking, partner notice', async () => {
    render(<S.SignupErrors />);
    expect(await screen.findByText('Log in or sign up to authorize your partner.')).toBeTruthy();
    expect(screen.getByText('Username must be a valid e-mail address.')).toBeTruthy();
    expect(screen.getByText('Passwords do not match.')).toBeTruthy();
    expect(screen.getByText('You must accept the terms.')).toBeTruthy();
    const terms = screen.getByLabelText(/I agree to the Terms/);
    const label = terms.closest('label')!;
    expect(label.className).toContain('t-check--invalid');
    expect(label.className).toContain('t-shake');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/accounts/login?ret=%2Finvitations%2Fauthorize-partner',
    );
  });

  it('forgot password: email field, its error, and the sent state replacing the form', async () => {
    const { unmount } = render(<S.ForgotPassword />);
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    unmount();
    const second = render(<S.ForgotPasswordError />);
    expect(await screen.findByText('Email must be a valid e-mail address.')).toBeTruthy();
    second.unmount();
    render(<S.ForgotPasswordSent />);
    expect(await screen.findByText('Password recovery link sent to your email')).toBeTruthy();
    expect(screen.queryByLabelText('Email')).toBeNull();
  });

  it('reset password: title, the e-mail from the link, fields and Save', async () => {
    render(<S.ResetPassword />);
    expect(await screen.findByRole('heading', { name: 'Tabula Team password recovery' })).toBeTruthy();
    expect(screen.getByText('ana@example.com')).toBeTruthy();
    expect(screen.getByLabelText('New Password')).toBeTruthy();
    expect(screen.getByLabelText('Confirm Password')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('reset password errors under code, password and confirmPassword', async () => {
    render(<S.ResetPasswordErrors />);
    expect(await screen.findByText('The recovery link is invalid or has expired.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/accounts/forgot-password');
    expect(screen.getByText('Password must be at least 8 characters.')).toBeTruthy();
    expect(screen.getByText('Passwords do not match.')).toBeTruthy();
  });
});
