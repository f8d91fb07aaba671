import { useMemo } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { AdminApiContext } from '../../admin/api';
import { ShellAt } from '../support/shell-at';
import { sampleAdminApi } from './sample-api';

/**
 * A back-office screen inside the signed-in shell at its /panel path, over the in-memory sample
 * API (no server). `roles` without 'admin' shows the guard.
 */
function AdminScreen({ path, roles = ['admin'], smtp = false }: { path: string; roles?: string[]; smtp?: boolean }) {
  const api = useMemo(() => sampleAdminApi([], { smtp }), [smtp]);
  return (
    <AdminApiContext.Provider value={api}>
      <ShellAt path={path} roles={roles} />
    </AdminApiContext.Provider>
  );
}

const meta = {
  title: 'Admin/Screens',
  component: AdminScreen,
} satisfies Meta<typeof AdminScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Board administration: quick filters, text filter, orders, View / Insight / Delete. */
export const Boards: Story = { args: { path: '/panel/admin-boards' } };
/** User administration: quick filters, segments filter, View with toggles, roles, message. */
export const Users: Story = { args: { path: '/panel/users' } };
export const Feedbacks: Story = { args: { path: '/panel/feedbacks' } };
export const Contacts: Story = { args: { path: '/panel/contacts' } };
/** The outbox without SMTP: mails kept here; View shows the text with its links clickable, no Resend. */
export const Outbox: Story = { args: { path: '/panel/outbox' } };
/** The outbox of a server with SMTP: View offers Resend. */
export const OutboxWithSmtp: Story = { args: { path: '/panel/outbox', smtp: true } };
/** Promotion codes: quick filters, copy code / link, View usages, the add/edit dialog with templates. */
export const Promos: Story = { args: { path: '/panel/promos' } };
export const Directory: Story = { args: { path: '/panel/directory' } };
export const Clients: Story = { args: { path: '/panel/clients' } };
export const UserAudit: Story = { args: { path: '/panel/user-audit' } };
export const FeatureAudit: Story = { args: { path: '/panel/feature-audit' } };
export const OperatorAudit: Story = { args: { path: '/panel/operator-audit' } };
export const PerfLogs: Story = { args: { path: '/panel/perf-logs' } };
/** The log viewer: file, level and property filters; arrows/Home/End/PageUp/PageDown; Enter opens an entry. */
export const LogViewer: Story = { args: { path: '/panel/log-viewer' } };
/** A signed-in user who is not an operator opens an admin path: access denied. */
export const NotAnOperator: Story = { args: { path: '/panel/users', roles: [] } };
