import { FONT_SIZES, FONTS, LINE_WIDTH, OPACITY, PALETTE, STICKY_COLORS, STICKY_SIZES } from '../../shared/constants';
import type { LineType, StickySize, TextAlign } from '../../shared/model';
import type { Editor } from '../editor/editor';
import { CustomColourSwatches } from './colour-picker';
import { BoardIcon } from './icons';
import { useSubject } from './hooks';

/** The 32-colour palette (board.md §3) as swatch buttons, then the board's custom colours (ids from 100). */
export function Palette({ value, onPick, label = 'Colour' }: { value: string; onPick: (color: string) => void; label?: string }) {
  return (
    <>
      <FixedPalette value={value} onPick={onPick} label={label} />
      <CustomColourSwatches value={value} onPick={onPick} label={label} />
    </>
  );
}

function FixedPalette({ value, onPick, label }: { value: string; onPick: (color: string) => void; label: string }) {
  return (
    <div className="tb-palette" role="group" aria-label={label}>
      {PALETTE.map((c) => (
        <button
          key={c}
          type="button"
          style={{ background: c }}
          aria-label={`${label} ${c}`}
          title={c}
          aria-pressed={value.toLowerCase() === c}
          onClick={() => onPick(c)}
        />
      ))}
    </div>
  );
}

export function StickyPalette({ value, onPick }: { value: string; onPick: (color: string) => void }) {
  return (
    <div className="tb-palette" role="group" aria-label="Sticky colour" style={{ gridTemplateColumns: 'repeat(6, 24px)' }}>
      {STICKY_COLORS.map((c) => (
        <button
          key={c.color}
          type="button"
          style={{ background: c.color }}
          aria-label={`Sticky colour ${c.name}`}
          title={c.name}
          aria-pressed={value.toLowerCase() === c.color}
          onClick={() => onPick(c.color)}
        />
      ))}
    </div>
  );
}

export function Slider({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (v: number) => void;
}) {
  return (
    <label className="tb-slider">
      <span style={{ width: 52 }}>{label}</span>
      <input
        type="range"
        min={min}
        max={max}
        step={1}
        value={value}
        aria-label={label}
        onChange={(e) => onChange(Number(e.target.value))}
      />
      <output>{value}</output>
    </label>
  );
}

export const WidthSlider = ({ value, onChange }: { value: number; onChange: (v: number) => void }) => (
  <Slider label="Width" value={value} min={LINE_WIDTH.min} max={LINE_WIDTH.max} onChange={onChange} />
);

export const OpacitySlider = ({ value, onChange }: { value: number; onChange: (v: number) => void }) => (
  <Slider label="Opacity" value={value} min={OPACITY.min} max={OPACITY.max} onChange={onChange} />
);

/** The font menu: `fonts` (the product's and the workspace's: editor.fonts$), and the current font if it is neither. */
export function FontSelect({
  value,
  fonts = FONTS,
  onChange,
}: {
  value: string;
  fonts?: readonly string[];
  onChange: (font: string) => void;
}) {
  const options = fonts.includes(value) ? fonts : [...fonts, value];
  return (
    <select aria-label="Font" title="Font" value={value} onChange={(e) => onChange(e.target.value)}>
      {options.map((f) => (
        <option key={f} value={f}>
          {f}
        </option>
      ))}
    </select>
  );
}

/** The font menu of a board: its fonts follow the workspace's (editor.fonts$). */
export function EditorFontSelect({ editor, value, onChange }: { editor: Editor; value: string; onChange: (font: string) => void }) {
  return <FontSelect value={value} fonts={useSubject(editor.fonts$)} onChange={onChange} />;
}

export function FontSizeSelect({ value, onChange }: { value: number; onChange: (size: number) => void }) {
  return (
    <select aria-label="Font size" title="Font size" value={value} onChange={(e) => onChange(Number(e.target.value))}>
      {(FONT_SIZES as readonly number[]).includes(value) ? null : <option value={value}>{value}</option>}
      {FONT_SIZES.map((s) => (
        <option key={s} value={s}>
          {s}
        </option>
      ))}
    </select>
  );
}

/** The six line types (board.md §9), named as the spec names them. */
export const LINE_TYPE_LABELS: ReadonlyArray<[LineType, string]> = [
  ['line', 'Line'],
  ['dashed', 'Dashed'],
  ['dotted', 'Dotted'],
  ['arrow', 'Right arrow'],
  ['rarrow', 'Left arrow'],
  ['double', 'Both arrows'],
];

export function LineTypeSelect({ value, onChange }: { value: LineType; onChange: (type: LineType) => void }) {
  return (
    <select aria-label="Line type" title="Line type" value={value} onChange={(e) => onChange(e.target.value as LineType)}>
      {LINE_TYPE_LABELS.map(([t, label]) => (
        <option key={t} value={t}>
          {label}
        </option>
      ))}
    </select>
  );
}

export function StickySizeSelect({ value, onChange }: { value: StickySize; onChange: (size: StickySize) => void }) {
  return (
    <select aria-label="Sticky size" title="Sticky size" value={value} onChange={(e) => onChange(e.target.value as StickySize)}>
      {(Object.keys(STICKY_SIZES) as StickySize[]).map((s) => (
        <option key={s} value={s}>
          {s}
        </option>
      ))}
    </select>
  );
}

/** Text alignment (board.md §3 align left, center, right), named as the spec names the values. */
export const TEXT_ALIGN_LABELS: ReadonlyArray<[TextAlign, string, string]> = [
  ['left', 'Align text left', 'textLeft'],
  ['center', 'Align text center', 'textCenter'],
  ['right', 'Align text right', 'textRight'],
];

/** The three alignment buttons (texts, sticky notes, table cells): the current one pressed. */
export function TextAlignButtons({ value, onChange }: { value: TextAlign; onChange: (align: TextAlign) => void }) {
  return (
    <div className="tb-align" role="group" aria-label="Text alignment">
      {TEXT_ALIGN_LABELS.map(([align, label, icon]) => (
        <button
          key={align}
          type="button"
          className="tb-btn"
          aria-label={label}
          title={label}
          aria-pressed={value === align}
          onClick={() => onChange(align)}
        >
          <BoardIcon name={icon} size={18} />
        </button>
      ))}
    </div>
  );
}
