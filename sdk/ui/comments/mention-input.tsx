import { useId, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { COMMENT_MAX_LENGTH } from '../../../shared/constants';
import { insertMention, mentionAt, mentionCandidates, type MentionQuery } from '../../collab/comments';
import type { BoardMember } from '../../sync/types';
import { useMemberColors } from '../member-color';
import { mentionListPlace } from './mention-place';

/** the menu's height cap (comments.css .tb-mention__menu max-height) */
const MENU_MAX_HEIGHT = 296;

/**
 * The comment text box: Enter sends (Shift+Enter a new line). With mentions on, '@' at the start
 * or after whitespace opens a menu of at most 8 members matching what follows; arrows move,
 * Enter or Tab picks, Escape closes it (board.md §5). The menu opens outside the comment box,
 * above or below it, so it covers none of the box's buttons (./mention-place.ts, issue 34).
 */
export function MentionInput({
  label,
  placeholder,
  members,
  mentions,
  onSubmit,
  autoFocus,
  onEscape,
}: {
  label: string;
  placeholder: string;
  members: readonly BoardMember[];
  mentions: boolean;
  onSubmit: (text: string) => Promise<boolean> | boolean;
  autoFocus?: boolean;
  onEscape?: () => void;
}) {
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const colorOf = useMemberColors();
  const area = useRef<HTMLTextAreaElement>(null);
  const listId = useId();

  const mention: MentionQuery | null = mentions ? mentionAt(text, caret) : null;
  const options = mention && dismissed !== mention.start ? mentionCandidates(members, mention.query) : [];
  const menuOpen = options.length > 0;
  const current = Math.min(active, options.length - 1);
  const wrap = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [place, setPlace] = useState<CSSProperties | null>(null);
  // measured before paint each time the menu opens or its length changes
  useLayoutEffect(() => {
    const el = wrap.current,
      menu = list.current;
    const box = el?.closest<HTMLElement>('.tb-comment');
    const host = box?.offsetParent as HTMLElement | null | undefined;
    if (!menuOpen || !el || !menu || !box || !host) {
      setPlace(null);
      return;
    }
    setPlace(
      mentionListPlace({
        field: el.getBoundingClientRect(),
        box: box.getBoundingClientRect(),
        host: host.getBoundingClientRect(),
        // the whole list with its borders, at most the CSS cap
        height: Math.min(MENU_MAX_HEIGHT, menu.scrollHeight + menu.offsetHeight - menu.clientHeight),
      }),
    );
  }, [menuOpen, options.length]);

  const pick = (m: BoardMember) => {
    if (!mention) return;
    const next = insertMention(text, mention, caret, m.name);
    setText(next.text);
    setCaret(next.caret);
    setActive(0);
    requestAnimationFrame(() => {
      area.current?.focus();
      area.current?.setSelectionRange(next.caret, next.caret);
    });
  };
  const submit = async () => {
    if (busy || !text.trim()) return;
    setBusy(true);
    try {
      if (await onSubmit(text)) {
        setText('');
        setCaret(0);
      }
    } finally {
      setBusy(false);
    }
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    e.stopPropagation();
    if (menuOpen) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setActive((current + step + options.length) % options.length);
        return;
      }
      if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault();
        pick(options[current]!);
        return;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        e.nativeEvent.stopImmediatePropagation();
        setDismissed(mention!.start);
        return;
      }
    }
    if (e.key === 'Escape') {
      onEscape?.();
      return;
    }
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      void submit();
    }
  };
  const sync = () => setCaret(area.current?.selectionStart ?? text.length);

  return (
    <div className="tb-mention" ref={wrap}>
      <textarea
        ref={area}
        className="tb-input tb-comment__input"
        aria-label={label}
        placeholder={placeholder}
        rows={2}
        maxLength={COMMENT_MAX_LENGTH}
        value={text}
        autoFocus={autoFocus}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={menuOpen}
        aria-controls={listId}
        aria-activedescendant={menuOpen ? `${listId}-${current}` : undefined}
        onChange={(e) => {
          setText(e.target.value);
          setCaret(e.target.selectionStart ?? e.target.value.length);
          setActive(0);
          setDismissed(null);
        }}
        onKeyDown={onKey}
        onKeyUp={(e) => !['ArrowUp', 'ArrowDown'].includes(e.key) && sync()}
        onClick={sync}
      />
      {menuOpen && (
        <ul
          ref={list}
          className="tb-panel tb-mention__menu"
          role="listbox"
          id={listId}
          aria-label="Mention a member"
          style={place ?? undefined}
        >
          {options.map((m, i) => (
            <li
              key={m.uid}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === current}
              className="tb-mention__item"
              onMouseDown={(e) => {
                e.preventDefault();
                pick(m);
              }}
              onMouseEnter={() => setActive(i)}
            >
              <span className="tb-avatar" style={{ background: colorOf(m.uid) }} aria-hidden="true">
                {(m.name || '?').slice(0, 1).toUpperCase()}
              </span>
              <span className="tb-mention__name">{m.name}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="tb-comment__send">
        <span className="tb-muted">{text.length > COMMENT_MAX_LENGTH - 200 ? `${text.length}/${COMMENT_MAX_LENGTH}` : ''}</span>
        <button type="button" className="tb-btn tb-btn--primary" disabled={busy || !text.trim()} onClick={() => void submit()}>
          {label === 'Reply' ? 'Reply' : 'Comment'}
        </button>
      </div>
    </div>
  );
}
