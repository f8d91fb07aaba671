import { UI_CSS } from '../../ui/styles';
import announcementCss from './announcement.css?raw';
import boardCss from './board.css?raw';
import chatCss from './chat/chat.css?raw';
import commentsCss from './comments/comments.css?raw';
import editingCss from './editing.css?raw';
import historyCss from './history.css?raw';
import automationCss from './automation-panel.css?raw';
import helpCss from './help/help.css?raw';
import templatesCss from './templates/templates.css?raw';
import diagramCss from './diagram.css?raw';
import a11yCss from '../a11y/a11y.css?raw';

/**
 * The board screen's stylesheet (classes prefixed `tb-`): a white full-screen canvas with
 * floating rounded panels and soft shadows. Injected into <head> for the React <Board>, or into
 * the shadow root of <tabula-board> together with the shared widgets' CSS (ui/styles).
 * The parts are CSS files beside their components: board.css (the screen, bars, toolbox, dialogs),
 * chat/chat.css (the dock buttons and chat box), comments/comments.css (badges, comment box, the
 * 450 px panel), editing.css (floating menu, context menu, find palette, tag and link editors) and
 * announcement.css (the bar, bottom centre, clear of the toolbox and the dock) and help/help.css (the
 * help menu, tip list and quick-overview tour) and templates/templates.css (the templates dialog),
 * history.css (the Board history panel), automation-panel.css (the Automation panel), diagram.css (the diagram dialog), ../a11y/a11y.css (the keyboard focus on the canvas).
 */
export const BOARD_CSS =
  boardCss +
  chatCss +
  commentsCss +
  editingCss +
  announcementCss +
  helpCss +
  templatesCss +
  historyCss +
  automationCss +
  diagramCss +
  a11yCss;

/** The shared widgets' CSS made to work inside a shadow root (its :root variables → :host). */
export const SHADOW_UI_CSS = UI_CSS.replace(/:root\b/g, ':host, :root');
