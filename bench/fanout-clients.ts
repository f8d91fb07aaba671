/**
 * A client process of bench/fanout.bench.ts: hosts a share of the hub clients (lean ones: the nes
 * protocol over bare ws, events read from their raw frames, see lean-hub-client.ts), so that
 * ~40,000 deliveries/s cost the load generator little. Each command carries its send time (epoch ms
 * with sub-ms precision, `shape.metadata.t`); the receiving process computes the latency with
 * the same clock (one machine), keeps it when the command was sent in the measured window, and
 * reports the latencies to the parent at the end, after every client here received every stored
 * command but its own (or a minute passed: `missing` says how many never came).
 */
import crypto from 'node:crypto';
import type { Command } from '../shared/model';
import { pause } from './support/time';
import { LeanHubClient } from './lean-hub-client';

export interface WorkerClient {
  url: string;
  uid: string;
  sender: boolean;
  /** moves its cursor (collaboratorsCursorMoved through `messaging`) at `cursorRate` per second */
  cursor?: boolean;
  /** 0–1: where in the send period this sender fires */
  phase: number;
}
export type ToWorker =
  | { type: 'start'; code: string; clients: WorkerClient[]; rate: number; cursorRate?: number }
  | { type: 'go'; measureFrom: number; measureUntil: number }
  | { type: 'stop' }
  /** every client must receive every command but its own: `totalSent` in all */
  | { type: 'drain'; totalSent: number };
export type FromWorker =
  | { type: 'ready' }
  /** senders stopped, every send answered: how many commands this process's clients got stored */
  | { type: 'stopped'; sentAll: number }
  | {
      type: 'result';
      latencies: number[];
      acks: number[];
      sent: number;
      errors: number;
      errorSamples: string[];
      cpuMs: number;
      receivedAll: number;
      missing: number;
      cursorsSent: number;
      cursorsDropped: number;
      cursorsReceived: number;
      cursorFrames: number;
      cursorLatencies: number[];
    };

const now = () => performance.timeOrigin + performance.now();
/** Resolves once the message is handed to the IPC channel (a large result must not be cut by exit). */
const send = (message: FromWorker) =>
  new Promise<void>((resolve, reject) => process.send!(message, undefined, {}, (err) => (err ? reject(err) : resolve())));

let hubs: LeanHubClient[] = [];
let code = '';
let stop = false;
let loops: Array<Promise<void>> = [];
let startLoops: () => void = () => {};
const latencies: number[] = [];
const acks: number[] = [];
let sent = 0;
let errors = 0;
/** the first refusals' messages, shown with the figures: a refused send is never silent */
const errorSamples: string[] = [];
let window = { from: Infinity, until: -Infinity };
/** from 'go' to 'stop': this process's CPU and every command it received */
let cpuAtGo: NodeJS.CpuUsage | null = null;
let cpuUsed: NodeJS.CpuUsage | null = null;
let receivedAll = 0;
let receivedAtStop = 0;
/** since the start: commands received by all clients here, and per client the commands it got stored */
let receivedEver = 0;
const storedBy: number[] = [];
const calls: Array<Promise<unknown>> = [];
const inWindow = (t: number) => t >= window.from && t < window.until;
/**
 * cursor moves sent in the measured window, refused by the node's 50 ms throttle, and received
 * meanwhile: the moves (a batch carries several) and the onEventReceived frames that carried them
 */
let cursorsSent = 0;
let cursorsDropped = 0;
let cursorsReceived = 0;
let cursorFrames = 0;
/** move → receipt (ms) of the moves sent in the window, at every CURSOR_SAMPLE-th client of a process (enough for a p99) */
const cursorLatencies: number[] = [];
const CURSOR_SAMPLE = 10;

function command(uid: string): Command {
  const id = `b${crypto.randomBytes(8).toString('hex')}`;
  const ts = Date.now();
  return {
    id,
    uid,
    status: 'normal',
    timestamp: ts,
    cmd: 'rectangle',
    shape: {
      id: `s-${id}`,
      cmd: 'rectangle',
      uid,
      timestamp: ts,
      x: 10,
      y: 10,
      w: 40,
      h: 30,
      stroke: '#000000',
      lineWidth: 2,
      metadata: { t: now() },
    },
  } as Command;
}

/** The frame of an onCommand event (the node's event writer makes exactly this prefix). */
const ON_COMMAND = Buffer.from('{"type":"update","message":{"event":"onCommand"');
const T_KEY = Buffer.from('"t":');
/** The frame of a channel event (cursor moves arrive as onEventReceived). */
const ON_EVENT = Buffer.from('{"type":"update","message":{"event":"onEventReceived"');
/** One move in a cursor frame: its sender (a batch's own `from` is null). */
const FROM_MEMBER = Buffer.from('"from":{');

/** How many times `needle` occurs in `frame`. */
function count(frame: Buffer, needle: Buffer): number {
  let n = 0;
  for (let at = frame.indexOf(needle); at >= 0; at = frame.indexOf(needle, at + needle.length)) n++;
  return n;
}

/** The send times the moves of a cursor frame carry (`data.t`, the frame's only "t" keys). */
function moveTimesOf(frame: Buffer): number[] {
  const times: number[] = [];
  for (let at = frame.indexOf(T_KEY); at >= 0; at = frame.indexOf(T_KEY, at + T_KEY.length)) {
    const t = sendTimeOf(frame.subarray(at));
    if (t !== null) times.push(t);
  }
  return times;
}

/** The send time a command carries (`shape.metadata.t`, the only "t" key), read from the raw frame. */
function sendTimeOf(frame: Buffer): number | null {
  const at = frame.indexOf(T_KEY);
  if (at < 0) return null;
  let end = at + T_KEY.length;
  while (end < frame.length && frame[end] !== 0x2c && frame[end] !== 0x7d) end++; // up to ',' or '}'
  const t = Number(frame.toString('latin1', at + T_KEY.length, end));
  return Number.isFinite(t) ? t : null;
}

process.on('message', async (message: ToWorker) => {
  if (message.type === 'start') {
    code = message.code;
    for (const [i, c] of message.clients.entries()) {
      const hub = await LeanHubClient.connect(c.url);
      await hub.call('joinBoard', null, code, null, { uid: c.uid, name: c.uid });
      const sampled = i % CURSOR_SAMPLE === 0;
      hub.onEvent = (frame) => {
        if (frame.subarray(0, ON_EVENT.length).equals(ON_EVENT)) {
          const at = now();
          if (inWindow(at)) {
            cursorFrames++;
            cursorsReceived += count(frame, FROM_MEMBER);
          }
          if (sampled) for (const t of moveTimesOf(frame)) if (inWindow(t)) cursorLatencies.push(at - t);
          return;
        }
        if (!frame.subarray(0, ON_COMMAND.length).equals(ON_COMMAND)) return;
        receivedEver++;
        if (cpuAtGo) receivedAll++;
        const t = sendTimeOf(frame);
        if (t !== null && inWindow(t)) latencies.push(now() - t);
      };
      hubs.push(hub);
    }
    const { clients, rate, cursorRate = 20 } = message;
    startLoops = () => {
      loops = clients.flatMap((c, i) =>
        c.sender ? [senderLoop(hubs[i]!, i, c.uid, rate, c.phase)] : c.cursor ? [cursorLoop(hubs[i]!, cursorRate, c.phase)] : [],
      );
    };
    await send({ type: 'ready' });
  } else if (message.type === 'go') {
    window = { from: message.measureFrom, until: message.measureUntil };
    cpuAtGo = process.cpuUsage();
    startLoops();
  } else if (message.type === 'stop') {
    stop = true;
    cpuUsed = process.cpuUsage(cpuAtGo ?? undefined);
    receivedAtStop = receivedAll;
    await Promise.all(loops);
    await Promise.allSettled(calls);
    await send({ type: 'stopped', sentAll: storedBy.reduce((n, k) => n + (k ?? 0), 0) });
  } else if (message.type === 'drain') {
    // wait for the backlog: every client gets every stored command but its own (at most a minute)
    const expected = hubs.reduce((n, _h, i) => n + message.totalSent - (storedBy[i] ?? 0), 0);
    const deadline = Date.now() + 60_000;
    while (receivedEver < expected && Date.now() < deadline) await pause(200);
    const cpu = cpuUsed ?? process.cpuUsage(cpuAtGo ?? undefined);
    await send({
      type: 'result',
      latencies,
      acks,
      sent,
      errors,
      errorSamples,
      cpuMs: (cpu.user + cpu.system) / 1000,
      receivedAll: receivedAtStop,
      missing: Math.max(0, expected - receivedEver),
      cursorsSent,
      cursorsDropped,
      cursorsReceived,
      cursorFrames,
      cursorLatencies,
    });
    await Promise.all(hubs.map((h) => h.close()));
    hubs = [];
    process.exit(0);
  }
});

/** RATE commands/s, phase-shifted by `phase` (0–1) of the period so senders do not fire together. */
async function senderLoop(hub: LeanHubClient, index: number, uid: string, rate: number, phase: number): Promise<void> {
  const period = 1000 / rate;
  await pause(period * phase);
  let next = performance.now();
  while (!stop) {
    const c = command(uid);
    const t0 = (c as unknown as { shape: { metadata: { t: number } } }).shape.metadata.t;
    const counted = inWindow(t0);
    if (counted) sent++;
    calls.push(
      hub.call('sendCommand', code, c).then(
        () => {
          storedBy[index] = (storedBy[index] ?? 0) + 1;
          if (counted) acks.push(now() - t0);
        },
        (err: unknown) => {
          errors++;
          if (errorSamples.length < 5) errorSamples.push(String((err as { message?: unknown } | null)?.message ?? err));
        },
      ),
    );
    next += period;
    await pause(Math.max(0, next - performance.now()));
  }
}

/** A pointer moving at `rate` per second (collaboratorsCursorMoved, as the SDK sends it), phase-shifted like the senders. */
async function cursorLoop(hub: LeanHubClient, rate: number, phase: number): Promise<void> {
  const period = 1000 / rate;
  await pause(period * phase);
  let next = performance.now();
  let step = 0;
  while (!stop) {
    step++;
    const counted = inWindow(now());
    if (counted) cursorsSent++;
    calls.push(
      hub
        .call('messaging', code, '', '', {
          name: 'collaboratorsCursorMoved',
          data: { x: 100 + (step % 400), y: 200 + ((step * 7) % 300), t: now() },
        })
        .then(
          (answer) => {
            if (counted && (answer as { dropped?: boolean } | null)?.dropped) cursorsDropped++;
          },
          (err: unknown) => {
            errors++;
            if (errorSamples.length < 5) errorSamples.push(`cursor: ${String((err as { message?: unknown } | null)?.message ?? err)}`);
          },
        ),
    );
    next += period;
    await pause(Math.max(0, next - performance.now()));
  }
}
