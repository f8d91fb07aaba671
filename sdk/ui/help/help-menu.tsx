import { BoardIcon } from '../icons';
import { Popover } from '../popover';
import { HELP } from './texts';

export interface HelpLinks {
  /** /documents/how-to */
  documentation: string;
  /** /documents/support */
  support: string;
  /** /documents/set-a-preferred-language */
  language: string;
}

export interface HelpMenuProps {
  links: HelpLinks;
  onShortcuts: () => void;
  onTips: () => void;
  onTour: () => void;
  onFeedback: () => void;
}

/**
 * The help menu behind the '?' of the top-right bar (board.md §2 "feedback, help"): keyboard
 * shortcuts, the tip list, the quick overview, the documentation, support and language pages
 * (new tabs: the board stays open) and Send feedback. A WAI-ARIA menu (the Popover's keys).
 */
export function HelpMenu(props: HelpMenuProps) {
  const actions = [
    { id: 'shortcuts', label: HELP.shortcuts, icon: 'keyboard', run: props.onShortcuts },
    { id: 'tips', label: HELP.tips, icon: 'stickyNote', run: props.onTips },
    { id: 'tour', label: HELP.tour, icon: 'crosshair', run: props.onTour },
  ];
  const pages = [
    { id: 'documentation', label: HELP.documentation, href: props.links.documentation },
    { id: 'support', label: HELP.support, href: props.links.support },
    { id: 'language', label: HELP.language, href: props.links.language },
  ];
  return (
    <span className="tb-help" data-tour="help">
      <Popover label={HELP.button} button={<BoardIcon name="help" size={18} />} placement="below-right" className="tb-help-menu">
        {(close) => (
          <>
            {actions.map((a) => (
              <button
                key={a.id}
                type="button"
                className="tb-item"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  close();
                  a.run();
                }}
              >
                <BoardIcon name={a.icon} size={18} /> {a.label}
              </button>
            ))}
            <div className="tb-help-menu__sep" role="separator" />
            {pages.map((p) => (
              <a
                key={p.id}
                className="tb-item"
                role="menuitem"
                tabIndex={-1}
                href={p.href}
                target="_blank"
                rel="noopener"
                data-help={p.id}
                onClick={close}
              >
                <BoardIcon name="externalLink" size={18} /> {p.label}
                <span className="tb-sr"> {HELP.newTab}</span>
              </a>
            ))}
            <div className="tb-help-menu__sep" role="separator" />
            <button
              type="button"
              className="tb-item"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                close();
                props.onFeedback();
              }}
            >
              <BoardIcon name="megaphone" size={18} /> {HELP.feedback}
            </button>
          </>
        )}
      </Popover>
    </span>
  );
}
