import { useCallback, useEffect, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useOutletContext, useParams } from 'react-router';
import { errorText, Spinner, useClaims } from '../../ui';
import { hasCustomerPlan } from '../billing/api';
import { BoardList } from '../boards/board-list';
import { tabsUnder } from '../registry';
import { refreshWorkspaces, workspaceApi, type Workspace } from './api';

/** What the tabs of a workspace page receive (react-router outlet context). */
export interface WorkspaceContext {
  workspace: Workspace;
  /** the workspace as the server has it now (after a tab changed it) */
  reload(): Promise<void>;
  /** show what a tab just saved (e.g. the answer of PUT) */
  replace(workspace: Workspace): void;
}

export const useWorkspace = () => useOutletContext<WorkspaceContext>();

type Load = { kind: 'loading' } | { kind: 'ready'; workspace: Workspace } | { kind: 'failed'; text: string };

/**
 * /panel/workspace/{id} (panel.md §2): the workspace's name and role over its tabs — boards,
 * extensions, workspace-members, workspace-setting (each a child route declaring its tab). 'default'
 * resolves to the user's first workspace and the address follows it.
 */
export function WorkspacePage() {
  const { id = 'default' } = useParams();
  if (id === 'shared') return <SharedBoardsPage />;
  // a new instance per workspace: nothing of the previous one's state is shown for the next
  return <OneWorkspace key={id} id={id} />;
}

/** /panel/workspace/shared/boards: 'Shared with me', the boards others shared with the user. */
function SharedBoardsPage() {
  return (
    <div className="p-card">
      <div className="p-card__body">
        <BoardList workspace="shared" role={null} />
      </div>
    </div>
  );
}

function OneWorkspace({ id }: { id: string }) {
  const location = useLocation();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  // panel.md §6: no Subscription tab under a customer-plan claim (a partner handles the plan)
  const hideSubscription = hasCustomerPlan(useClaims());

  const reload = useCallback(async () => {
    try {
      setLoad({ kind: 'ready', workspace: await workspaceApi.get(id) });
    } catch (error) {
      setLoad({ kind: 'failed', text: errorText(error) });
    }
  }, [id]);

  useEffect(() => {
    setLoad({ kind: 'loading' });
    void reload();
  }, [reload]);

  if (load.kind === 'loading') {
    return (
      <div className="p-loading">
        <Spinner label="Loading workspace" /> Loading workspace…
      </div>
    );
  }
  if (load.kind === 'failed') {
    return (
      <div className="p-card">
        <div className="p-card__body" role="alert">
          <p className="p-section-title">This workspace cannot be opened.</p>
          <p className="p-lead">{load.text}</p>
          <NavLink to="/panel/workspace/default/boards">Go to your workspace</NavLink>
        </div>
      </div>
    );
  }
  const { workspace } = load;
  const prefix = `/panel/workspace/${id}`;
  if (id !== workspace.id) {
    return <Navigate to={`/panel/workspace/${workspace.id}${location.pathname.slice(prefix.length)}${location.search}`} replace />;
  }
  const context: WorkspaceContext = {
    workspace,
    reload,
    replace: (next) => {
      setLoad({ kind: 'ready', workspace: next });
      void refreshWorkspaces();
    },
  };
  return (
    <div className="p-card">
      <div className="p-ws-head">
        <h2 className="p-ws-head__name">{workspace.name}</h2>
        <span className="p-badge" title="Your role in this workspace">
          {workspace.role}
        </span>
      </div>
      <nav className="p-tabs" aria-label="Workspace">
        {tabsUnder(prefix)
          .filter((t) => !(hideSubscription && t.to.endsWith('/subscription')))
          .map((t) => (
            <NavLink key={t.to} to={t.to} className="p-tab">
              {t.label}
            </NavLink>
          ))}
      </nav>
      <div className="p-card__body">
        <Outlet context={context} />
      </div>
    </div>
  );
}
