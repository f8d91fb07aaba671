import type { Meta, StoryObj } from '@storybook/react-vite';
import { VisitorLayout } from '../../panel/visitor/layout';
import { LoginPage } from '../../panel/visitor/login';
import { SignupPage } from '../../panel/visitor/signup';
import { ForgotPasswordPage } from '../../panel/visitor/forgot-password';
import { ResetPasswordPage } from '../../panel/visitor/reset-password';
import { atRoute } from '../support/router';

/** The visitor screens (panel.md §2) in their default and error states. */
const meta = {
  title: 'Panel/Visitor screens',
  component: LoginPage,
} satisfies Meta<typeof LoginPage>;
export default meta;

type Story = StoryObj<typeof meta>;
const frame = <VisitorLayout />;

export const Login: Story = {
  args: { google: true },
  decorators: [atRoute('/accounts/login', '/accounts/login', frame)],
};

export const LoginInvalidCredentials: Story = {
  args: { google: true, initialProblem: { kind: 'invalid' } },
  decorators: [atRoute('/accounts/login', '/accounts/login', frame)],
};

export const LoginOtherFailure: Story = {
  args: { google: true, initialProblem: { kind: 'other' } },
  decorators: [atRoute('/accounts/login', '/accounts/login', frame)],
};

export const LoginFieldErrors: Story = {
  args: { google: true, initialErrors: { username: ['Username is required.'], password: ['Password is required.'] } },
  decorators: [atRoute('/accounts/login', '/accounts/login', frame)],
};

/** A server without GOOGLE_CLIENT_ID: no Google button, no "or" divider. */
export const LoginWithoutGoogle: Story = {
  args: { google: false },
  decorators: [atRoute('/accounts/login', '/accounts/login', frame)],
};

export const LoginToClaimOffer: Story = {
  args: { google: true },
  decorators: [atRoute('/accounts/login?ret=%2Fpanel%2Fsubscription', '/accounts/login', frame)],
};

export const Signup: StoryObj<typeof SignupPage> = {
  render: (args) => <SignupPage {...args} />,
  decorators: [atRoute('/accounts/signup', '/accounts/signup', frame)],
};

export const SignupErrors: StoryObj<typeof SignupPage> = {
  render: (args) => <SignupPage {...args} />,
  args: {
    initialErrors: {
      username: ['Username must be a valid e-mail address.'],
      repeatPassword: ['Passwords do not match.'],
      terms: ['You must accept the terms.'],
    },
  },
  decorators: [atRoute('/accounts/signup?ret=%2Finvitations%2Fauthorize-partner', '/accounts/signup', frame)],
};

export const ForgotPassword: StoryObj<typeof ForgotPasswordPage> = {
  render: (args) => <ForgotPasswordPage {...args} />,
  decorators: [atRoute('/accounts/forgot-password', '/accounts/forgot-password', frame)],
};

export const ForgotPasswordError: StoryObj<typeof ForgotPasswordPage> = {
  render: (args) => <ForgotPasswordPage {...args} />,
  args: { initialErrors: { email: ['Email must be a valid e-mail address.'] } },
  decorators: [atRoute('/accounts/forgot-password', '/accounts/forgot-password', frame)],
};

export const ForgotPasswordSent: StoryObj<typeof ForgotPasswordPage> = {
  render: (args) => <ForgotPasswordPage {...args} />,
  args: { initiallySent: true },
  decorators: [atRoute('/accounts/forgot-password', '/accounts/forgot-password', frame)],
};

export const ResetPassword: StoryObj<typeof ResetPasswordPage> = {
  render: (args) => <ResetPasswordPage {...args} />,
  decorators: [atRoute('/accounts/reset-password/c0de/ana%40example.com', '/accounts/reset-password/:code/:email', frame)],
};

export const ResetPasswordErrors: StoryObj<typeof ResetPasswordPage> = {
  render: (args) => <ResetPasswordPage {...args} />,
  args: {
    initialErrors: {
      code: ['The recovery link is invalid or has expired.'],
      password: ['Password must be at least 8 characters.'],
      confirmPassword: ['Passwords do not match.'],
    },
  },
  decorators: [atRoute('/accounts/reset-password/c0de/ana%40example.com', '/accounts/reset-password/:code/:email', frame)],
};
