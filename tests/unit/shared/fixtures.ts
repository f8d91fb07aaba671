import type { Command, Shape } from '../../../shared/model';

let n = 0;
/** A command with defaults: confirmed with the given seq when `seq` is passed. */
export function cmd<C extends Command>(fields: Partial<C> & { cmd: C['cmd'] } & Record<string, unknown>, uid = 'alice', seq?: number): C {
  n++;
  return { id: `c${n}`, uid, status: 'normal', timestamp: 1000 + n, ...(seq != null ? { seq } : {}), ...fields } as unknown as C;
}

export function rect(id: string, x = 0, y = 0, w = 10, h = 10, uid = 'alice'): Shape {
  return { id, cmd: 'rectangle', uid, timestamp: 1, x, y, w, h, stroke: '#000000', lineWidth: 2 };
}

export function add(shape: Shape, uid = shape.uid, seq?: number): Command {
  return cmd({ cmd: shape.cmd, shape } as never, uid, seq);
}
