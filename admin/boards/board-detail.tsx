import { useCallback, useEffect, useState } from 'react';
import { Button, DataGrid, formatDateTime, Modal, reportFailure, Spinner, type Column, type FetchPage } from '../../ui';
import { ADMIN_TEXTS, useAdminApi, type BoardDetails, type BoardMember, type BoardRow } from '../api';
import { DetailList, show } from '../shared/detail-list';
import { runAction } from '../shared/run-action';
import { ColumnChart } from '../shared/chart/column-chart';
import { BOARD_STATUS } from './columns';
import { formatSeconds } from '../dashboard/blocks/format';

const MEMBER_COLUMNS: Array<Column<BoardMember>> = [
  { key: 'username', label: 'Username', render: (m) => m.username ?? m.uid ?? '' },
  { key: 'role', label: 'Role' },
  { key: 'isOwner', label: 'Owner', render: (m) => (m.isOwner ? 'Yes' : 'No') },
  { key: 'isActive', label: 'Active', render: (m) => (m.isActive ? 'Yes' : 'No') },
  { key: 'lastJoinedAt', label: 'Last joined', render: (m) => (m.lastJoinedAt ? formatDateTime(m.lastJoinedAt) : '—') },
];

/** The members as a one-page list for the one grid (the detail answer holds them all). */
const memberPage =
  (members: BoardMember[]): FetchPage<BoardMember> =>
  async (q) => ({ totalCount: members.length, data: members.slice(q.Skip, q.Skip + q.Take) });

/** Board detail dialog body (backoffice.md §2/§3): data, member grid, Toggle Disable, set owner, delete member. */
export function BoardDetail({ row, onChanged }: { row: BoardRow; onChanged: () => void }) {
  const id = row.id;
  const api = useAdminApi();
  const [board, setBoard] = useState<BoardDetails | null>(null);
  const load = useCallback(() => api.boardDetails(id).then(setBoard, reportFailure), [api, id]);
  useEffect(() => void load(), [load]);
  if (!board) return <Spinner />;
  const changed = () => {
    void load();
    onChanged();
  };
  const workspace = board.workspace as { name?: string } | null;
  return (
    <>
      <DetailList
        items={[
          ['Code', board.code],
          ['Name', board.name],
          ['Status', BOARD_STATUS[board.status] ?? String(board.status)],
          ['Created', show(board.createdDate, 'date')],
          ['Last session', show(board.lastSession, 'date')],
          ['Last change', show(board.lastChange, 'date')],
          ['Media', `${show(board.mediaCount)} (${show(board.mediaSize, 'bytes')})`],
          ['Workspace', workspace?.name ?? '—'],
          ['Storage', show(board.storage, 'bytes')],
          ['Client', board.clientUsername ? `${show(board.clientUsername)} (${show(board.clientId)})` : '—'],
          ['Disposable', show(board.isDisposable)],
          ['Commands', show(row.commandsCount)],
          ['Share', row.shareType === 1 ? 'Users' : 'Public'],
          ['Opened through a client', show(row.hasClient)],
          ['Assets', show(row.assetsSize, 'bytes')],
        ]}
      />
      <div className="a-row">
        <Button
          variant="secondary"
          aria-describedby={`${board.id}-status`}
          onClick={() => void runAction(() => api.toggleBoardDisable(board.id), ADMIN_TEXTS.saved).then((ok) => ok && changed())}
        >
          Toggle Disable
        </Button>
        <span id={`${board.id}-status`} className={`a-status a-status--${board.status}`}>
          {BOARD_STATUS[board.status] ?? board.status}
        </span>
      </div>
      <h3 className="a-section">Members</h3>
      <DataGrid<BoardMember>
        key={board.members.map((m) => m.id).join()}
        label={`Members of ${board.name || board.code}`}
        columns={MEMBER_COLUMNS}
        fetch={memberPage(board.members)}
        rowKey="id"
        rowLabel={(m) => m.username ?? m.uid ?? m.id}
        filterable={false}
        // inside the board's dialog, over the boards grid: its page is not the page's URL
        urlKey={false}
        detail={{ title: (m) => `Member ${m.username ?? m.uid ?? ''}`, render: (m) => <MemberDetail member={m} /> }}
        actions={[
          {
            label: 'Set owner',
            hidden: (m) => m.isOwner,
            onClick: (m) => void runAction(() => api.setBoardOwner(board.id, m.id), ADMIN_TEXTS.ownerSet).then((ok) => ok && changed()),
          },
          {
            label: 'Delete member',
            icon: 'trash',
            danger: true,
            hidden: (m) => m.isOwner,
            onClick: (m) =>
              void runAction(() => api.deleteBoardMember(board.id, m.id), ADMIN_TEXTS.memberDeleted).then((ok) => ok && changed()),
          },
        ]}
      />
    </>
  );
}

function MemberDetail({ member: m }: { member: BoardMember }) {
  return (
    <DetailList
      items={[
        ['Id', m.id],
        ['Uid', show(m.uid)],
        ['Username', show(m.username)],
        ['Role', show(m.role)],
        ['Owner', show(m.isOwner)],
        ['Active', show(m.isActive)],
        ['Last joined', show(m.lastJoinedAt, 'date')],
        ['Last online', show(m.lastOnline, 'date')],
        ['Last session', m.sessionDuration === null ? '—' : formatSeconds(m.sessionDuration)],
        ['IP address', show(m.ip)],
        ['Browser', show(m.userAgent)],
      ]}
    />
  );
}

/** The insight dialog: titled groups; a date series is drawn as a chart. */
export function BoardInsights({ id }: { id: string }) {
  const api = useAdminApi();
  const [groups, setGroups] = useState<Awaited<ReturnType<typeof api.boardInsights>> | null>(null);
  useEffect(() => void api.boardInsights(id).then(setGroups, reportFailure), [api, id]);
  if (!groups) return <Spinner />;
  return <InsightGroups groups={groups} />;
}

/** An insight value as read: absent '—', an ISO time as a date, numbers grouped. */
function insightValue(value: string | number | null): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number') return value.toLocaleString();
  return /^\d{4}-\d{2}-\d{2}T/.test(value) ? formatDateTime(value) : value;
}

const isSeries = (items: Array<{ name: string; value: string | number | null }>) =>
  items.length > 1 && items.every((i) => /^\d{4}-\d{2}-\d{2}/.test(i.name) && typeof i.value === 'number');

export function InsightGroups({
  groups,
}: {
  groups: Array<{ title: string; items: Array<{ name: string; value: string | number | null }> }>;
}) {
  return (
    <div className="a-groups">
      {groups.map((g) => (
        <section key={g.title} className="a-group" aria-label={g.title} style={isSeries(g.items) ? { gridColumn: '1 / -1' } : undefined}>
          <h3>{g.title}</h3>
          {isSeries(g.items) ? (
            <ColumnChart title={g.title} points={g.items.map((i) => ({ name: i.name, value: Number(i.value) }))} />
          ) : null}
          {g.items.length === 0 ? <p className="p-muted">No records</p> : null}
          {!isSeries(g.items) ? (
            <ul>
              {g.items.map((item) => (
                <li key={item.name}>
                  <span>{item.name}</span>
                  <strong>{insightValue(item.value)}</strong>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </div>
  );
}

/** A dialog for a board's insight. */
export function InsightDialog({ board, onClose }: { board: { id: string; name: string } | null; onClose: () => void }) {
  return (
    <Modal open={!!board} title={`Insight: ${board?.name ?? ''}`} onClose={onClose} width={700}>
      {board ? <BoardInsights id={board.id} /> : null}
    </Modal>
  );
}
