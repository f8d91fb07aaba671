import { useMemo, useRef, useState, type FormEvent } from 'react';
import { hasWorkspaceRight, INVITE_ROLES } from '../../shared/workspace-roles';
import {
  Button,
  confirm,
  DataGrid,
  Field,
  formatDate,
  reportFailure,
  SelectField,
  toast,
  type Column,
  type DataGridHandle,
  type RowAction,
} from '../../ui';
import { workspaceApi, type Member, type PendingInvitation } from './api';
import { useWorkspace } from './workspace-page';

const MEMBER_COLUMNS: Array<Column<Member>> = [
  { key: 'name', label: 'Name', sortable: true, render: (m) => (m.isSelf ? `${m.name || m.email} (you)` : m.name || '—') },
  { key: 'email', label: 'Email', sortable: true },
  { key: 'role', label: 'Role', sortable: true, width: 130 },
];

const PENDING_COLUMNS: Array<Column<PendingInvitation>> = [
  { key: 'email', label: 'Email', sortable: true },
  { key: 'role', label: 'Role', width: 110 },
  { key: 'invitedAt', label: 'Invited', sortable: true, render: (i) => formatDate(i.invitedAt) },
  { key: 'expiresAt', label: 'Expires', sortable: true, render: (i) => (i.expired ? 'Expired' : formatDate(i.expiresAt)) },
];

/** A row action's call: its success toast, or the failure (unless the HTTP layer already showed it); then the grid reloads. */
async function act(call: Promise<unknown>, success: string, reload: () => void): Promise<void> {
  await call.then(() => toast.success(success), reportFailure);
  reload();
}

/**
 * /panel/workspace/{id}/workspace-members (panel.md §2, §5, §6): the members grid (10 a page) with
 * grant/revoke Admin and Remove (non-owner, non-self), the invite form (e-mail trimmed, role Admin or
 * Member), and the pending invitations with removal (Owner and Admin).
 */
export function MembersTab() {
  const { workspace } = useWorkspace();
  const can = (right: Parameters<typeof hasWorkspaceRight>[1]) => hasWorkspaceRight(workspace.role, right);
  const members = useRef<DataGridHandle>(null);
  const pending = useRef<DataGridHandle>(null);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'Admin' | 'Member'>('Member');
  const [inviting, setInviting] = useState(false);
  const fetchMembers = useMemo(() => workspaceApi.members(workspace.id), [workspace.id]);
  const fetchPending = useMemo(() => workspaceApi.pending(workspace.id), [workspace.id]);

  const memberActions: Array<RowAction<Member>> = [
    {
      label: 'Make admin',
      hidden: (m) => !can('grantAdmin') || m.role !== 'Member',
      onClick: async (m, { reload }) => {
        await act(workspaceApi.changeRole(workspace.id, m.id, 'Admin'), `${m.name || m.email} is now an admin.`, reload);
      },
    },
    {
      label: 'Revoke admin',
      hidden: (m) => !can('revokeAdmin') || m.role !== 'Admin' || m.isSelf,
      onClick: async (m, { reload }) => {
        await act(workspaceApi.changeRole(workspace.id, m.id, 'Member'), `${m.name || m.email} is now a member.`, reload);
      },
    },
    {
      label: 'Remove',
      icon: 'trash',
      danger: true,
      hidden: (m) => !can('removeMembers') || m.role === 'Owner' || m.isSelf,
      onClick: async (m, { reload }) => {
        if (
          !(await confirm({
            title: 'Remove member',
            message: `Remove ${m.name || m.email} from ${workspace.name}?`,
            confirmText: 'Remove',
            danger: true,
          }))
        )
          return;
        await act(workspaceApi.removeMember(workspace.id, m.id), 'Member removed.', reload);
      },
    },
  ];

  const pendingActions: Array<RowAction<PendingInvitation>> = [
    {
      label: 'Remove',
      icon: 'trash',
      danger: true,
      hidden: () => !can('removePendingInvitations'),
      onClick: async (i, { reload }) => {
        await act(workspaceApi.removePending(workspace.id, i.id), 'Invitation removed.', reload);
      },
    },
  ];

  async function invite(e: FormEvent) {
    e.preventDefault();
    const address = email.trim();
    if (!address) return;
    setInviting(true);
    try {
      const answer = await workspaceApi.invite(workspace.id, { email: address, role });
      toast.success(answer?.message ?? `Invitation sent to ${address}.`);
      setEmail('');
      pending.current?.reload();
      members.current?.reload();
    } catch (error) {
      // §8 'Invitation failure': the errors' messages joined into one error toast
      reportFailure(error);
    } finally {
      setInviting(false);
    }
  }

  return (
    <>
      {can('inviteMembers') && (
        <form className="p-invite" onSubmit={invite} aria-label="Invite a member">
          <Field
            label="Email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            fieldClassName="p-invite__email"
            maxLength={320}
          />
          <SelectField
            label="Role"
            value={role}
            onChange={(e) => setRole(e.target.value as 'Admin' | 'Member')}
            options={INVITE_ROLES.map((r) => ({ value: r, label: r }))}
            fieldClassName="p-invite__role"
          />
          <Button type="submit" busy={inviting} disabled={!email.trim()}>
            Invite
          </Button>
        </form>
      )}
      <DataGrid<Member>
        label="Members"
        showCaption
        columns={MEMBER_COLUMNS}
        fetch={fetchMembers}
        rowKey="id"
        rowLabel={(m) => m.name || m.email}
        filterPlaceholder="Search members"
        actions={memberActions}
        handle={members}
      />
      {can('viewPendingInvitations') && (
        <div className="p-pending">
          <DataGrid<PendingInvitation>
            label="Pending invitations"
            showCaption
            columns={PENDING_COLUMNS}
            fetch={fetchPending}
            rowKey="id"
            rowLabel={(i) => i.email}
            filterPlaceholder="Search invitations"
            actions={pendingActions}
            emptyText="No pending invitations"
            handle={pending}
            // beside the members grid: its own names in the URL (pending.page, pending.q …)
            urlKey="pending"
          />
        </div>
      )}
    </>
  );
}
