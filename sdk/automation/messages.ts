/**
 * The Automation panel's texts (board.md §1 "Automation technical preview"; the spec gives no
 * wording for it, so these are the product's own — docs/board-screen.md "Automation").
 */
export const AUTOMATION_TEXT = {
  title: 'Automation',
  preview: 'Technical preview',
  intro:
    'Write JavaScript that drives this board through the board API (the same calls an embedding app makes). Scripts run in your browser without network access, for at most 10 s.',
  scriptLabel: 'Script',
  examples: 'Examples',
  chooseExample: 'Choose an example…',
  run: 'Run',
  stop: 'Stop',
  clear: 'Clear output',
  close: 'Close automation panel',
  output: 'Output',
  noOutput: 'Run a script to see its output here.',
  running: 'Running…',
  started: 'Script started',
  finished: (ms: number) => `Script finished in ${ms} ms`,
  returned: 'Result:',
  stopped: 'Script stopped.',
  timeout: (seconds: number) => `Script stopped: it ran longer than ${seconds} s`,
  failed: (message: string, line?: number) => (line ? `Error on line ${line}: ${message}` : `Error: ${message}`),
  loadFailed: (message: string) => `Automation could not start: ${message}`,
  network: 'Network is not available to automation scripts',
  tooManyCalls: (max: number) => `Too many board calls: a script may make at most ${max}.`,
  truncated: (max: number) => `Output truncated: only the first ${max} lines are shown.`,
  unknownMethod: (name: string) => `board.${name} is not a board API method.`,
  shortcutHint: 'Ctrl+Enter runs the script.',
} as const;
