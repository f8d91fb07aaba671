import { useEffect, useMemo, useState } from 'react';
import { hasPolicy, POLICY } from '../../shared/policies';
import { hasWorkspaceRight, opensBoardsInClientApp, type WorkspaceRight, type WorkspaceRole } from '../../shared/workspace-roles';
import { confirm, Icon, Pager, reportFailure, toast, useClaims, useList, useSubject, type MenuItem } from '../../ui';
import { refreshWorkspaces, workspaces$ } from '../workspace/api';
import { BOARD_PAGE_SIZE, boardsApi, boardsFetcher, parseTags, SORTS, TYPE_FILTERS, type BoardItem } from './api';
import { BoardCard, BoardCardSkeletons } from './board-card';
import { DuplicateDialog, MoveDialog, TagsDialog } from './board-dialogs';
import { ImportButton } from './import-button';

export interface BoardListProps {
  /** a workspace id, or 'shared' (boards shared with me) */
  workspace: string;
  /** the asker's role in the workspace (null for 'Shared with me') */
  role: WorkspaceRole | null;
}

type Dialog = { kind: 'tags' | 'duplicate' | 'move'; board: BoardItem } | null;

const open = (code: string) => location.assign(`/board/${code}`);

/**
 * The board list of a workspace, or of the boards shared with me (panel.md §2 "Board list", §4, §9):
 * text filter ('Type to filter'), type filter (Owner/Admin), sort, tags filter (tag-boards policy),
 * 30 cards a page with up to 10 page links when needed, three placeholder cards while loading, and
 * per-card Delete, Duplicate, Tags, Move and Download Backup for the workspace's Owner and Admins.
 */
export function BoardList({ workspace, role }: BoardListProps) {
  const claims = useClaims();
  const policyClaims = { plan: claims?.plan, role: claims?.role, qty: claims?.qty, client: claims?.client };
  const can = (right: WorkspaceRight) => hasWorkspaceRight(role, right);
  const tagging = hasPolicy(policyClaims, POLICY.tagBoards);
  const backups = hasPolicy(policyClaims, POLICY.backupBoards);
  const [sort, setSort] = useState<string>(SORTS[0].value);
  const [tagText, setTagText] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const fetch = useMemo(() => boardsFetcher(workspace, sort, tags), [workspace, sort, tags]);
  const list = useList<BoardItem>(fetch, {
    pageSize: BOARD_PAGE_SIZE,
    initialQuickFilter: 'All',
    extra: { Sort: sort, Tags: tags.join(',') },
  });
  const [dialog, setDialog] = useState<Dialog>(null);
  // copies made here, shown right after their original until the list is fetched again (§4)
  const [copies, setCopies] = useState<Array<{ after: string; board: BoardItem }>>([]);
  useEffect(() => setCopies([]), [list.rows]);
  const workspaces = useSubject(workspaces$);
  useEffect(() => {
    if (!workspaces$.value) void refreshWorkspaces();
  }, []);
  const moveTargets = (workspaces ?? []).filter((w) => w.id !== workspace && hasWorkspaceRight(w.role, 'moveBoards'));
  const rows = list.rows.flatMap((r) => [r, ...copies.filter((c) => c.after === r.id).map((c) => c.board)]);
  const typeTitle = TYPE_FILTERS.find((t) => t.value === list.quickFilter)?.label ?? TYPE_FILTERS[0].label;

  function actionsOf(board: BoardItem): MenuItem[] {
    const items: MenuItem[] = [];
    if (can('deleteBoards')) {
      items.push({
        label: 'Delete',
        icon: 'trash',
        danger: true,
        onSelect: async () => {
          if (
            !(await confirm({
              title: 'Delete board',
              message: 'Your board will delete permanently, Are you sure?',
              confirmText: 'Yes',
              closeText: 'No',
              danger: true,
            }))
          )
            return;
          await boardsApi.remove(board.id).then(() => list.reload(), reportFailure);
        },
      });
    }
    if (can('duplicateBoards')) items.push({ label: 'Duplicate', icon: 'copy', onSelect: () => setDialog({ kind: 'duplicate', board }) });
    if (can('tagBoards') && tagging) items.push({ label: 'Tags', icon: 'tag', onSelect: () => setDialog({ kind: 'tags', board }) });
    if (can('moveBoards') && moveTargets.length > 0)
      items.push({ label: 'Move to another workspace', icon: 'move', onSelect: () => setDialog({ kind: 'move', board }) });
    if (can('backupBoards') && backups) {
      items.push({
        label: 'Download Backup',
        icon: 'download',
        onSelect: async () => {
          const made = await boardsApi.backup(board.id).catch(reportFailure);
          if (!made) return;
          location.assign(`/api/boards/${made.id}/backup`);
          toast.success('board backed up');
        },
      });
    }
    return items;
  }

  const searchTags = () => setTags(parseTags(tagText));

  return (
    <section className="p-boards" aria-labelledby="boards-title">
      <div className="p-boards__head">
        <h3 id="boards-title" className="p-section-title">
          {workspace === 'shared' ? 'Shared with me' : typeTitle} {/* the count once it is known (not a '(0)' while the list loads) */}
          {!(list.loading && list.totalCount === 0) && <span className="p-muted">({list.totalCount + copies.length})</span>}
        </h3>
        <div className="p-boards__buttons">
          {can('createBoards') && backups && <ImportButton workspace={workspace} />}
          {can('createBoards') && (
            <a className="t-btn t-btn--primary" href={`/board/${workspace}/new`} title="Create a blank board">
              <Icon name="plus" size={16} /> New
            </a>
          )}
        </div>
      </div>
      {can('createBoards') && backups && (
        <p className="p-note-danger">
          Backup and restore are still being tested. Importing a backup creates a new board; it never overrides your existing boards.
        </p>
      )}
      {opensBoardsInClientApp(role) && <p className="p-muted">These will only open in your app.</p>}
      <div className="p-boards__controls">
        <input
          className="t-input"
          type="search"
          placeholder="Type to filter"
          aria-label="Filter boards by name"
          value={list.filterText}
          onChange={(e) => list.setFilterText(e.target.value)}
        />
        {can('seeTypeFilter') && (
          <select className="t-input" aria-label="Show" value={list.quickFilter} onChange={(e) => list.setQuickFilter(e.target.value)}>
            {TYPE_FILTERS.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        )}
        <select className="t-input" aria-label="Sort by" value={sort} onChange={(e) => setSort(e.target.value)}>
          {SORTS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
        {tagging && (
          <form
            className="p-boards__tags"
            onSubmit={(e) => {
              e.preventDefault();
              searchTags();
            }}
          >
            <input
              className="t-input"
              placeholder="Tags, comma separated"
              aria-label="Filter by tags"
              value={tagText}
              onChange={(e) => setTagText(e.target.value)}
            />
            <button type="submit" className="t-btn t-btn--secondary">
              Search
            </button>
            <button
              type="button"
              className="t-btn t-btn--ghost"
              onClick={() => {
                setTagText('');
                setTags([]);
              }}
            >
              Clear
            </button>
          </form>
        )}
      </div>
      <ul className="p-boards__grid" aria-label="Boards" aria-busy={list.loading}>
        {list.initial ? (
          <BoardCardSkeletons />
        ) : (
          rows.map((b) => (
            <BoardCard
              key={b.id}
              board={b}
              actions={actionsOf(b)}
              linked={!opensBoardsInClientApp(role)}
              onTag={(tag) => {
                setTagText(tag);
                setTags([tag]);
              }}
            />
          ))
        )}
      </ul>
      {!list.initial && rows.length === 0 && (
        <p className="p-empty">{list.filter || tags.length ? 'No boards match.' : 'No boards yet.'}</p>
      )}
      {list.totalCount > BOARD_PAGE_SIZE && <Pager page={list.page} pageCount={list.pageCount} onPage={list.setPage} label="Board pages" />}
      {dialog?.kind === 'tags' && (
        <TagsDialog
          board={dialog.board}
          onClose={() => setDialog(null)}
          onSave={async (next) => {
            await boardsApi.saveTags(dialog.board.id, next).then(() => {
              setDialog(null);
              list.reload();
            }, reportFailure);
          }}
        />
      )}
      {dialog?.kind === 'duplicate' && (
        <DuplicateDialog
          board={dialog.board}
          onClose={() => setDialog(null)}
          onDuplicate={async () => {
            const copy = await boardsApi.duplicate(dialog.board.id).catch(reportFailure);
            if (!copy) return;
            setCopies((c) => [...c, { after: dialog.board.id, board: copy }]);
            setDialog(null);
            toast.success('Board successfully duplicated', { actions: [{ label: 'Open', onClick: () => open(copy.code) }] });
          }}
        />
      )}
      {dialog?.kind === 'move' && (
        <MoveDialog
          board={dialog.board}
          targets={moveTargets}
          onClose={() => setDialog(null)}
          onMove={async (target) => {
            await boardsApi.move(dialog.board.id, target).then(() => {
              setDialog(null);
              toast.success(`Board moved to ${moveTargets.find((w) => w.id === target)?.name ?? 'the workspace'}.`);
              list.reload();
              void refreshWorkspaces();
            }, reportFailure);
          }}
        />
      )}
    </section>
  );
}
