import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { MESSAGES } from '../../../shared/messages';
import { toast } from '../../../ui/toast';
import { ChatStore, cleanChatMessage, formatChatTime, type ChatMessage } from '../../collab/chat';
import type { SyncClient } from '../../sync/sync-client';
import { useSubject } from '../hooks';
import { BoardIcon } from '../icons';
import { useMemberColors } from '../member-color';

/**
 * The chat (board.md §2, §4; view_chat): a button with an unread indicator while closed, and the
 * chat box: the history (older pages when scrolled to the top), 'sending...' until the hub
 * acknowledges, Enter sends, times 12-hour, 'Failed to load messages' /
 * 'Failed to send message, reload the board'.
 */
export function ChatDock({ sync, code }: { sync: SyncClient; code: string }) {
  const store = useMemo(() => new ChatStore(sync, code, () => sync.me$.value?.name || 'Guest'), [sync, code]);
  useEffect(() => () => store.dispose(), [store]);
  const [open, setOpen] = useState(false);
  const unread = useSubject(store.unread$);
  const button = useRef<HTMLButtonElement>(null);
  const toggle = (next: boolean) => {
    store.setOpen(next);
    setOpen(next);
    if (!next) button.current?.focus();
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        className="tb-btn tb-panel tb-dock-btn"
        aria-label={unread ? `Chat, ${unread} unread` : 'Chat'}
        title="Chat"
        aria-expanded={open}
        data-unread={unread || undefined}
        onClick={() => toggle(!open)}
      >
        <BoardIcon name="chat" size={20} />
        {unread > 0 && <span className="tb-unread-dot" aria-hidden="true" />}
      </button>
      {open && <ChatBox store={store} onClose={() => toggle(false)} />}
    </>
  );
}

function ChatBox({ store, onClose }: { store: ChatStore; onClose: () => void }) {
  const messages = useSubject(store.messages$);
  const failed = useSubject(store.loadFailed$);
  const hasOlder = useSubject(store.hasOlder$);
  const [text, setText] = useState('');
  const list = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const keep = useRef<{ height: number; top: number } | null>(null);
  const atBottom = useRef(true);

  useEffect(() => input.current?.focus(), []);
  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    if (keep.current) {
      // older messages went on top: keep what was on screen in place
      el.scrollTop = el.scrollHeight - keep.current.height + keep.current.top;
      keep.current = null;
    } else if (atBottom.current) el.scrollTop = el.scrollHeight;
  }, [messages]);

  const older = async () => {
    const el = list.current;
    if (!el || !hasOlder) return;
    keep.current = { height: el.scrollHeight, top: el.scrollTop };
    if ((await store.loadOlder()) === 0) keep.current = null;
  };
  const onScroll = () => {
    const el = list.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
    if (el.scrollTop < 8 && hasOlder && !store.loading$.value) void older();
  };
  const send = () => {
    // newlines stripped, trimmed, empty not sent (board.md §5)
    if (!cleanChatMessage(text)) return;
    atBottom.current = true;
    setText('');
    store.send(text).catch(() => toast.error(MESSAGES.chatSendFailed));
  };

  return (
    <section
      className="tb-panel tb-chat"
      aria-label="Chat"
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
      onPointerDown={(e) => e.stopPropagation()}
    >
      <header className="tb-chat__head">
        <h2>Chat</h2>
        <button type="button" className="tb-btn" aria-label="Close chat" title="Close" onClick={onClose}>
          <BoardIcon name="close" size={18} />
        </button>
      </header>
      <div className="tb-chat__list" ref={list} onScroll={onScroll} role="log" aria-label="Chat messages">
        {hasOlder && messages.length > 0 && (
          <button type="button" className="tb-link-btn" onClick={() => void older()}>
            Load older messages
          </button>
        )}
        {failed && <p className="tb-chat__info">{MESSAGES.chatLoadFailed}</p>}
        {!failed && messages.length === 0 && <p className="tb-chat__info">No messages yet</p>}
        {messages.map((m) => (
          <ChatLine key={m.id} message={m} />
        ))}
      </div>
      <form
        className="tb-chat__form"
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <input
          ref={input}
          className="tb-input"
          aria-label="Message"
          placeholder="Type a message"
          value={text}
          maxLength={4000}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="tb-btn tb-btn--primary" aria-label="Send" title="Send" disabled={!cleanChatMessage(text)}>
          <BoardIcon name="send" size={16} />
        </button>
      </form>
    </section>
  );
}

function ChatLine({ message: m }: { message: ChatMessage }) {
  const self = m.sender === 'self';
  const colorOf = useMemberColors();
  return (
    <article className={`tb-chat__msg${self ? ' tb-chat__msg--self' : ''}`} data-pending={m.pending || undefined}>
      <div className="tb-chat__meta">
        <span className="tb-chat__name" style={{ color: colorOf(m.uid) }}>
          {self ? 'You' : m.displayName || 'Guest'}
        </span>
        <time dateTime={m.sentDate}>{m.pending ? MESSAGES.chatSending : formatChatTime(m.sentDate)}</time>
      </div>
      <p className="tb-chat__text">{m.message}</p>
    </article>
  );
}
