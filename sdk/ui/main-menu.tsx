import { MESSAGES } from '../../shared/messages';
import { canClearBoard, canDeleteBoard, type Role } from '../../shared/permissions';
import { BoardIcon } from './icons';
import type { BoardLinks } from './links';
import { remainingText } from './dispose';
import { Popover } from './popover';

export interface MainMenuProps {
  links: BoardLinks;
  signedIn: boolean;
  embedded: boolean;
  whiteLabel?: boolean;
  /** the visitor's role on the board (board.md §6 decides the items from it) */
  role?: string | null;
  /** the settings dialog has something for this visitor (sdk/ui/settings-dialog.tsx settingsFor) */
  hasSettings?: boolean;
  onShare?: () => void;
  onSettings?: () => void;
  onShortcuts?: () => void;
  /** the board shows dark; onDarkTheme switches it (a checkbox item, not given when the host sets the theme) */
  dark?: boolean;
  onDarkTheme?: () => void;
  /** the selection is drawn thick and in the colour of most contrast (a checkbox item, issue 32) */
  highContrast?: boolean;
  onHighContrast?: () => void;
  onClear?: () => void;
  onExport?: () => void;
  onDelete?: () => void;
  /** upload via URL (given when the visitor may upload here) */
  onUploadUrl?: () => void;
  /** the templates dialog (given when the visitor may insert templates: edit_board and view_templates) */
  onTemplates?: () => void;
  /** 'Save as template' (given with the custom-templates policy) */
  onSaveTemplate?: () => void;
  /** 'download as template' (given to platform operators) */
  onDownloadTemplate?: () => void;
  /** the board's dispose time: Delete says how long is left (board.md §2 'delete (with remaining-time text)') */
  disposeAt?: string | null;
}

interface Item {
  id: string;
  label: string;
  icon: string;
  /** a link (navigation) or an action */
  href?: string;
  run?: () => void;
  show: boolean;
  danger?: boolean;
  /** a second, quieter text after the label */
  hint?: string | null;
  /** an on/off item (menuitemcheckbox) */
  checked?: boolean;
}

/**
 * The top-left menu (board.md §2) built from one list: back to boards (signed-in, not embedded),
 * new board, settings, keyboard shortcuts, clear (Owner or Facilitator), share, export, delete
 * (Owner), log in / create account (guests), Templates (edit_board and view_templates), Save as
 * template (custom-templates policy), 'download as template' (operators). Embedded boards hide share,
 * new board, back and log in (§6). An item whose handler is not
 * given is not shown. A WAI-ARIA menu (the Popover's keys): the first item takes the focus, arrows
 * move and wrap, Home/End jump, Escape closes and gives the focus back to the button, Tab closes.
 */
export function MainMenu(props: MainMenuProps) {
  const { links, signedIn, embedded, whiteLabel } = props;
  const role = (props.role ?? null) as Role | null;
  const items: Item[] = [
    { id: 'back', label: 'Back to boards', icon: 'back', href: links.boards, show: signedIn && !embedded },
    { id: 'new', label: 'New board', icon: 'plus', href: links.newBoard, show: !embedded },
    { id: 'settings', label: 'Settings', icon: 'settings', run: props.onSettings, show: Boolean(props.hasSettings) },
    { id: 'shortcuts', label: 'Keyboard shortcuts', icon: 'keyboard', run: props.onShortcuts, show: true },
    { id: 'darkTheme', label: MESSAGES.darkTheme, icon: 'moon', run: props.onDarkTheme, show: true, checked: Boolean(props.dark) },
    {
      id: 'highContrast',
      label: MESSAGES.highContrastSelection,
      icon: 'eye',
      run: props.onHighContrast,
      show: true,
      checked: Boolean(props.highContrast),
    },
    { id: 'uploadUrl', label: 'Upload via URL', icon: 'upload', run: props.onUploadUrl, show: true },
    { id: 'templates', label: 'Templates', icon: 'templates', run: props.onTemplates, show: true },
    { id: 'saveTemplate', label: 'Save as template', icon: 'saveTemplate', run: props.onSaveTemplate, show: true },
    { id: 'downloadTemplate', label: MESSAGES.downloadAsTemplate, icon: 'download', run: props.onDownloadTemplate, show: true },
    { id: 'clear', label: 'Clear board', icon: 'eraser', run: props.onClear, show: canClearBoard(role) },
    { id: 'share', label: 'Share', icon: 'userPlus', run: props.onShare, show: !embedded },
    { id: 'export', label: 'Export', icon: 'download', run: props.onExport, show: true },
    {
      id: 'delete',
      label: 'Delete board',
      icon: 'trash',
      run: props.onDelete,
      show: canDeleteBoard(role),
      danger: true,
      hint: remainingText(props.disposeAt) && `deletes itself in ${remainingText(props.disposeAt)}`,
    },
    { id: 'login', label: 'Log in', icon: 'login', href: links.login, show: !signedIn && !embedded },
    { id: 'signup', label: 'Create account', icon: 'userPlus', href: links.signup, show: !signedIn && !embedded },
  ];
  const shown = items.filter((i) => i.show && (i.href || i.run));
  return (
    <Popover label="Main menu" button={<BoardIcon name="menu" />} className="tb-main-menu">
      {(close) => (
        <>
          {shown.map((item) =>
            item.href ? (
              <a key={item.id} className="tb-item" role="menuitem" tabIndex={-1} href={item.href} onClick={close}>
                <BoardIcon name={item.icon} size={18} /> {item.label}
              </a>
            ) : (
              <button
                key={item.id}
                type="button"
                className={`tb-item${item.danger ? ' tb-item--danger' : ''}`}
                role={item.checked === undefined ? 'menuitem' : 'menuitemcheckbox'}
                aria-checked={item.checked}
                tabIndex={-1}
                onClick={() => {
                  close();
                  item.run?.();
                }}
              >
                <BoardIcon name={item.icon} size={18} /> {item.label}
                {item.hint && <span className="tb-item__hint">{item.hint}</span>}
                {item.checked && (
                  <span className="tb-item__check">
                    <BoardIcon name="check" size={16} />
                  </span>
                )}
              </button>
            ),
          )}
          {embedded && !whiteLabel && <div className="tb-label">Tabula board</div>}
        </>
      )}
    </Popover>
  );
}
