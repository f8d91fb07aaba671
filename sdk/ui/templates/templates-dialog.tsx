import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { DIALOG_WIDTHS, TEMPLATE_SEARCH_DEBOUNCE_MS } from '../../../shared/constants';
import { MESSAGES } from '../../../shared/messages';
import type { TemplateData } from '../../../shared/templates/types';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm';
import { Modal } from '../../../ui/modal';
import { toast } from '../../../ui/toast';
import type { Editor } from '../../editor/editor';
import type { SyncClient } from '../../sync/sync-client';
import { BoardIcon } from '../icons';
import {
  absoluteUrl,
  samePlatform,
  deleteCustomTemplate,
  insertTemplate,
  listCustomTemplates,
  listTemplates,
  templateDetails,
  type TemplateCard,
  type TemplateDetails,
  type TemplateGroup,
} from './api';
import { FeedbackBox } from './feedback-box';
import { ParameterForm } from './parameter-form';
import { dataErrors } from './validate';

const TABS: Array<{ group: TemplateGroup; label: string }> = [
  { group: 'all', label: 'All' },
  { group: 'template', label: 'Templates' },
  { group: 'buildingBlock', label: 'Building blocks' },
  { group: 'mine', label: 'My templates' },
];

/** Whether a card matches the search text: its title, name, summary or tags contain every word. */
export function matchesSearch(card: TemplateCard, search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const text = [card.title, card.name, card.summery, ...(card.tags ?? [])].join(' ').toLowerCase();
  return words.every((w) => text.includes(w));
}

export interface TemplatesDialogProps {
  editor: Editor;
  sync: SyncClient;
  /** the platform's base url (the cards' thumbnails) */
  server: string;
  onClose: () => void;
  /** opens 'Save as template' (given when the visitor may save one: custom-templates policy) */
  onSaveAsTemplate?: () => void;
}

type Mode = { kind: 'list' } | { kind: 'detail'; card: TemplateCard; view: 'preview' | 'customize' };

/**
 * The templates dialog (board.md §2 width 1035, §4 "Templates dialog"): list mode — a search box
 * (names, summaries, tags; the server is asked 500 ms after the last key, which is also its search
 * statistic), group tabs (All, Templates, Building blocks, My templates: the custom ones of the
 * board's workspace), a grid of cards with the server's thumbnails, and the feedback box; detail
 * mode — a large preview, and for a parameterised template a Customize view whose form is checked
 * as the user types ('Use Template' disabled with the title 'Data is not valid'). Use Template
 * inserts through the hub's addTemplate where the viewer looks and closes. A list that fails to
 * load stays empty without a word (§8).
 */
export function TemplatesDialog({ editor, sync, server, onClose, onSaveAsTemplate }: TemplatesDialogProps) {
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [group, setGroup] = useState<TemplateGroup>('all');
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim(), TEMPLATE_SEARCH_DEBOUNCE_MS);
  const [cards, setCards] = useState<TemplateCard[] | null>(null);
  const [reload, setReload] = useState(0);
  const workspace = sync.board$.value?.workspace?.altId ?? sync.board$.value?.workspace?.id ?? null;
  const mine = sync.signedIn;
  const tabs = TABS.filter((t) => t.group !== 'mine' || mine);

  useEffect(() => {
    let live = true;
    setCards(null);
    const load = group === 'mine' ? listCustomTemplates(sync, workspace) : listTemplates(sync, group, query);
    // board.md §8: a template list that fails to load is silently ignored
    load.then(
      (list) => live && setCards(list),
      () => live && setCards([]),
    );
    return () => {
      live = false;
    };
  }, [sync, group, query, workspace, reload]);

  const shown = useMemo(() => (cards ?? []).filter((c) => matchesSearch(c, search)), [cards, search]);
  const title = mode.kind === 'detail' ? mode.card.title : 'Templates';

  return (
    <Modal open title={title} width={DIALOG_WIDTHS.templates} onClose={onClose}>
      {mode.kind === 'list' ? (
        <div className="tb-tpl">
          <div className="tb-tpl__head">
            <div className="tb-tpl__search">
              <BoardIcon name="search" size={18} aria-hidden="true" />
              <input
                type="search"
                // back from a detail the focus comes here (the card it left is gone)
                autoFocus
                className="t-input"
                placeholder="Search templates"
                aria-label="Search templates"
                value={search}
                maxLength={100}
                onChange={(e) => setSearch(e.target.value)}
              />
            </div>
            <GroupTabs tabs={tabs} group={group} onGroup={setGroup} />
          </div>
          <div className="tb-tpl__panel" role="tabpanel" id="tb-tpl-panel" aria-labelledby={`tb-tpl-tab-${group}`}>
            {group === 'mine' && onSaveAsTemplate && (
              <div className="tb-tpl__mine-bar">
                <span>Your templates and those shared with this workspace.</span>
                <button type="button" className="tb-btn tb-btn--outline" onClick={onSaveAsTemplate}>
                  <BoardIcon name="plus" size={16} /> Save this board as a template
                </button>
              </div>
            )}
            {cards === null ? (
              <p className="tb-tpl__empty" role="status">
                {MESSAGES.loading}
              </p>
            ) : shown.length === 0 ? (
              <p className="tb-tpl__empty" role="status">
                {search.trim()
                  ? 'No templates match your search.'
                  : group === 'mine'
                    ? 'No templates saved yet.'
                    : 'No templates here yet.'}
              </p>
            ) : (
              <CardGrid
                cards={shown}
                server={server}
                onOpen={(card) => setMode({ kind: 'detail', card, view: 'preview' })}
                onDeleted={() => setReload((n) => n + 1)}
                sync={sync}
              />
            )}
          </div>
          {samePlatform(server) && <FeedbackBox sync={sync} />}
        </div>
      ) : (
        <TemplateDetail
          key={mode.card.name}
          editor={editor}
          sync={sync}
          server={server}
          card={mode.card}
          view={mode.view}
          onView={(view) => setMode({ ...mode, view })}
          onBack={() => setMode({ kind: 'list' })}
          onUsed={onClose}
        />
      )}
    </Modal>
  );
}

/** The group tabs: a WAI-ARIA tablist (arrows move between tabs and select). */
function GroupTabs({
  tabs,
  group,
  onGroup,
}: {
  tabs: Array<{ group: TemplateGroup; label: string }>;
  group: TemplateGroup;
  onGroup: (g: TemplateGroup) => void;
}) {
  const list = useRef<HTMLDivElement>(null);
  const onKey = (e: KeyboardEvent) => {
    const i = tabs.findIndex((t) => t.group === group);
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    const to = e.key === 'Home' ? 0 : e.key === 'End' ? tabs.length - 1 : step ? (i + step + tabs.length) % tabs.length : -1;
    if (to < 0) return;
    e.preventDefault();
    e.stopPropagation();
    onGroup(tabs[to]!.group);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[to]?.focus();
  };
  return (
    <div className="tb-tpl__tabs" role="tablist" aria-label="Template groups" ref={list} onKeyDown={onKey}>
      {tabs.map((t) => (
        <button
          key={t.group}
          type="button"
          role="tab"
          id={`tb-tpl-tab-${t.group}`}
          aria-selected={t.group === group}
          aria-controls="tb-tpl-panel"
          tabIndex={t.group === group ? 0 : -1}
          className="tb-tpl__tab"
          onClick={() => onGroup(t.group)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}

/**
 * The cards: one button each, in a grid the arrow keys move through (left/right one card, up/down
 * one row, Home/End), Tab walks them too; Enter or a click opens the detail. An owned custom
 * template also has a delete button (after a confirmation).
 */
function CardGrid({
  cards,
  server,
  sync,
  onOpen,
  onDeleted,
}: {
  cards: TemplateCard[];
  server: string;
  sync: SyncClient;
  onOpen: (card: TemplateCard) => void;
  onDeleted: () => void;
}) {
  const grid = useRef<HTMLUListElement>(null);
  const [deleting, setDeleting] = useState<TemplateCard | null>(null);
  const [busy, setBusy] = useState(false);
  const onKey = (e: KeyboardEvent) => {
    const buttons = Array.from(grid.current?.querySelectorAll<HTMLElement>('.tb-tpl-card__open') ?? []);
    const i = buttons.indexOf(e.target as HTMLElement);
    if (i < 0) return;
    const columns = Math.max(1, getComputedStyle(grid.current!).gridTemplateColumns.split(' ').filter(Boolean).length);
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns, ArrowUp: -columns };
    let to = e.key in moves ? i + moves[e.key]! : e.key === 'Home' ? 0 : e.key === 'End' ? buttons.length - 1 : -1;
    if (to < 0 && !(e.key in moves)) return;
    to = Math.min(buttons.length - 1, Math.max(0, to));
    e.preventDefault();
    e.stopPropagation();
    buttons[to]?.focus();
  };
  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteCustomTemplate(sync, deleting.name);
      setDeleting(null);
      onDeleted();
    } catch (error) {
      toast.error((error instanceof Error && error.message) || MESSAGES.somethingWentWrong);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <ul className="tb-tpl__grid" ref={grid} onKeyDown={onKey} aria-label="Templates">
        {cards.map((card) => (
          <li key={`${card.type}:${card.name}`} className="tb-tpl-card">
            <button type="button" className="tb-tpl-card__open" onClick={() => onOpen(card)} aria-describedby={`tb-tpl-sum-${card.name}`}>
              <Thumbnail server={server} card={card} />
              <span className="tb-tpl-card__title">
                {card.title}
                {card.isNew && <span className="tb-tpl-badge">New</span>}
                {card.hasParameters && <span className="tb-tpl-badge tb-tpl-badge--soft">Customizable</span>}
                {card.shared && <span className="tb-tpl-badge tb-tpl-badge--soft">Shared</span>}
              </span>
              <span className="tb-tpl-card__summary" id={`tb-tpl-sum-${card.name}`}>
                {card.summery}
              </span>
            </button>
            {card.type === 2 && (card.canDelete ?? card.isOwned) && (
              <button
                type="button"
                className="tb-btn tb-tpl-card__delete"
                aria-label={`Delete ${card.title}`}
                title="Delete"
                onClick={() => setDeleting(card)}
              >
                <BoardIcon name="trash" size={16} />
              </button>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete template"
        message={deleting ? `Delete the template '${deleting.title}'? Boards made with it stay as they are.` : undefined}
        confirmText="Delete"
        danger
        busy={busy}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

/** A template's thumbnail from the server; a plain tile when it cannot be loaded. */
function Thumbnail({ server, card, large }: { server: string; card: TemplateCard; large?: boolean }) {
  const [failed, setFailed] = useState(false);
  const cls = `tb-tpl-thumb${large ? ' tb-tpl-thumb--large' : ''}`;
  if (failed || !card.imageUrl)
    return (
      <span className={`${cls} tb-tpl-thumb--none`} aria-hidden="true">
        <BoardIcon name="templates" size={large ? 48 : 32} />
      </span>
    );
  return (
    <span className={cls}>
      <img src={absoluteUrl(server, card.imageUrl)} alt="" loading="lazy" draggable={false} onError={() => setFailed(true)} />
    </span>
  );
}

/**
 * Detail mode: Back, the large preview (or, for a parameterised template, Preview and Customize
 * views), and Use Template. Details (the parameters and their defaults) load on opening.
 */
function TemplateDetail({
  editor,
  sync,
  server,
  card,
  view,
  onView,
  onBack,
  onUsed,
}: {
  editor: Editor;
  sync: SyncClient;
  server: string;
  card: TemplateCard;
  view: 'preview' | 'customize';
  onView: (view: 'preview' | 'customize') => void;
  onBack: () => void;
  onUsed: () => void;
}) {
  const [details, setDetails] = useState<TemplateDetails | null>(null);
  const [failed, setFailed] = useState(false);
  const [data, setData] = useState<TemplateData>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    templateDetails(sync, card.name).then(
      (d) => {
        if (!live) return;
        setDetails(d);
        setData({ ...(d.parameters?.data ?? {}) });
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [sync, card.name]);

  const parameters = details?.parameters ?? null;
  const hasParams = Boolean(card.hasParameters && parameters && Object.keys(parameters.properties).length);
  const errors = useMemo(() => (parameters ? dataErrors(parameters, data) : {}), [parameters, data]);
  const valid = Object.keys(errors).length === 0;
  const canEdit = editor.canEdit();
  const ready = hasParams ? details !== null : !failed || card.hasParameters === false;
  const disabledTitle = !canEdit ? 'You cannot edit this board' : !valid ? MESSAGES.dataNotValid : undefined;

  const use = async () => {
    if (busy || !valid || !canEdit) return;
    setBusy(true);
    try {
      await insertTemplate(editor, sync, card.name, hasParams ? data : null, hasParams);
      onUsed();
    } catch (error) {
      toast.error((error instanceof Error && error.message) || MESSAGES.somethingWentWrong);
      setBusy(false);
    }
  };

  return (
    <div className="tb-tpl-detail">
      <div className="tb-tpl-detail__bar">
        <button type="button" className="tb-btn tb-btn--outline" onClick={onBack} autoFocus>
          <BoardIcon name="back" size={16} /> All templates
        </button>
        {hasParams && (
          <div className="tb-tpl__tabs" role="group" aria-label="View">
            <button type="button" className="tb-tpl__tab" aria-pressed={view === 'preview'} onClick={() => onView('preview')}>
              Preview
            </button>
            <button type="button" className="tb-tpl__tab" aria-pressed={view === 'customize'} onClick={() => onView('customize')}>
              Customize
            </button>
          </div>
        )}
        <span className="tb-tpl-detail__spacer" />
        <Button busy={busy} disabled={!ready || !valid || !canEdit} title={disabledTitle} onClick={() => void use()}>
          {MESSAGES.useTemplate}
        </Button>
      </div>
      <div className={`tb-tpl-detail__body${hasParams && view === 'customize' ? ' tb-tpl-detail__body--form' : ''}`}>
        <div className="tb-tpl-detail__preview">
          <Thumbnail server={server} card={details ?? card} large />
          <p className="tb-tpl-detail__summary">{card.summery}</p>
        </div>
        {hasParams && view === 'customize' && parameters && (
          <form
            className="tb-tpl-detail__form"
            aria-label="Customize"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void use();
            }}
          >
            <ParameterForm parameters={parameters} data={data} errors={errors} onChange={setData} />
            <div className="tb-dialog-actions">
              <Button variant="secondary" onClick={() => setData({ ...(parameters.data ?? {}) })}>
                Reset
              </Button>
            </div>
          </form>
        )}
      </div>
    </div>
  );
}

/** The value, once it has not changed for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}
