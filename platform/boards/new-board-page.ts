/**
 * /board/new and /board/{workspaceId}/new (board.md §2): a navigation carries no bearer token,
 * so this tiny page runs in the browser with the stored session (the same localStorage keys as
 * ui/auth.ts: accessToken, refreshToken, uid), creates the board through POST /api/boards and
 * replaces itself with /board/{code}. A guest without a stored uid gets one made here the way
 * the panel makes it (24 random hex digits); a `uid` query (roaming user) wins over the stored one.
 * An expired token is refreshed once; a refused token sends the user to log in. It sends the
 * browser's time zone: the default name 'Untitled board · Nov 28' carries the creator's day.
 */
export function newBoardPage(workspace: string | null): string {
  const config = JSON.stringify({ workspace }).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>New board · Tabula</title>
<style>body{font:16px system-ui,sans-serif;display:grid;place-items:center;height:100vh;margin:0;color:#333}</style>
</head><body><p id="status">Creating a new board…</p>
<script>
(function () {
  var cfg = ${config};
  var store = window.localStorage;
  var status = document.getElementById('status');
  function randomUid() {
    var b = new Uint8Array(12); crypto.getRandomValues(b);
    return Array.prototype.map.call(b, function (x) { return (x < 16 ? '0' : '') + x.toString(16); }).join('');
  }
  function fail(text) { status.textContent = text; }
  function login() { location.replace('/accounts/login?ret=' + encodeURIComponent(location.pathname + location.search)); }
  var query = new URLSearchParams(location.search);
  var token = store.getItem('accessToken');
  var uid = query.get('uid') || store.getItem('uid');
  if (!token && !uid) { uid = randomUid(); store.setItem('uid', uid); }
  function create(retried) {
    var headers = { 'content-type': 'application/json', accept: 'application/json' };
    if (token) headers.authorization = 'Bearer ' + token;
    var body = {}; if (uid) body.Uid = uid; if (cfg.workspace && token) body.workspace = cfg.workspace;
    try { body.timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || undefined; } catch (e) { /* the name's day in UTC */ }
    return fetch('/api/boards', { method: 'POST', headers: headers, body: JSON.stringify(body) }).then(function (res) {
      if (res.status === 401 && token && !retried && res.headers.get('token-expired')) return refresh().then(function () { return token ? create(true) : login(); });
      if (res.status === 401) return login();
      return res.json().then(function (data) {
        if (!res.ok) return fail(data && data.message ? data.message : 'The board could not be created.');
        location.replace('/board/' + encodeURIComponent(data.code) + (query.get('uid') ? '?uid=' + encodeURIComponent(query.get('uid')) : ''));
      });
    }, function () { fail('Something went wrong! Our team has been informed.'); });
  }
  function refresh() {
    return fetch('/api/accounts/refresh', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: store.getItem('refreshToken'), accessToken: token })
    }).then(function (res) { return res.ok ? res.json() : null; }).then(function (pair) {
      if (!pair || !pair.accessToken) { token = null; return; }
      token = pair.accessToken; store.setItem('accessToken', pair.accessToken);
      if (pair.refreshToken) store.setItem('refreshToken', pair.refreshToken);
    });
  }
  create(false);
})();
</script></body></html>`;
}
