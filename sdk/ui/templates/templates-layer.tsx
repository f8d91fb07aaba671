import { lazy, Suspense, useEffect, useState } from 'react';
import { combineLatest, filter, first } from 'rxjs';
import { MESSAGES } from '../../../shared/messages';
import { toast } from '../../../ui/toast';
import { canUseTemplates } from '../../actions/templates';
import type { Editor } from '../../editor/editor';
import { download } from '../../editor/export';
import type { SyncClient } from '../../sync/sync-client';
import { insertTemplate } from './api';

/** The dialogs are chunks of their own, loaded when first opened (docs/performance.md). */
const TemplatesDialog = lazy(() => import('./templates-dialog').then((m) => ({ default: m.TemplatesDialog })));
const SaveTemplateDialog = lazy(() => import('./save-template-dialog').then((m) => ({ default: m.SaveTemplateDialog })));

type Open = 'templates' | 'saveTemplate' | null;

/**
 * The templates dialog and 'Save as template', opened by their registry actions (sdk/actions/
 * templates.ts: toolbox, Insert, main menu, context menu, palette) through editor.ui$.
 */
export function TemplatesLayer({ editor, sync, server }: { editor: Editor; sync: SyncClient; server: string }) {
  const [open, setOpen] = useState<Open>(null);
  useEffect(() => {
    const sub = editor.ui$.subscribe((r) => {
      if (r.kind === 'templates' || r.kind === 'saveTemplate') setOpen(r.kind);
    });
    return () => sub.unsubscribe();
  }, [editor]);
  const saveAction = editor.actions.get('saveAsTemplate');
  const close = () => setOpen(null);
  return (
    <Suspense fallback={null}>
      {open === 'templates' && (
        <TemplatesDialog
          editor={editor}
          sync={sync}
          server={server}
          onClose={close}
          onSaveAsTemplate={saveAction?.enabled({ editor }) ? () => setOpen('saveTemplate') : undefined}
        />
      )}
      {open === 'saveTemplate' && <SaveTemplateDialog editor={editor} sync={sync} onClose={close} />}
    </Suspense>
  );
}

/**
 * 'download as template' (operators only, board.md §6): GET /api/boards/{id}/template-file, the
 * board as a template file, saved as `<its name>.json` to put into the template library.
 */
export async function downloadAsTemplate(sync: SyncClient): Promise<void> {
  const board = sync.board$.value;
  if (!board) return;
  try {
    const file = await sync.request<unknown>('GET', `/api/boards/${encodeURIComponent(board.code)}/template-file`);
    const json = JSON.stringify(file, null, 2);
    // a library file is named after the template's name (platform/templates/library/<name>.json)
    const given = (file as { name?: unknown } | null)?.name;
    const name =
      (typeof given === 'string' && given) || (board.boardName || board.code).replace(/[\\/:*?"<>|]+/g, '_').trim() || board.code;
    download({ dataUrl: `data:application/json;charset=utf-8,${encodeURIComponent(json)}` }, `${name}.json`);
  } catch (error) {
    toast.error((error instanceof Error && error.message) || MESSAGES.somethingWentWrong);
  }
}

/** The board page's query parameter naming a template to insert (panel.md: the templates page links with it). */
export const TEMPLATE_PARAM = 'template';

/**
 * `/board/{code}?template=<name>` (the hosted page): once the board is online and the visitor's
 * rights are known, the template is inserted once where the viewer looks (its defaults) — only
 * for a visitor who may edit and use templates — and the parameter leaves the address either way
 * (history.replaceState), so a reload does not insert it again. Answers a stop function.
 */
export function insertTemplateFromAddress(editor: Editor, sync: SyncClient, win: Window = window): () => void {
  const url = new URL(win.location.href);
  const name = url.searchParams.get(TEMPLATE_PARAM);
  if (!name) return () => {};
  const drop = () => {
    const now = new URL(win.location.href);
    now.searchParams.delete(TEMPLATE_PARAM);
    win.history.replaceState(win.history.state, '', now.pathname + now.search + now.hash);
  };
  const sub = combineLatest([sync.state$, sync.claims$])
    .pipe(
      filter(([state, claims]) => state.phase === 'online' && claims.role !== null),
      first(),
    )
    .subscribe(() => {
      drop();
      editor.refreshPermissions();
      if (!canUseTemplates(editor)) return;
      insertTemplate(editor, sync, name, null, false).catch((error: unknown) =>
        toast.error((error instanceof Error && error.message) || MESSAGES.somethingWentWrong),
      );
    });
  return () => sub.unsubscribe();
}
