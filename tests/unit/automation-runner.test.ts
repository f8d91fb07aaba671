import { resolveObjectURL } from 'node:buffer';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { harness, type Harness } from './sdk/helpers';
import { POLICY } from '../../shared/policies';
import type { FrameShape, StickyNoteShape } from '../../shared/model';
import { createBoardMethods } from '../../sdk/board-methods';
import type { SyncClient } from '../../sdk/sync/sync-client';
import { AUTOMATION_EXAMPLES } from '../../sdk/automation/examples';
import { AUTOMATION_TEXT } from '../../sdk/automation/messages';
import { runScript, type LogEntry, type RunOptions } from '../../sdk/automation/runner';
import { BLOCKED_GLOBALS, MAX_LOG_MESSAGES } from '../../sdk/automation/worker-source';
import { outcomeLines } from '../../sdk/ui/automation-panel';
import { validateMoves, validateUpdates } from '../../shared/embed';

/**
 * Automation scripts end to end in Node: the runner (sdk/automation/runner.ts) makes the worker's
 * Blob source as in the browser; a stand-in Worker runs that source in a fresh V8 context whose
 * global has the worker scope's network functions, so the prelude really removes them, the
 * `board` RPC really crosses a message boundary (structured clones), and the calls land on the
 * real board methods (sdk/board-methods.ts) of a headless editor.
 */
class ContextWorker extends EventTarget {
  private terminated = false;
  private readonly listeners: Array<(event: { data: unknown }) => void> = [];

  constructor(url: string) {
    super();
    const blob = resolveObjectURL(url);
    if (!blob) throw new Error('no blob');
    void blob.text().then((source) => this.start(url, source));
  }

  private start(url: string, source: string) {
    const scope: Record<string, unknown> = {
      location: { href: url },
      postMessage: (data: unknown) => {
        const copy = structuredClone(data);
        setTimeout(() => !this.terminated && this.dispatchEvent(Object.assign(new Event('message'), { data: copy })));
      },
      addEventListener: (type: string, fn: (event: { data: unknown }) => void) => {
        if (type === 'message') this.listeners.push(fn);
      },
      setTimeout,
      clearTimeout,
    };
    // what a worker scope has: the prelude must take these away
    for (const name of BLOCKED_GLOBALS)
      scope[name] = name === 'indexedDB' || name === 'caches' ? { open: () => 'opened' } : () => 'reached';
    const context = vm.createContext(scope);
    vm.runInContext('globalThis.self = globalThis;', context);
    try {
      vm.runInContext(source, context, { filename: url });
    } catch (error) {
      const line = Number(/:(\d+)\s*$/m.exec(String((error as Error).stack).split('\n')[0] ?? '')?.[1]);
      this.dispatchEvent(Object.assign(new Event('error', { cancelable: true }), { message: `Uncaught ${String(error)}`, lineno: line }));
    }
  }

  postMessage(data: unknown) {
    const copy = structuredClone(data);
    setTimeout(() => {
      if (!this.terminated) for (const fn of this.listeners) fn({ data: copy });
    });
  }

  terminate() {
    this.terminated = true;
  }
}

const note = (id: string, x: number, y: number, color: string): StickyNoteShape => ({
  id,
  cmd: 'stickyNote',
  uid: 'me',
  timestamp: 1,
  text: id,
  x,
  y,
  w: 100,
  h: 100,
  color,
  size: 'M',
  fontSize: 16,
});
const frame = (id: string, x: number, title: string): FrameShape => ({
  id,
  cmd: 'frame',
  uid: 'me',
  timestamp: 1,
  x,
  y: 0,
  w: 200,
  h: 150,
  color: '#888888',
  title,
  order: 1,
  children: [],
});

function board(options: Parameters<typeof harness>[0] = {}) {
  const h = harness({ policies: [POLICY.appAutomation, POLICY.frames], ...options });
  const sync = { uid: 'me', members$: { value: [] } } as unknown as SyncClient;
  const methods = createBoardMethods(h.editor, sync, {
    uid: () => 'me',
    ready: Promise.resolve(),
    info: () => ({ code: 'b1', boardName: 'Board', uid: 'me', role: 'Owner', whiteLabel: false }),
  });
  return { h, methods };
}

async function run(h: Harness, methods: RunOptions['methods'], code: string, extra: Partial<RunOptions> = {}) {
  const logs: LogEntry[] = [];
  const outcome = await runScript(code, {
    methods,
    onLog: (e) => logs.push(e),
    createWorker: (url) => new ContextWorker(url) as unknown as Worker,
    ...extra,
  }).done;
  return { outcome, logs, texts: logs.map((l) => l.text) };
}

const example = (id: string) => AUTOMATION_EXAMPLES.find((e) => e.id === id)!.code;

describe('automation examples through the board API', () => {
  it('arranges sticky notes into one column per colour, as one undoable move', async () => {
    const { h, methods } = board();
    const yellow = '#fff59d';
    const pink = '#f8bbd0';
    h.editor.load(
      {
        shapes: [note('y1', 40, 300, yellow), note('p1', 500, 20, pink), note('y2', 700, 400, yellow), note('p2', 90, 600, pink)],
      } as never,
      [],
    );
    const { outcome, texts } = await run(h, methods, example('arrange-stickies'));
    expect(outcome.status).toBe('finished');
    const at = (id: string) => {
      const s = h.editor.doc.get(id) as StickyNoteShape;
      return [s.x, s.y];
    };
    // leftmost first: yellow (x 40) is column 1, pink column 2; 20 px gaps; top-left of the notes (40, 20)
    expect(at('y1')).toEqual([40, 20]);
    expect(at('y2')).toEqual([40, 140]);
    expect(at('p1')).toEqual([160, 20]);
    expect(at('p2')).toEqual([160, 140]);
    expect(h.sent.map((c) => c.cmd)).toEqual(['reposition']);
    expect(texts).toContain('Arranged 4 sticky notes in 2 column(s).');
    h.editor.undo();
    expect(at('p2')).toEqual([90, 600]);
  });

  it('numbers the frames left to right in one change, and again keeps one number', async () => {
    const { h, methods } = board();
    h.editor.load({ shapes: [frame('c', 600, 'Ideas'), frame('a', 0, ''), frame('b', 300, '7. Done')] } as never, []);
    expect((await run(h, methods, example('number-frames'))).outcome.status).toBe('finished');
    const titles = () => ['a', 'b', 'c'].map((id) => (h.editor.doc.get(id) as FrameShape).title);
    expect(titles()).toEqual(['1', '2. Done', '3. Ideas']);
    expect(h.sent.map((c) => c.cmd)).toEqual(['commandSet']);
    await run(h, methods, example('number-frames'));
    expect(titles()).toEqual(['1', '2. Done', '3. Ideas']);
  });

  it('counts shapes by kind: logs and a result', async () => {
    const { h, methods } = board();
    h.editor.load({ shapes: [note('n1', 0, 0, '#fff59d'), note('n2', 0, 0, '#fff59d'), frame('f', 0, 'F')] } as never, []);
    const { outcome, texts } = await run(h, methods, example('count-shapes'));
    expect(texts).toEqual(['stickyNote: 2', 'frame: 1']);
    expect(outcome).toMatchObject({ status: 'finished', result: '{"stickyNote":2,"frame":1}' });
  });
});

describe('the script worker', () => {
  it('has no network: fetch, XMLHttpRequest, WebSocket, indexedDB … throw', async () => {
    const { h, methods } = board();
    for (const name of BLOCKED_GLOBALS) {
      const code = name === 'indexedDB' || name === 'caches' ? `${name}.open('x');` : `${name}('x');`;
      const { outcome } = await run(h, methods, code);
      expect(outcome).toEqual({ status: 'failed', message: `${AUTOMATION_TEXT.network} (${name} is disabled).`, line: 1 });
    }
    const { outcome } = await run(h, methods, 'self.fetch = () => 1;\nreturn typeof self.fetch;');
    expect(outcome.status).toBe('failed');
  });

  it('reports the line of a syntax error and of a thrown error', async () => {
    const { h, methods } = board();
    const syntax = await run(h, methods, 'const a = 1;\nconst = 2;');
    expect(syntax.outcome).toMatchObject({ status: 'failed', line: 2 });
    const thrown = await run(h, methods, 'console.log("one");\n\nthrow new Error("boom");');
    expect(thrown.outcome).toEqual({ status: 'failed', message: 'boom', line: 3 });
    expect(thrown.texts).toEqual(['one']);
  });

  it("passes a board method's refusal to the script as an error it can catch", async () => {
    const { h, methods } = board();
    h.editor.load({ shapes: [note('n', 0, 0, '#fff59d'), { ...note('l', 0, 0, '#fff59d'), lock: true }] } as never, []);
    const { outcome, texts } = await run(
      h,
      methods,
      `try { await board.updateShapes([{ id: 'n', color: 'red' }]); } catch (e) { console.log(e.code, e.message); }
       await board.moveShapes([{ id: 'l', dx: 10, dy: 0 }, { id: 'n', dx: 5, dy: 5 }]);
       return (await board.getShapes()).map((s) => [s.id, s.x, s.y]);`,
    );
    expect(texts[0]).toMatch(/^invalid-color Invalid update at index 0/);
    // a locked shape stays; the other moves
    expect(outcome).toMatchObject({ status: 'finished', result: '[["n",5,5],["l",0,0]]' });
  });

  it('a viewer cannot change the board through a script', async () => {
    const { h, methods } = board({ permissions: ['view_chat'] });
    h.editor.load({ shapes: [note('n', 0, 0, '#fff59d')] } as never, []);
    const { outcome } = await run(h, methods, "await board.moveShapes([{ id: 'n', dx: 1, dy: 1 }]);");
    expect(outcome).toMatchObject({ status: 'failed', message: 'This participant cannot edit the board.' });
    expect(h.sent).toHaveLength(0);
  });

  it('stops a script that runs too long, on Stop, and past the call budget', async () => {
    const { h, methods } = board();
    const slow = await run(h, methods, 'await new Promise(() => {});', { timeoutMs: 150 });
    expect(slow.outcome).toEqual({ status: 'timeout' });
    const running = runScript('await new Promise(() => {});', {
      methods,
      onLog: () => undefined,
      createWorker: (url) => new ContextWorker(url) as unknown as Worker,
    });
    running.stop();
    expect(await running.done).toEqual({ status: 'stopped' });
    const many = await run(h, methods, 'for (let i = 0; i < 5; i++) await board.getShapes();', { maxCalls: 3 });
    expect(many.outcome).toEqual({ status: 'failed', message: AUTOMATION_TEXT.tooManyCalls(3) });
  });
});

describe('limits and texts', () => {
  it('a console flood stops at the cap; a forged log level is a plain line', async () => {
    const { h, methods } = board();
    const { logs } = await run(
      h,
      methods,
      `for (let i = 0; i < 5000; i++) console.log(i);
       self.postMessage({ type: 'log', level: 'x" onclick="', text: 'forged' });`,
    );
    expect(logs).toHaveLength(MAX_LOG_MESSAGES);
    const forged = await run(h, methods, `self.postMessage({ type: 'log', level: 'evil', text: 'forged' });`);
    expect(forged.logs).toEqual([{ level: 'log', text: 'forged' }]);
  });

  it('the board API checks moves and updates before anything changes', () => {
    expect(validateMoves([{ id: 'a', dx: 1, dy: -2 }])).toBeNull();
    expect(validateMoves([{ id: 'a', dx: Number.NaN, dy: 0 }])?.code).toBe('invalid-shapes');
    expect(validateMoves('a')?.code).toBe('invalid-shapes');
    expect(
      validateUpdates([
        { id: 'a', text: 'x' },
        { id: 'b', color: '#00ff00' },
      ]),
    ).toBeNull();
    expect(validateUpdates([{ id: 'a' }])?.message).toMatch(/give text or color/);
    expect(validateUpdates([{ id: 'a', color: 'red' }])?.code).toBe('invalid-color');
    expect(validateUpdates([{ id: 'a', text: 'x'.repeat(10_001) }])?.code).toBe('invalid-shapes');
  });

  it('an outcome reads as the panel shows it', () => {
    expect(outcomeLines({ status: 'timeout' })).toEqual([{ level: 'error', text: 'Script stopped: it ran longer than 10 s' }]);
    expect(outcomeLines({ status: 'finished', ms: 12, result: '3' }).map((l) => l.text)).toEqual(['Result: 3', 'Script finished in 12 ms']);
    expect(outcomeLines({ status: 'failed', message: 'boom', line: 4 })[0]!.text).toBe('Error on line 4: boom');
  });
});

describe('the automation action', () => {
  it('is Shift+F2, needs the app-automation policy and edit rights, and opens the panel', () => {
    const asks: string[] = [];
    const on = harness({ policies: [POLICY.appAutomation] });
    on.editor.ui$.subscribe((r) => asks.push(r.kind));
    const action = on.editor.actions.get('automation')!;
    expect(on.editor.actions.keysOf('automation')).toEqual(['Shift+F2']);
    expect(action.group).toBe('tools');
    expect(action.enabled({ editor: on.editor })).toBe(false); // headless: no panel to open
    // the same gate on a board with a screen: the policy and edit_board
    const screen = (policies: string[], permissions = ['edit_board']) => {
      const h = harness({ policies, permissions });
      Object.defineProperty(h.editor, 'headless', { value: false });
      return action.enabled({ editor: h.editor });
    };
    expect(screen([POLICY.appAutomation])).toBe(true);
    expect(screen([])).toBe(false);
    expect(screen([POLICY.appAutomation], ['view_chat'])).toBe(false);
    action.perform({ editor: on.editor });
    expect(asks).toEqual(['automation']);
  });
});
