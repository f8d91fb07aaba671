import { useCallback, useEffect, useState } from 'react';
import { Button, Checkbox, confirm, Field, reportFailure, SelectField, Spinner, TextAreaField } from '../../ui';
import { ADMIN_TEXTS, useAdminApi, type UserDetails, type UserRow } from '../api';
import { DetailList, show } from '../shared/detail-list';
import { runAction } from '../shared/run-action';

/** Direct message templates (backoffice.md §9). */
export const DIRECT_TEMPLATES = [
  { value: '', label: 'Empty (your subject and message)' },
  { value: 'account-deactivation-email', label: 'account-deactivation-email' },
];

/** User detail dialog body (backoffice.md §2/§3). */
export function UserDetail({ row, onChanged }: { row: UserRow; onChanged: () => void }) {
  const id = row.id;
  const api = useAdminApi();
  const [user, setUser] = useState<UserDetails | null>(null);
  const load = useCallback(() => api.userDetails(id).then(setUser, reportFailure), [api, id]);
  useEffect(() => void load(), [load]);
  if (!user) return <Spinner />;
  const done = (ok: boolean) => {
    if (!ok) return;
    void load();
    onChanged();
  };
  const toggle = (what: 'active' | 'beta-tester' | 'flag') =>
    void runAction(() => api.toggleUser(user.id, what), ADMIN_TEXTS.saved).then(done);
  return (
    <>
      <DetailList
        items={[
          ['Id', user.id],
          ['Username', user.username],
          ['Display name', show(row.displayName)],
          ['Functional role', show(user.functionalRole)],
          ['Image', show(row.hasImage)],
          ['Customer', show(row.customerId)],
          ['Created', show(row.createdDate, 'date')],
          ['Owned boards', show(user.numberOfOwnedBoards)],
          ['Invited boards', show(user.numberOfInvitedBoards)],
          ['Client', show(user.clientName)],
          ['Client boards', show(user.clientBoards)],
          ['Client origins', show(user.clientOrigins)],
          ['Tokens', show(user.tokens)],
          ['External accounts', show(user.externalAccounts)],
          ['Workspaces', show(user.workspaceCount)],
          ['Country', show(user.country)],
          ['Last online', show(user.lastOnline, 'date')],
          ['Last login', show(user.lastLogin, 'date')],
          ['Sessions', show(user.sessions)],
          ['Edits', show(user.edits)],
          ['Collaborations', show(user.collaborations)],
          ['Storage', show(user.storage, 'bytes')],
        ]}
      />
      <div className="a-checks">
        <Checkbox label="Active" checked={user.isActive} onChange={() => toggle('active')} />
        <Checkbox label="Beta tester" checked={user.isBetaTester} onChange={() => toggle('beta-tester')} />
        <Checkbox label="Flag" checked={user.flag} onChange={() => toggle('flag')} />
      </div>
      <Roles user={user} onSaved={() => done(true)} />
      <Segments user={user} onSaved={() => done(true)} />
      <DirectMessage userId={user.id} />
      <h3 className="a-section">Account</h3>
      <div className="a-row">
        <Button
          variant="secondary"
          onClick={() => void runAction(() => api.recalcStorage(user.id), ADMIN_TEXTS.storageRecalculated).then(done)}
        >
          Recalculate storage
        </Button>
        <Button
          variant="danger"
          onClick={async () => {
            if (!(await confirm({ message: `Delete the account ${user.username} permanently, with its boards?`, danger: true }))) return;
            if (await runAction(() => api.deleteAccount(user.id), ADMIN_TEXTS.deleted)) onChanged();
          }}
        >
          Delete account
        </Button>
      </div>
    </>
  );
}

function Roles({ user, onSaved }: { user: UserDetails; onSaved: () => void }) {
  const api = useAdminApi();
  const [roles, setRoles] = useState(user.roles);
  useEffect(() => setRoles(user.roles), [user.roles]);
  return (
    <fieldset className="a-checks" style={{ border: 0, padding: 0, margin: '0 0 12px' }}>
      <legend className="a-section">Roles</legend>
      {roles.map((r) => (
        <Checkbox
          key={r.name}
          label={r.name}
          checked={r.granted}
          onChange={(e) => setRoles(roles.map((x) => (x.name === r.name ? { ...x, granted: e.target.checked } : x)))}
        />
      ))}
      <Button
        size="sm"
        variant="secondary"
        onClick={() => void runAction(() => api.saveRoles(user.id, roles), ADMIN_TEXTS.rolesSaved).then((ok) => ok && onSaved())}
      >
        Save roles
      </Button>
    </fieldset>
  );
}

function Segments({ user, onSaved }: { user: UserDetails; onSaved: () => void }) {
  const api = useAdminApi();
  const [text, setText] = useState(user.segments.join(', '));
  const list = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return (
    <div className="a-row" style={{ alignItems: 'flex-end' }}>
      <Field label="Segments" value={text} onChange={(e) => setText(e.target.value)} hint="Comma-separated tags" />
      <Button
        size="sm"
        variant="secondary"
        onClick={() => void runAction(() => api.saveSegments(user.id, list), ADMIN_TEXTS.saved).then((ok) => ok && onSaved())}
      >
        Save segments
      </Button>
    </div>
  );
}

function DirectMessage({ userId }: { userId: string }) {
  const api = useAdminApi();
  const [template, setTemplate] = useState('');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    const ok = await runAction(
      () => api.directMessage(userId, template, { subject: subject || undefined, message }),
      ADMIN_TEXTS.messageSent,
    );
    setBusy(false);
    if (ok) setMessage('');
  };
  return (
    <fieldset style={{ border: 0, padding: 0, margin: '0 0 12px' }}>
      <legend className="a-section">Direct message</legend>
      <SelectField label="Template" value={template} options={DIRECT_TEMPLATES} onChange={(e) => setTemplate(e.target.value)} />
      {template === '' ? <Field label="Subject" value={subject} onChange={(e) => setSubject(e.target.value)} /> : null}
      <TextAreaField label="Message" value={message} rows={3} onChange={(e) => setMessage(e.target.value)} />
      <Button busy={busy} onClick={() => void send()}>
        Send message
      </Button>
    </fieldset>
  );
}
