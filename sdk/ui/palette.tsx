import { useId, useState, type KeyboardEvent } from 'react';
import { Modal } from '../../ui/modal';
import { findActions, findShapes, zoomToShape } from '../actions/find';
import type { Editor } from '../editor/editor';

const KIND_LABEL: Record<string, string> = { text: 'Text', stickyNote: 'Sticky note', frame: 'Frame', table: 'Table' };
const MAX_TEXT = 80;

/** What a found shape shows: the line holding the query (a note's line, a table's row, its cells spaced), cut at MAX_TEXT. */
function foundLabel(text: string, query: string): string {
  const q = query.trim().toLowerCase();
  const line = (text.split('\n').find((l) => l.toLowerCase().includes(q)) ?? text).replace(/\t+/g, '  ').trim();
  return line.length > MAX_TEXT ? `${line.slice(0, MAX_TEXT)}…` : line;
}

type Result = { key: string; label: string; detail: string; choose: () => void };

/**
 * The find / command palette (board.md §2, §9; Ctrl+F): a search box 'search...' that finds shapes
 * by their text (text, sticky notes, frame titles, table cells) and commands by name. The list is at most 25vh
 * high; arrows move, Enter chooses. A shape zooms to 3× its rectangle; a command runs.
 */
export function CommandPalette({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();

  const results: Result[] = [
    ...findShapes(editor, query).map(({ shape, text }): Result => ({
      key: `shape:${shape.id}`,
      label: foundLabel(text, query),
      detail: KIND_LABEL[shape.cmd] ?? shape.cmd,
      choose: () => {
        onClose();
        zoomToShape(editor, shape);
      },
    })),
    ...findActions(editor, query).map((a): Result => ({
      key: `action:${a.id}`,
      label: a.label,
      detail: editor.actions.keysOf(a.id)[0] ?? 'Command',
      choose: () => {
        onClose();
        editor.actions.run(a, { editor }, 'palette');
      },
    })),
  ];
  const current = Math.min(active, Math.max(0, results.length - 1));

  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown') setActive((current + 1) % Math.max(1, results.length));
    else if (e.key === 'ArrowUp') setActive((current - 1 + results.length) % Math.max(1, results.length));
    else if (e.key === 'Enter') results[current]?.choose();
    else return;
    e.preventDefault();
  };

  return (
    <Modal open title="Find" width={520} onClose={onClose}>
      <input
        className="t-input tb-palette__input"
        type="search"
        placeholder="search..."
        aria-label="Search shapes and commands"
        role="combobox"
        aria-expanded={results.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={results[current] ? `${listId}-${current}` : undefined}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKey}
      />
      <ul className="tb-palette__list" id={listId} role="listbox" aria-label="Results">
        {results.map((r, i) => (
          <li
            key={r.key}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === current}
            className={`tb-palette__item${i === current ? ' tb-palette__item--active' : ''}`}
            onMouseEnter={() => setActive(i)}
            onClick={r.choose}
          >
            <span className="tb-palette__label">{r.label}</span>
            <span className="tb-palette__detail">{r.detail}</span>
          </li>
        ))}
      </ul>
      {query.trim() && results.length === 0 && (
        <p className="tb-muted" role="status">
          Nothing found
        </p>
      )}
    </Modal>
  );
}
