import { useState, type ReactNode } from 'react';
import { storeHighContrast } from '../engine/overlay-style';
import type { Editor } from '../editor/editor';
import type { SyncClient } from '../sync/sync-client';
import { DeleteConfirm, ClearConfirm } from './confirm-board';
import { BoardName } from './board-name';
import { HistoryButtons } from './history-buttons';
import { runAction } from './editor-hooks';
import { useSubject } from './hooks';
import type { BoardLinks } from './links';
import { MainMenu } from './main-menu';
import { downloadAsTemplate } from './templates/templates-layer';
import { hasSettings, settingsFor, SettingsDialog } from './settings-dialog';
import { ZoomControls } from './zoom-bar';

export interface TopBarProps {
  editor: Editor;
  sync: SyncClient;
  links: BoardLinks;
  signedIn: boolean;
  embedded: boolean;
  whiteLabel?: boolean;
  /** the view controls (zoom, pan, fullscreen) in the bar */
  zoom?: boolean;
  onShare?: () => void;
  onExport?: () => void;
  onShortcuts?: () => void;
  /** the board's theme and, when this person may switch it, the switch (main menu 'Dark theme') */
  theme?: 'light' | 'dark';
  onTheme?: (theme: 'light' | 'dark') => void;
  /** page navigation after the board is deleted (default location.assign) */
  navigate?: (url: string) => void;
  /** more controls at the end of the bar (the export dropdown) */
  children?: ReactNode;
  /** a platform operator: 'download as template' */
  operator?: boolean;
}

type Dialog = 'settings' | 'clear' | 'delete' | null;

/**
 * The top-left bar (board.md §2): the main menu, the board name, undo and redo, the view
 * controls and whatever the board screen adds (export); it owns the dialogs the menu opens
 * (settings, clear and delete confirmations).
 */
export function TopBar(props: TopBarProps) {
  const { editor, sync, links, signedIn, embedded } = props;
  const claims = useSubject(sync.claims$);
  const board = useSubject(sync.board$);
  const highContrast = useSubject(editor.highContrast$);
  const [dialog, setDialog] = useState<Dialog>(null);
  const canEdit = claims.permissions.includes('edit_board');
  const sections = settingsFor(claims);

  async function deleteBoard() {
    await sync.request('DELETE', '/api/boards', { id: board?.code ?? '' });
    // embedded: the board screen shows that the board was deleted; otherwise leave (board.md §7)
    if (!embedded) (props.navigate ?? ((u: string) => location.assign(u)))(signedIn ? links.boards : links.home);
  }

  return (
    <div className="tb-panel tb-bar tb-topleft" role="toolbar" aria-label="Board">
      <MainMenu
        links={links}
        signedIn={signedIn}
        embedded={embedded}
        whiteLabel={props.whiteLabel}
        role={claims.role}
        hasSettings={hasSettings(sections)}
        onShare={props.onShare}
        onSettings={() => setDialog('settings')}
        onShortcuts={props.onShortcuts}
        dark={props.theme === 'dark'}
        onDarkTheme={props.onTheme ? () => props.onTheme?.(props.theme === 'dark' ? 'light' : 'dark') : undefined}
        highContrast={highContrast}
        onHighContrast={() => {
          storeHighContrast(!highContrast);
          editor.highContrast$.next(!highContrast);
        }}
        onExport={props.onExport}
        onClear={() => setDialog('clear')}
        onDelete={() => setDialog('delete')}
        disposeAt={board?.disposeAt}
        onUploadUrl={editor.actions.get('uploadUrl')?.enabled({ editor }) ? () => runAction(editor, 'uploadUrl') : undefined}
        onTemplates={editor.actions.get('templates')?.enabled({ editor }) ? () => runAction(editor, 'templates') : undefined}
        onSaveTemplate={editor.actions.get('saveAsTemplate')?.enabled({ editor }) ? () => runAction(editor, 'saveAsTemplate') : undefined}
        onDownloadTemplate={props.operator && signedIn && !embedded ? () => void downloadAsTemplate(sync) : undefined}
      />
      <BoardName name={board?.boardName ?? ''} canEdit={canEdit} onRename={(name) => sync.renameBoard(name)} />
      {canEdit && (
        <>
          <span className="tb-sep" />
          <HistoryButtons editor={editor} />
        </>
      )}
      {props.zoom !== false && (
        <>
          <span className="tb-sep" />
          <ZoomControls editor={editor} />
        </>
      )}
      {props.children}
      {dialog === 'settings' && <SettingsDialog editor={editor} sync={sync} onClose={() => setDialog(null)} />}
      {dialog === 'clear' && <ClearConfirm onClear={() => void editor.execute({ cmd: 'clear' })} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && <DeleteConfirm disposeAt={board?.disposeAt} onDelete={deleteBoard} onClose={() => setDialog(null)} />}
    </div>
  );
}
