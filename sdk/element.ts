import r2wc from '@r2wc/react-to-web-component';
import { Board } from './board';

/**
 * <tabula-board>: the Board component as a custom element (r2wc), built as one script
 * (dist/sdk/tabula-board.js, React included). Attributes: code, server, workspace, token, uid,
 * clientid, name, theme (strings) and features (JSON). Events (bubbling, composed): `ready`,
 * `joined`, `command`, `error`, each with the callback's argument as `detail`. It renders in an
 * open shadow root with its styles injected there.
 */
const events = { bubbles: true, composed: true } as const;

export const TabulaBoardElement = r2wc(Board, {
  shadow: 'open',
  props: {
    code: 'string',
    server: 'string',
    workspace: 'string',
    token: 'string',
    uid: 'string',
    clientid: 'string',
    name: 'string',
    theme: 'string',
    features: 'json',
  },
  events: { onReady: events, onJoined: events, onCommand: events, onError: events },
});

export const TAG_NAME = 'tabula-board';

if (typeof customElements !== 'undefined' && !customElements.get(TAG_NAME)) {
  customElements.define(TAG_NAME, TabulaBoardElement);
}
