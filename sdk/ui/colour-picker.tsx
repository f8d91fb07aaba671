import { createContext, useContext, useState, type ReactNode } from 'react';
import { COLOR_PICKER_DEFAULT, isColor } from '../../shared/constants';
import { POLICY } from '../../shared/policies';
import type { Editor } from '../editor/editor';
import { useSubject } from './hooks';

/** The board whose custom colours the palettes offer (sdk/board.tsx provides it). */
const ColoursContext = createContext<Editor | null>(null);

export function ColoursProvider({ editor, children }: { editor: Editor | null; children: ReactNode }) {
  return <ColoursContext.Provider value={editor}>{children}</ColoursContext.Provider>;
}

/** The hint a guest sees under "Add colour" (board.md §6: guests don't save colours). */
export const GUEST_COLOURS_HINT = 'Colours you add stay on this board until you leave. Sign in to keep them.';

const hintStyle = { fontSize: 12, color: 'var(--tb-muted)', padding: '2px 4px', maxWidth: 236, margin: 0 } as const;
const rowStyle = { display: 'flex', alignItems: 'center', gap: 6, padding: '4px' } as const;
const fieldStyle = {
  width: 84,
  height: 28,
  border: '1px solid var(--tb-line)',
  borderRadius: 6,
  padding: '0 6px',
  font: 'inherit',
  background: 'var(--tb-panel)',
  color: 'var(--tb-ink)',
} as const;

/**
 * The custom colours of the board's palette (ids from 100, docs/board-screen.md "Custom colours")
 * and, for plans with the custom-colours policy, the "Add colour" control: a colour well and a hex
 * field kept in step, and the Add colour button (Enter in the field adds too). The added colour is
 * picked at once.
 */
export function CustomColourSwatches({ value, onPick, label }: { value: string; onPick: (color: string) => void; label: string }) {
  const editor = useContext(ColoursContext);
  if (!editor) return null;
  return <Custom editor={editor} value={value} onPick={onPick} label={label} />;
}

function Custom({ editor, value, onPick, label }: { editor: Editor; value: string; onPick: (color: string) => void; label: string }) {
  const list = useSubject(editor.colours.list$);
  const [hex, setHex] = useState(COLOR_PICKER_DEFAULT);
  const [error, setError] = useState('');
  const allowed = editor.hasPolicy(POLICY.customColors);
  if (!allowed && !list.length) return null;
  const valid = isColor(hex);
  const add = () => {
    if (!valid) return;
    const color = hex.toLowerCase();
    setError('');
    editor.colours.add(color).catch(() => setError('The colour could not be saved; it stays on this board until you leave.'));
    onPick(color);
  };
  return (
    <>
      {/* always one row when adding is allowed, so the panel keeps its height (and place) as colours are added */}
      {(allowed || list.length > 0) && (
        <div className="tb-palette" role="group" aria-label={`${label} (custom)`}>
          {allowed && (
            <input
              type="color"
              aria-label="Custom colour"
              title="Custom colour"
              value={valid ? hex.toLowerCase() : COLOR_PICKER_DEFAULT}
              onChange={(e) => setHex(e.target.value)}
              style={{
                width: 24,
                height: 24,
                padding: 0,
                border: '1px dashed var(--tb-muted)',
                borderRadius: 6,
                background: 'none',
                cursor: 'pointer',
              }}
            />
          )}
          {list.map((c) => (
            <button
              key={c.id}
              type="button"
              style={{ background: c.color }}
              aria-label={`${label} ${c.color}`}
              title={c.color}
              data-colour-id={c.id}
              aria-pressed={value.toLowerCase() === c.color}
              onClick={() => onPick(c.color)}
            />
          ))}
        </div>
      )}
      {allowed && (
        <>
          <div style={rowStyle}>
            <input
              type="text"
              aria-label="Custom colour hex"
              aria-invalid={!valid}
              placeholder="#RRGGBB"
              maxLength={7}
              value={hex}
              style={fieldStyle}
              onChange={(e) => setHex(e.target.value.trim())}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  add();
                }
              }}
            />
            <button
              type="button"
              className="tb-btn"
              style={{ width: 'auto', padding: '0 8px', fontSize: 12 }}
              disabled={!valid}
              onClick={add}
            >
              Add colour
            </button>
          </div>
          {!editor.colours.saved && <p style={hintStyle}>{GUEST_COLOURS_HINT}</p>}
          {error && (
            <p role="alert" style={hintStyle}>
              {error}
            </p>
          )}
        </>
      )}
    </>
  );
}
