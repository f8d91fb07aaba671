import { BehaviorSubject, Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ActionRegistry } from '../../../sdk/actions/registry';
import { startPerfLog, SPEED_DELAY_MS, type PerfRecord } from '../../../sdk/telemetry/perf-log';
import { MAX_SCRIPT_ERRORS, reportScriptErrors, type ClientLog } from '../../../sdk/telemetry/script-errors';
import { MAX_RECORDS_PER_FLUSH, startUsageLog, type UsageRecord } from '../../../sdk/telemetry/usage';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('performance records (POST /api/logs/perfs)', () => {
  function setup(latency = { samples: [40, 60, 50, 50], average: 50, slow: false }) {
    let clock = 1000;
    const state$ = new BehaviorSubject<{ phase: string; error?: string }>({ phase: 'connecting' });
    const sent: PerfRecord[] = [];
    const stop = startPerfLog(state$, {
      board: 'abcdefghijkl',
      version: '1.72.6',
      server: 'http://tabula.test',
      inHostPage: false,
      send: async (r) => sent.push(r),
      latency: async () => latency,
      now: () => clock,
    });
    return { state$, sent, stop, tick: (ms: number) => (clock += ms) };
  }

  it('records the join time once, then the latency test a moment later', async () => {
    const { state$, sent, tick, stop } = setup();
    tick(120);
    state$.next({ phase: 'joined' });
    tick(300);
    state$.next({ phase: 'online' });
    expect(sent).toEqual([
      expect.objectContaining({ type: 'Join', board: 'abcdefghijkl', ver: '1.72.6', payload: { joinMs: 420, joinedMs: 120 } }),
    ]);
    expect(sent[0]!.sessionId).toMatch(/.{8,}/);
    await vi.advanceTimersByTimeAsync(SPEED_DELAY_MS);
    expect(sent.map((r) => r.type)).toEqual(['Join', 'Speed']);
    expect(sent[1]!.payload).toEqual({ samples: '40, 60, 50, 50', average: 50 });
    // every record of one board session carries the same session id
    expect(new Set(sent.map((r) => r.sessionId)).size).toBe(1);
    stop();
  });

  it('a slow network (average over 150 ms) is recorded as SlowNetwork too', async () => {
    const { state$, sent, stop } = setup({ samples: [180, 200, 170, 190], average: 185, slow: true });
    state$.next({ phase: 'online' });
    await vi.advanceTimersByTimeAsync(SPEED_DELAY_MS);
    expect(sent.map((r) => r.type)).toEqual(['Join', 'Speed', 'SlowNetwork']);
    expect(sent[2]!.payload).toEqual({ average: 185, threshold: 150 });
    stop();
  });

  it('a reconnect is recorded with how long the board was away; a failure as Error', async () => {
    const { state$, sent, tick, stop } = setup();
    state$.next({ phase: 'online' });
    state$.next({ phase: 'reconnecting' });
    tick(2500);
    state$.next({ phase: 'online' });
    expect(sent.find((r) => r.type === 'Socket')!.payload).toEqual({ downMs: 2500 });
    // a second online without a drop records nothing more
    state$.next({ phase: 'online' });
    expect(sent.filter((r) => r.type === 'Socket')).toHaveLength(1);
    state$.next({ phase: 'failed', error: 'Failed to restore connection.' });
    expect(sent.find((r) => r.type === 'Error')!.payload).toEqual({ phase: 'reconnect', message: 'Failed to restore connection.' });
    stop();
  });

  it('after the board closes, the pending latency test sends nothing', async () => {
    const { state$, sent, stop } = setup();
    state$.next({ phase: 'online' });
    stop();
    await vi.advanceTimersByTimeAsync(SPEED_DELAY_MS * 2);
    expect(sent.map((r) => r.type)).toEqual(['Join']);
  });
});

describe('feature usage (POST /api/logs/usages)', () => {
  it('counts actions by how they were reached and tool choices, sent as one record per feature', async () => {
    const registry = new ActionRegistry([
      { id: 'undo', label: 'Undo', group: 'edit', defaultKeys: ['Ctrl+Z'], mutable: true, enabled: () => true, perform: () => {} },
      { id: 'never', label: 'Never', group: 'edit', defaultKeys: [], mutable: true, enabled: () => false, perform: () => {} },
    ]);
    const tool$ = new BehaviorSubject('select');
    const sent: UsageRecord[] = [];
    const usage = startUsageLog(registry.performed$, tool$, { board: 'abcdefghijkl', send: async (r) => sent.push(r), flushMs: 60_000 });
    const ctx = { editor: {} as never };
    registry.run(registry.get('undo')!, ctx, 'menu');
    registry.handleKey(
      { key: 'z', code: 'KeyZ', ctrlKey: true, shiftKey: false, altKey: false, metaKey: false, repeat: false } as never,
      ctx,
    );
    registry.run(registry.get('never')!, ctx, 'menu'); // disabled: not performed, not counted
    tool$.next('pen');
    tool$.next('pen');
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toEqual([
      { context: 'action:undo', data: { count: 2, via: { menu: 1, key: 1 }, board: 'abcdefghijkl' } },
      { context: 'tool:pen', data: { count: 2, via: { tool: 2 }, board: 'abcdefghijkl' } },
    ]);
    // counted afresh after a send; nothing used, nothing sent
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(2);
    usage.stop();
  });

  it('sends at most a few records at a time; the rest go with the next send or when the board closes', () => {
    const performed$ = new Subject<{ id: string; via: string }>();
    const sent: UsageRecord[] = [];
    const usage = startUsageLog(performed$, new BehaviorSubject('select'), { board: 'b', send: async (r) => sent.push(r) });
    for (let i = 0; i < MAX_RECORDS_PER_FLUSH + 3; i++) performed$.next({ id: `a${i}`, via: 'key' });
    usage.flush();
    expect(sent).toHaveLength(MAX_RECORDS_PER_FLUSH);
    usage.stop();
    expect(sent).toHaveLength(MAX_RECORDS_PER_FLUSH + 3);
  });
});

describe('script errors (POST /api/logs/clients)', () => {
  function fakeWindow() {
    const target = new EventTarget();
    const fire = (type: string, props: object) => target.dispatchEvent(Object.assign(new Event(type), props));
    return { target: target as unknown as Window, fire };
  }

  it('reports each uncaught error and unhandled rejection once, at most ten a page', () => {
    const { target, fire } = fakeWindow();
    const sent: ClientLog[] = [];
    const stop = reportScriptErrors(async (log) => sent.push(log), target);
    const boom = new Error('x is not a function');
    fire('error', {
      message: 'Uncaught TypeError: x is not a function',
      filename: 'http://t/static/board/main.js?v=1',
      lineno: 3,
      colno: 9,
      error: boom,
    });
    fire('error', {
      message: 'Uncaught TypeError: x is not a function',
      filename: 'http://t/static/board/main.js?v=1',
      lineno: 3,
      colno: 9,
      error: boom,
    });
    fire('unhandledrejection', { reason: new Error('network down') });
    expect(sent).toEqual([
      {
        level: 'error',
        context: 'script',
        message: 'Uncaught TypeError: x is not a function',
        data: { kind: 'error', source: 'http://t/static/board/main.js:3:9', stack: expect.stringContaining('x is not a function') },
      },
      { level: 'error', context: 'script', message: 'network down', data: { kind: 'rejection', stack: expect.any(String) } },
    ]);
    for (let i = 0; i < 20; i++) fire('error', { message: `error ${i}` });
    expect(sent).toHaveLength(MAX_SCRIPT_ERRORS);
    stop();
    fire('error', { message: 'after the board closed' });
    expect(sent).toHaveLength(MAX_SCRIPT_ERRORS);
  });
});
