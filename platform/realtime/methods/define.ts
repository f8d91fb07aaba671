import type { PluginProperties, ServerApplicationState } from '@hapi/hapi';
import type Joi from 'joi';
import type { HubMethod } from '../../../shared/hub';
import type { Hub } from '../hub';
import type { HubSocket } from '../session';

/**
 * What a hub method runs with: this node's hub, the calling socket, `server.app`, and
 * `server.plugins` (what the other domains' plugins expose: a method reaches a domain that itself
 * depends on boards, as comments does, through it rather than by importing its module).
 */
export interface MethodContext {
  hub: Hub;
  socket: HubSocket;
  app: ServerApplicationState;
  plugins: PluginProperties;
}

/**
 * One hub method (board.md §7): its positional parameters, each named and validated by joi
 * (a bad argument answers a 400 naming the parameter), and what it does.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table of methods holds each with its own argument type
export interface HubMethodDef<A = any> {
  name: HubMethod;
  params: ReadonlyArray<readonly [keyof A & string, Joi.Schema]>;
  run(ctx: MethodContext, args: A): Promise<unknown>;
}

export function defineMethod<A>(def: HubMethodDef<A>): HubMethodDef<A> {
  return def;
}
