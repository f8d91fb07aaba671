import { useRef, useState } from 'react';
import { confirm, DataGrid, type DataGridHandle } from '../../ui';
import { ADMIN_TEXTS, useAdminApi, type BoardRow } from '../api';
import { OperatorOnly } from '../shared/operator-only';
import { runAction } from '../shared/run-action';
import { BoardDetail, InsightDialog } from './board-detail';
import { BOARD_COLUMNS, BOARD_QUICK_FILTERS } from './columns';

/** /panel/admin-boards (backoffice.md §2 Board administration): a declaration on the one grid. */
export function AdminBoardsPage() {
  return (
    <OperatorOnly>
      <AdminBoards />
    </OperatorOnly>
  );
}

function AdminBoards() {
  const api = useAdminApi();
  const grid = useRef<DataGridHandle>(null);
  const [insight, setInsight] = useState<BoardRow | null>(null);
  return (
    <>
      <DataGrid<BoardRow>
        label="Boards"
        handle={grid}
        columns={BOARD_COLUMNS}
        fetch={api.boards}
        rowKey="id"
        rowLabel={(b) => b.name || b.code}
        quickFilters={BOARD_QUICK_FILTERS}
        initialSort={{ key: 'createdDate', desc: true }}
        filterPlaceholder="Name, code or owner"
        detail={{
          label: 'View',
          title: (b) => `Board ${b.name || b.code}`,
          width: 700,
          render: (b, { reload }) => <BoardDetail row={b} onChanged={reload} />,
        }}
        actions={[
          { label: 'Insight', icon: 'chart', iconOnly: true, onClick: (b) => setInsight(b) },
          {
            label: 'Delete',
            icon: 'trash',
            iconOnly: true,
            danger: true,
            onClick: async (b, { reload }) => {
              if (!(await confirm({ message: ADMIN_TEXTS.deleteBoard, danger: true }))) return;
              if (await runAction(() => api.deleteBoard(b.id), ADMIN_TEXTS.deleted)) reload();
            },
          },
        ]}
      />
      <InsightDialog board={insight} onClose={() => setInsight(null)} />
    </>
  );
}
