/** The board screen's outbound links (board.md §2), absolute on the platform's origin. */
export interface BoardLinks {
  home: string;
  boards: string;
  newBoard: string;
  login: string;
  signup: string;
  support: string;
  /** the help pages (platform/documents): the how-to and the preferred-language page */
  howTo: string;
  language: string;
  accessDenied: string;
}

export function boardLinks(
  server: string,
  here: string = typeof location === 'undefined' ? '/' : location.pathname + location.search,
): BoardLinks {
  const base = server.replace(/\/$/, '');
  const sameOrigin = typeof location !== 'undefined' && new URL(base).origin === location.origin;
  const at = (path: string) => (sameOrigin ? path : base + path);
  const ret = encodeURIComponent(here);
  return {
    home: at('/'),
    boards: at('/panel/workspace/default/boards'),
    newBoard: at('/board/new'),
    login: at(`/accounts/login?ret=${ret}`),
    signup: at(`/accounts/signup?ret=${ret}`),
    support: at('/documents/support'),
    howTo: at('/documents/how-to'),
    language: at('/documents/set-a-preferred-language'),
    accessDenied: at('/access-denied'),
  };
}
