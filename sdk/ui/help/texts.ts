/**
 * The board's help texts (board.md §1 "contextual help, a tip list and a quick-overview coachmark
 * tour exist (their content is not shown)": written here, docs/board-screen.md "Help"): the help
 * menu's items, the tip list and the tour's steps. One place, so a translation has one file to read.
 */
export const HELP = {
  button: 'Help',
  shortcuts: 'Keyboard shortcuts',
  tips: 'Tips',
  tour: 'Quick overview',
  documentation: 'Documentation',
  support: 'Support',
  language: 'Language',
  feedback: 'Send feedback',
  newTab: '(opens in a new tab)',
  tipsTitle: 'Tips',
  tipsLead: 'Small things that make a board faster to work with.',
  tourLabel: 'Quick overview',
  tourStep: (n: number, of: number) => `Step ${n} of ${of}`,
  next: 'Next',
  back: 'Back',
  done: 'Done',
  skip: 'Skip tour',
} as const;

/** The tip list (~12 short tips): a title and one or two sentences each. */
export const TIPS: ReadonlyArray<{ title: string; text: string }> = [
  { title: 'Every tool has a key', text: 'Press P for the pen, R for a rectangle, T for text, N for a sticky note and V to select.' },
  { title: 'Back to the last tool', text: 'Press ` (the key left of 1) to switch back to the tool you used before.' },
  { title: 'Move around', text: 'Scroll to pan, or hold Space and drag. Hold Ctrl and scroll to zoom in and out.' },
  { title: 'See everything', text: 'Press Ctrl+0 to fit the whole board on the screen, Ctrl+Alt+0 to go back to 100%.' },
  { title: 'Select many at once', text: 'Drag a box on an empty part of the board, or press Ctrl+A to select every shape.' },
  { title: 'Duplicate in one key', text: 'Ctrl+D duplicates the selection; Alt+D puts the copy just below it.' },
  { title: 'Undo is yours', text: "Ctrl+Z undoes your own last change and never a collaborator's; Ctrl+Y brings it back." },
  { title: 'Edit a sticky note', text: 'Double-click a sticky note or a text to write in it; click outside it when you are done.' },
  { title: 'Right-click for more', text: 'Right-click a shape (or long-press on a touch screen) for lock, order, group and more.' },
  { title: 'Find anything', text: 'Ctrl+F finds the text on the board and takes you to each match.' },
  { title: 'Follow a teammate', text: 'Open the online members list and choose Follow to see what someone else sees.' },
  { title: 'Make keys your own', text: 'Signed in, open Keyboard shortcuts and choose Change to give any command the keys you like.' },
];

/** Where a tour step points: a CSS selector inside the board, and the side the card prefers. */
export interface TourStep {
  id: string;
  target: string;
  title: string;
  text: string;
}

/**
 * The quick overview (a coachmark tour): one card per part of the board screen. A step whose
 * element is not on this board (a viewer has no toolbox, an embed no share button) is left out.
 */
export const TOUR_STEPS: readonly TourStep[] = [
  {
    id: 'toolbox',
    target: '.tb-toolbox',
    title: 'Your tools',
    text: 'Draw, write, add shapes and sticky notes from the toolbox. The swatch at its foot sets colour, width and font.',
  },
  {
    id: 'menu',
    target: '[aria-label="Main menu"]',
    title: 'The main menu',
    text: 'Board settings, keyboard shortcuts, export, and clearing or deleting the board are in here.',
  },
  {
    id: 'share',
    target: '[data-tour="share"]',
    title: 'Invite your team',
    text: 'Share the link or invite people by e-mail, and choose whether they may view, comment or edit.',
  },
  {
    id: 'members',
    target: '.tb-members',
    title: "Who's here",
    text: 'Everyone on the board right now. Open the list to find someone or follow what they see.',
  },
  {
    id: 'zoom',
    target: '.tb-zoom-value',
    title: 'Zoom and fit',
    text: 'Zoom in and out, or fit the whole board on the screen. Hold Space and drag to move around.',
  },
  {
    id: 'help',
    target: '[data-tour="help"]',
    title: 'Help is here',
    text: 'Keyboard shortcuts, tips, this overview and the documentation are always one click away.',
  },
];
