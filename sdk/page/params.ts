/**
 * What the hosted board page reads from its URL (board.md §2): the board code is the last path
 * segment (/board/{code} or /board/{workspace}/{code}); `uid` is a roaming user id; `clientid`
 * needs a uid; `data` is base64 JSON (embedding).
 */
export interface PageParams {
  code: string;
  workspace: string | null;
  uid: string | null;
  clientid: string | null;
  data: string | null;
  /** clientid without uid: the invalid-uid failure */
  invalidUid: boolean;
}

export function readPageParams(url: URL): PageParams {
  const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const boardAt = segments.indexOf('board');
  const rest = boardAt >= 0 ? segments.slice(boardAt + 1) : segments;
  const code = rest[rest.length - 1] ?? '';
  const workspace = rest.length >= 2 ? rest[rest.length - 2]! : null;
  const uid = url.searchParams.get('uid') || null;
  const clientid = url.searchParams.get('clientid') || null;
  return { code, workspace, uid, clientid, data: url.searchParams.get('data'), invalidUid: Boolean(clientid && !uid) };
}
