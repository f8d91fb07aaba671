import { BoardIcon } from './icons';
import type { BoardLinks } from './links';
import { Popover } from './popover';

/**
 * The top-left menu (board.md §2): back to boards only for signed-in, non-embedded users; new
 * board and log in / create account are hidden when embedded (§6).
 */
export function MainMenu({ links, signedIn, embedded, whiteLabel, onShare }: { links: BoardLinks; signedIn: boolean; embedded: boolean; whiteLabel?: boolean; onShare?: () => void }) {
  return (
    <Popover label="Main menu" button={<BoardIcon name="menu" />}>
      {(close) => (
        <>
          {signedIn && !embedded && (
            <a className="tb-item" role="menuitem" href={links.boards} onClick={close}>
              <BoardIcon name="back" size={18} /> Back to boards
            </a>
          )}
          {!embedded && (
            <a className="tb-item" role="menuitem" href={links.newBoard} onClick={close}>
              <BoardIcon name="plus" size={18} /> New board
            </a>
          )}
          {!embedded && onShare && (
            <button
              type="button"
              className="tb-item"
              role="menuitem"
              onClick={() => {
                close();
                onShare();
              }}
            >
              <BoardIcon name="userPlus" size={18} /> Share
            </button>
          )}
          {!signedIn && !embedded && (
            <>
              <a className="tb-item" role="menuitem" href={links.login} onClick={close}>
                <BoardIcon name="login" size={18} /> Log in
              </a>
              <a className="tb-item" role="menuitem" href={links.signup} onClick={close}>
                <BoardIcon name="userPlus" size={18} /> Create account
              </a>
            </>
          )}
          {embedded && !whiteLabel && <div className="tb-label">Tabula board</div>}
        </>
      )}
    </Popover>
  );
}
