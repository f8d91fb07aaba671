import r2wc from '@r2wc/react-to-web-component';
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { Command } from '../shared/model';
import { Board, type BoardApi, type BoardError, type BoardFeatures } from './board';
import type { BoardInfo } from './sync/types';

export type { BoardApi, BoardError, BoardFeatures, BoardInfo, Command };

/**
 * <tabula-board>: the Board component as a custom element (r2wc), built as one script
 * (sdk/dist/tabula-board.js in the `tabula` package, `tabula/element`; served as
 * /static/sdk/tabula-board.js; React included). Attributes: code, server, workspace, token, uid,
 * clientid, name, theme (strings) and features (JSON). Events (bubbling, composed): `ready`,
 * `joined`, `command`, `error`, each with the callback's argument as `detail`. It renders in an
 * open shadow root with its styles injected there.
 *
 * Typed for hosts: `document.querySelector('tabula-board')` is a TabulaBoardElement
 * (HTMLElementTagNameMap), its events are typed on addEventListener, and React 19 JSX knows
 * `<tabula-board code="…" onready={(e) => e.detail.editor} />` (React 19 passes a function prop
 * named `on` + event name to addEventListener, and other props as element properties).
 */
const events = { bubbles: true, composed: true } as const;

/** The attributes (and element properties) of <tabula-board>. */
export interface TabulaBoardAttributes {
  /** the board code (the last segment of /board/{code}) */
  code?: string;
  /** the platform's base url; default: the page's origin */
  server?: string;
  workspace?: string;
  /** a bearer access token (signed-in user); without it the board joins as a roaming guest */
  token?: string;
  /** roaming user id (guests) */
  uid?: string;
  /** developer app client id (embedding); requires uid */
  clientid?: string;
  /** display name of a guest */
  name?: string;
  theme?: 'light' | 'dark';
  /** an object, or its JSON text as an attribute */
  features?: BoardFeatures | string;
}

/** The DOM events <tabula-board> dispatches (CustomEvents: bubbling, composed). */
export interface TabulaBoardEventMap extends Omit<HTMLElementEventMap, 'error'> {
  /** the board is loaded and online: the live editor and sync session */
  ready: CustomEvent<BoardApi>;
  /** joined: the board as the server described it */
  joined: CustomEvent<BoardInfo>;
  /** every board change, local or remote */
  command: CustomEvent<Command>;
  error: CustomEvent<BoardError>;
}

/** A <tabula-board> element. */
export interface TabulaBoardElement extends HTMLElement {
  code: string | undefined;
  server: string | undefined;
  workspace: string | undefined;
  token: string | undefined;
  uid: string | undefined;
  clientid: string | undefined;
  name: string | undefined;
  theme: 'light' | 'dark' | undefined;
  features: BoardFeatures | undefined;
  addEventListener<K extends keyof TabulaBoardEventMap>(
    type: K,
    listener: (this: TabulaBoardElement, ev: TabulaBoardEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof TabulaBoardEventMap>(
    type: K,
    listener: (this: TabulaBoardElement, ev: TabulaBoardEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

/** The props React 19 JSX takes for <tabula-board>: attributes, DOM props and the events as `on` + name. */
export type TabulaBoardJsxProps = DetailedHTMLProps<HTMLAttributes<TabulaBoardElement>, TabulaBoardElement> &
  TabulaBoardAttributes & {
    onready?: (event: CustomEvent<BoardApi>) => void;
    onjoined?: (event: CustomEvent<BoardInfo>) => void;
    oncommand?: (event: CustomEvent<Command>) => void;
    onerror?: (event: CustomEvent<BoardError>) => void;
  };

declare global {
  interface HTMLElementTagNameMap {
    'tabula-board': TabulaBoardElement;
  }
}

declare module 'react' {
  // React 19 types: the JSX namespace lives in React (react/jsx-runtime re-exports it)
  namespace JSX {
    interface IntrinsicElements {
      'tabula-board': TabulaBoardJsxProps;
    }
  }
}

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
}) as unknown as { new (): TabulaBoardElement; prototype: TabulaBoardElement };

export const TAG_NAME = 'tabula-board';

if (typeof customElements !== 'undefined' && !customElements.get(TAG_NAME)) {
  customElements.define(TAG_NAME, TabulaBoardElement);
}
