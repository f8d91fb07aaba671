import { useWorkspace } from '../workspace/workspace-page';
import { BoardList } from './board-list';

/** /panel/workspace/{id}/boards: the workspace's board list. */
export function BoardsTab() {
  const { workspace } = useWorkspace();
  return <BoardList workspace={workspace.id} role={workspace.role} />;
}
