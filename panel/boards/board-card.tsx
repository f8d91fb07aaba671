import { formatDate, Icon, MenuButton, type MenuItem } from '../../ui';
import { PLACEHOLDER_NAME, type BoardItem } from './api';

export interface BoardCardProps {
  board: BoardItem;
  /** the per-board actions the asker may take (empty: none) */
  actions: MenuItem[];
  /** ClientAdmin: the board opens only in the client's app, so the card is no link (panel.md §6) */
  linked: boolean;
  onTag: (tag: string) => void;
}

/**
 * One board of the list (panel.md §2): thumbnail, name with '*' when it changed since your last
 * visit, participants and 'Last Session', its tags as filter buttons, and the actions menu. A board
 * named 'new board' shows none of the participants, last session, tags nor actions.
 */
export function BoardCard({ board, actions, linked, onTag }: BoardCardProps) {
  const placeholder = board.name.trim().toLowerCase() === PLACEHOLDER_NAME;
  const body = (
    <>
      <div className="p-board__thumb">
        {board.thumbnail ? <img src={board.thumbnail} alt="" loading="lazy" /> : <Icon name="boards" size={36} />}
      </div>
      <div className="p-board__name">
        <span>{board.name || 'Untitled board'}</span>
        {board.isChanged && (
          <span className="p-board__changed" title="Changed since your last visit" aria-label="changed since your last visit">
            *
          </span>
        )}
      </div>
    </>
  );
  return (
    <li className="p-board">
      {linked ? (
        <a className="p-board__link" href={`/board/${board.code}`}>
          {body}
        </a>
      ) : (
        <div className="p-board__link">{body}</div>
      )}
      {!placeholder && (
        <>
          <div className="p-board__meta">
            <span title="Participants">
              <Icon name="user" size={14} /> {board.membersCount}
            </span>
            {board.lastSession && <span>Last Session {formatDate(board.lastSession)}</span>}
          </div>
          {board.tags.length > 0 && (
            <div className="p-board__tags">
              {board.tags.map((tag) => (
                <button key={tag} type="button" className="p-tag" onClick={() => onTag(tag)} aria-label={`Show boards tagged ${tag}`}>
                  {tag}
                </button>
              ))}
            </div>
          )}
          <div className="p-board__menu">
            <MenuButton label={`Actions for ${board.name}`} items={actions} />
          </div>
        </>
      )}
    </li>
  );
}

/** The three placeholder cards shown while the list loads. */
export function BoardCardSkeletons() {
  return (
    <>
      {[0, 1, 2].map((i) => (
        <li key={i} className="p-board p-board--skeleton" aria-hidden="true">
          <div className="p-board__thumb" />
          <div className="p-board__bar" />
          <div className="p-board__bar p-board__bar--short" />
        </li>
      ))}
    </>
  );
}
