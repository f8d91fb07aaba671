import { useEffect, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { MESSAGES } from '../../shared/messages';
import { Button, Icon, Modal, reportFailure, Spinner, useSubject } from '../../ui';
import { refreshWorkspaces, workspaces$, type Workspace } from '../workspace/api';
import {
  boardWithTemplate,
  matches,
  SEARCH_DEBOUNCE_MS,
  TEMPLATE_GROUPS,
  TEMPLATE_TEXTS as T,
  templatesApi,
  type TemplateCard,
  type TemplateGroup,
} from './api';
import { useTemplateStyles } from './styles';

type Load = { kind: 'loading' } | { kind: 'ready'; cards: TemplateCard[] } | { kind: 'failed' };

/**
 * The workspace the page works in (docs/panel.md "Templates"): the panel has no "current workspace"
 * beyond its address, so `?workspace=<id or altId>` names it, else the user's default workspace.
 * Only workspaces where the user may create boards can be chosen (a template becomes a new board).
 */
function useCurrentWorkspace(): { current: Workspace | null; choices: Workspace[]; choose: (id: string) => void; loaded: boolean } {
  const workspaces = useSubject(workspaces$);
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    if (!workspaces$.value) void refreshWorkspaces();
  }, []);
  const wanted = params.get('workspace');
  const choices = useMemo(() => (workspaces ?? []).filter((w) => w.rights.includes('createBoards')), [workspaces]);
  const current =
    choices.find((w) => wanted && (w.id === wanted || w.altId === wanted)) ?? choices.find((w) => w.isDefault) ?? choices[0] ?? null;
  const choose = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('workspace', id);
    setParams(next, { replace: true });
  };
  return { current, choices, choose, loaded: workspaces !== null };
}

/** The typed text, once the person stopped typing for `ms`. */
function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * /templates (panel.md §2; the board's templates dialog, board.md §4, shows the same catalogue):
 * search, the group filter (All, Templates, Building blocks, My templates of the current
 * workspace), cards with the server's thumbnail, title and summary. A card opens its details;
 * 'Use Template' makes a new board in the workspace and opens it with `?template=<name>`, which
 * the board inserts once it has joined.
 */
export function TemplatesPage() {
  useTemplateStyles();
  const { current, choices, choose, loaded } = useCurrentWorkspace();
  const [group, setGroup] = useState<TemplateGroup>('all');
  const [text, setText] = useState('');
  const search = useDebounced(text, SEARCH_DEBOUNCE_MS);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [open, setOpen] = useState<TemplateCard | null>(null);
  const altId = current?.altId ?? null;

  useEffect(() => {
    // My templates need the workspace; the built-in catalogue does not wait for it
    if (group === 'mine' && !altId) {
      if (loaded) setLoad({ kind: 'ready', cards: [] });
      return;
    }
    const abort = new AbortController();
    setLoad({ kind: 'loading' });
    const own = (silent: boolean): Promise<TemplateCard[]> =>
      altId ? templatesApi.custom(altId, abort.signal, silent).then((list) => (Array.isArray(list) ? list : [])) : Promise.resolve([]);
    const cards: Promise<TemplateCard[]> =
      group === 'mine'
        ? own(false).then((list) => list.filter((c) => matches(c, search)))
        : Promise.all([
            templatesApi.list(group, search, abort.signal).then((list): TemplateCard[] => (Array.isArray(list) ? list : [])),
            // All also lists the workspace's own templates; if they cannot be had, the catalogue still shows
            group === 'all' ? own(true).catch((): TemplateCard[] => []) : Promise.resolve([]),
          ]).then(([builtIn, mine]) => [...builtIn, ...mine.filter((c) => matches(c, search))]);
    cards.then(
      (list) => {
        if (!abort.signal.aborted) setLoad({ kind: 'ready', cards: list });
      },
      (error: unknown) => {
        if (abort.signal.aborted || (error as Error)?.name === 'AbortError') return;
        reportFailure(error);
        setLoad({ kind: 'failed' });
      },
    );
    return () => abort.abort();
  }, [group, search, altId, loaded, attempt]);

  return (
    <div className="p-card">
      <div className="p-card__body p-tpl-page">
        <div className="p-tpl-controls">
          <input
            className="t-input p-tpl-search"
            type="search"
            placeholder={MESSAGES.search}
            aria-label={T.searchLabel}
            value={text}
            autoComplete="off"
            onChange={(e) => setText(e.target.value)}
          />
          <div className="p-tpl-groups" role="group" aria-label={T.groupsLabel}>
            {TEMPLATE_GROUPS.map((g) => (
              <button key={g.value} type="button" aria-pressed={group === g.value} onClick={() => setGroup(g.value)}>
                {g.label}
              </button>
            ))}
          </div>
          {choices.length > 1 && current && (
            <label className="p-tpl-workspace">
              <span>{T.workspaceLabel}</span>
              <select className="t-input" value={current.id} onChange={(e) => choose(e.target.value)}>
                {choices.map((w) => (
                  <option key={w.id} value={w.id}>
                    {!w.isOwner && w.ownerName ? `${w.name} · ${w.ownerName}` : w.name}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
        <Catalogue load={load} group={group} search={search} onOpen={setOpen} onRetry={() => setAttempt((n) => n + 1)} />
      </div>
      <TemplateDetails card={open} workspace={current} onClose={() => setOpen(null)} />
    </div>
  );
}

function Catalogue({
  load,
  group,
  search,
  onOpen,
  onRetry,
}: {
  load: Load;
  group: TemplateGroup;
  search: string;
  onOpen: (card: TemplateCard) => void;
  onRetry: () => void;
}) {
  const count = load.kind === 'ready' ? load.cards.length : 0;
  return (
    <>
      <p className="t-sr-only" role="status">
        {load.kind === 'loading' ? T.loading : load.kind === 'ready' ? `${count} template${count === 1 ? '' : 's'}` : ''}
      </p>
      {load.kind === 'loading' && (
        <>
          <div className="p-loading p-tpl-loading">
            <Spinner label={T.loading} /> {T.loading}
          </div>
          <ul className="p-tpl-grid" aria-hidden="true">
            {[0, 1, 2, 3].map((i) => (
              <li key={i} className="p-tpl-card p-tpl-card--skeleton">
                <div className="p-tpl-card__thumb" />
                <div className="p-tpl-bar" />
                <div className="p-tpl-bar p-tpl-bar--short" />
              </li>
            ))}
          </ul>
        </>
      )}
      {load.kind === 'failed' && (
        <div className="p-tpl-empty" role="alert">
          <p>{T.loadFailed}</p>
          <Button variant="secondary" onClick={onRetry}>
            {MESSAGES.retry}
          </Button>
        </div>
      )}
      {load.kind === 'ready' && count === 0 && (
        <div className="p-tpl-empty">
          <Icon name="template" size={32} />
          <p>{search.trim() ? T.noMatch(search.trim()) : group === 'mine' ? T.noneOwn : T.noneInGroup}</p>
        </div>
      )}
      {load.kind === 'ready' && count > 0 && (
        <ul className="p-tpl-grid" aria-label="Templates">
          {load.cards.map((card) => (
            <li key={`${card.type}:${card.name}`}>
              <TemplateCardButton card={card} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function Thumbnail({ card, large }: { card: TemplateCard; large?: boolean }) {
  const [broken, setBroken] = useState(false);
  return (
    <div className={`p-tpl-card__thumb${large ? ' p-tpl-card__thumb--large' : ''}`}>
      {card.imageUrl && !broken ? (
        <img src={card.imageUrl} alt={large ? `Preview of ${card.title}` : ''} loading="lazy" onError={() => setBroken(true)} />
      ) : (
        <Icon name="template" size={large ? 48 : 32} />
      )}
    </div>
  );
}

function Badges({ card }: { card: TemplateCard }) {
  return (
    <>
      {card.type === 1 && card.isNew && <span className="p-tpl-badge p-tpl-badge--new">{T.newBadge}</span>}
      {card.type === 2 && <span className="p-tpl-badge">{card.shared ? T.sharedBadge : T.customBadge}</span>}
    </>
  );
}

/** One card: a button named by the template's title, described by its summary. */
function TemplateCardButton({ card, onOpen }: { card: TemplateCard; onOpen: (card: TemplateCard) => void }) {
  const id = useId();
  return (
    <button
      type="button"
      className="p-tpl-card"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-summary`}
      aria-haspopup="dialog"
      onClick={() => onOpen(card)}
    >
      <Thumbnail card={card} />
      <span className="p-tpl-card__title">
        <span id={`${id}-title`}>{card.title}</span>
        <Badges card={card} />
      </span>
      <span className="p-tpl-card__summary" id={`${id}-summary`}>
        {card.summery}
      </span>
    </button>
  );
}

/**
 * A template's details: the larger thumbnail, its summary, and 'Use Template', which creates the
 * board (POST /api/boards in the workspace) and opens it with `?template=<name>`.
 */
function TemplateDetails({ card, workspace, onClose }: { card: TemplateCard | null; workspace: Workspace | null; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const use = async () => {
    if (!card || !workspace) return;
    setBusy(true);
    try {
      const board = await templatesApi.newBoard(workspace.id);
      window.location.assign(boardWithTemplate(board.code, card.name));
    } catch (error) {
      reportFailure(error);
      setBusy(false);
    }
  };
  return (
    <Modal
      open={card !== null}
      title={card?.title ?? ''}
      onClose={busy ? () => undefined : onClose}
      width={720}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {MESSAGES.close}
          </Button>
          <Button onClick={() => void use()} busy={busy} disabled={!workspace}>
            {MESSAGES.useTemplate}
          </Button>
        </>
      }
    >
      {card && (
        <div className="p-tpl-details">
          <Thumbnail card={card} large />
          <p className="p-tpl-details__summary">
            <Badges card={card} /> {card.summery}
          </p>
          {card.hasParameters && <p className="p-muted">{T.hasOptions}</p>}
          {workspace && <p className="p-muted">{busy ? T.creating : T.newBoardIn(workspace.name)}</p>}
        </div>
      )}
    </Modal>
  );
}
