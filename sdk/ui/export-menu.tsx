import { useEffect, useRef, useState } from 'react';
import { MESSAGES } from '../../shared/messages';
import { POLICY } from '../../shared/policies';
import { toast } from '../../ui/toast';
import { useMenuKeys } from '../../ui/use-menu-keys';
import type { Editor } from '../editor/editor';
import { download, exportFileName } from '../editor/export';
import { BoardIcon } from './icons';

export type ExportKind = 'png' | 'pngTransparent' | 'svg' | 'pdf' | 'txt';

/** The '(You must log in first)' hint of board.md §6/§8. */
export const EXPORT_LOGIN_HINT = '(You must log in first)';

export interface ExportMenuProps {
  editor: Editor;
  boardName: string;
  signedIn: boolean;
  embedded: boolean;
  /** controlled open state (the main menu's Export item opens the same choices) */
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Runs one export and saves the file named after the board; 'error while exporting the board' on failure. */
export async function runExport(editor: Editor, boardName: string, kind: ExportKind): Promise<void> {
  try {
    if (kind === 'txt') {
      download({ text: editor.exportNotes() }, exportFileName(boardName, 'txt'));
      return;
    }
    if (kind === 'pdf') {
      // a page per frame (sdk/editor/pdf-export.ts); jsPDF and the font load only now (a lazy chunk)
      const { exportPdf } = await import('../editor/pdf-export');
      const shapes = editor.getShapes().filter((s) => editor.selectionType(s) !== 'private');
      download({ dataUrl: await exportPdf(shapes, boardName) }, exportFileName(boardName, 'pdf'));
      return;
    }
    const format = kind === 'svg' ? 'svg' : 'png';
    const dataUrl = await editor.exportImage(format, kind === 'pngTransparent' ? 'transparent' : undefined);
    download({ dataUrl }, exportFileName(boardName, format));
  } catch {
    toast.error(MESSAGES.exportFailed);
  }
}

/**
 * The export dropdown of the top bar (board.md §2, §9): PNG on white or transparent, SVG (with
 * the export-svg policy), PDF with a page per frame (issue 34), the board's text as '{board name}_notes.txt'. Exports need login,
 * except on an embedded board; a guest sees the choices disabled with '(You must log in first)'.
 */
export function ExportMenu({ editor, boardName, signedIn, embedded, open, onOpenChange }: ExportMenuProps) {
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  const allowed = signedIn || embedded;
  const items: Array<{ kind: ExportKind; label: string }> = [
    { kind: 'png', label: 'PNG image' },
    { kind: 'pngTransparent', label: 'PNG, transparent background' },
    ...(editor.hasPolicy(POLICY.exportSvg) ? [{ kind: 'svg' as const, label: 'SVG image' }] : []),
    { kind: 'pdf', label: 'PDF document' },
    { kind: 'txt', label: 'Board text (.txt)' },
  ];

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (wrap.current && !e.composedPath().includes(wrap.current)) onOpenChange(false);
    };
    window.addEventListener('pointerdown', onDown, true);
    return () => window.removeEventListener('pointerdown', onDown, true);
  }, [open, onOpenChange]);

  const close = (focusButton: boolean) => {
    onOpenChange(false);
    if (focusButton) button.current?.focus();
  };

  const { onMenuKeyDown, onButtonKeyDown } = useMenuKeys(menu, { open, onClose: close, onOpen: () => onOpenChange(true) });

  const choose = async (kind: ExportKind) => {
    close(true);
    setBusy(true);
    try {
      await runExport(editor, boardName, kind);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="tb-wrap" ref={wrap}>
      <button
        ref={button}
        type="button"
        className="tb-btn"
        aria-label="Export"
        title="Export"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-busy={busy || undefined}
        onClick={() => onOpenChange(!open)}
        onKeyDown={onButtonKeyDown}
      >
        <BoardIcon name="download" size={18} />
      </button>
      {open && (
        <div ref={menu} className="tb-panel tb-pop tb-pop--below tb-export" role="menu" aria-label="Export" onKeyDown={onMenuKeyDown}>
          {items.map((item) => (
            <button
              key={item.kind}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="tb-item"
              aria-disabled={!allowed || undefined}
              title={allowed ? undefined : EXPORT_LOGIN_HINT}
              onClick={() => allowed && void choose(item.kind)}
            >
              <BoardIcon name={item.kind === 'txt' ? 'text' : item.kind === 'pdf' ? 'frame' : 'image'} size={18} /> {item.label}
            </button>
          ))}
          {!allowed && (
            <div className="tb-label" role="note">
              {EXPORT_LOGIN_HINT}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
