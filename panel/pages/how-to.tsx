import { Link } from 'react-router';
import { DEFAULT_KEY_BINDINGS } from '../../shared/constants';
import { Logo } from '../../ui';
import { usePanelStyles } from '../styles';
import { useDocumentTitle } from '../title';

/** The shortcuts a person uses most, with the names the board's menus give them (board.md §5, §9). */
const SHORTCUTS: Array<[string, string]> = [
  ['select', 'Select'],
  ['pen', 'Pen'],
  ['eraser', 'Eraser'],
  ['line', 'Line'],
  ['rectangle', 'Rectangle'],
  ['circle', 'Circle'],
  ['text', 'Text'],
  ['stickyNote', 'Sticky note'],
  ['pan', 'Pan'],
  ['undo', 'Undo'],
  ['redo', 'Redo'],
  ['selectAll', 'Select all'],
  ['remove', 'Delete the selection'],
  ['zoomFit', 'Fit the board to the screen'],
  ['zoom100', 'Zoom to 100%'],
  ['previousTool', 'Back to the previous tool'],
];

/**
 * /documents/how-to: how to use Tabula — drawing, sharing, shortcuts, workspaces and embedding.
 * A page of the app (the panel's quick action and the home's "Try things out" link here).
 */
export function HowToPage() {
  usePanelStyles();
  useDocumentTitle('How to use Tabula');
  return (
    <div className="d-page">
      <header className="d-head">
        <Link to="/panel/home" className="v-brand" aria-label="Tabula home">
          <Logo size={30} /> <span>Tabula</span>
        </Link>
      </header>
      <main className="d-body">
        <h1>How to use Tabula</h1>
        <p className="p-lead">A board is an endless canvas you and your team draw on together, live.</p>
        <nav aria-label="On this page" className="d-toc">
          <a href="#drawing">Drawing</a> · <a href="#sharing">Sharing</a> · <a href="#shortcuts">Shortcuts</a> ·{' '}
          <a href="#workspaces">Workspaces</a> · <a href="#embedding">Embedding</a>
        </nav>
        <section id="drawing">
          <h2>Drawing</h2>
          <p>
            Pick a tool in the toolbox on the left: the pen and highlighter draw freely, lines and arrows connect, rectangles and circles
            outline or fill, text writes, and sticky notes hold short ideas. The swatch at the bottom of the toolbox sets colour, width,
            font and size. The select tool moves and resizes shapes; drag on the empty board to select several. Everything you do is saved
            as you go and appears for everyone on the board at once.
          </p>
          <p>Scroll with the mouse wheel or hold Space to pan; hold Ctrl and scroll, or use the zoom bar at the bottom right, to zoom.</p>
        </section>
        <section id="sharing">
          <h2>Sharing</h2>
          <p>
            A board's owner decides who may open it: anyone with the link, as a viewer, commenter or editor; or only the people invited by
            e-mail. The members of the board's workspace reach it at the level the owner chose for the workspace.
          </p>
        </section>
        <section id="shortcuts">
          <h2>Keyboard shortcuts</h2>
          <table className="d-table">
            <thead>
              <tr>
                <th scope="col">Action</th>
                <th scope="col">Keys</th>
              </tr>
            </thead>
            <tbody>
              {SHORTCUTS.filter(([id]) => DEFAULT_KEY_BINDINGS[id]).map(([id, label]) => (
                <tr key={id}>
                  <td>{label}</td>
                  <td>
                    <kbd>{DEFAULT_KEY_BINDINGS[id] === 'Backquote' ? '`' : DEFAULT_KEY_BINDINGS[id]}</kbd>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section id="workspaces">
          <h2>Workspaces</h2>
          <p>
            Boards live in workspaces. Invite your team in a workspace's Members tab; its Settings tab sets the zoom limits, the largest
            upload, a dark theme and your own fonts for all its boards; its Extensions tab turns board features such as collaborators'
            cursors on or off.
          </p>
        </section>
        <section id="embedding">
          <h2>Embedding</h2>
          <p>
            Register an app on the <Link to="/panel/developers">Developers</Link> page to put boards inside your own application with one
            script tag; the <a href="/documents/api">API reference</a> lists every call.
          </p>
        </section>
      </main>
    </div>
  );
}
