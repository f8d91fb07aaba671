import Boom from '@hapi/boom';
import Joi from 'joi';
import { badRequest, fieldError, joiToFieldErrors } from '../core/errors';
import { inputRefusal } from '../core/input-guard';
import type { HubMethodDef, MethodContext } from './methods/define';
import { checkSocketSession } from './reauth';

const validation = { abortEarly: false, errors: { wrap: { label: false } } } as const;

const envelopeSchema = Joi.object({
  method: Joi.string().max(50).required(),
  args: Joi.array().max(10).default([]),
})
  .required()
  .label('message');

interface Compiled {
  def: HubMethodDef;
  schema: Joi.ObjectSchema;
}

/**
 * Turns `client.message({ method, args })` into a call of one registered hub method: the
 * envelope and then each positional argument are validated with joi; a bad message answers
 * a 400 in the one error envelope (`{ message, errors: { param: [text] } }`) and the socket
 * stays open. Anything unexpected is logged and answered as a generic 500, never thrown at nes
 * (which would drop the socket).
 */
export function createDispatcher(methods: readonly HubMethodDef[]) {
  const table = new Map<string, Compiled>(methods.map((def) => [def.name, { def, schema: Joi.object(Object.fromEntries(def.params)) }]));

  return async function dispatch(ctx: MethodContext, message: unknown): Promise<unknown> {
    let name = 'message';
    try {
      // the socket's token may have expired or been revoked since it connected (realtime/reauth.ts)
      await checkSocketSession(ctx);
      const envelope = envelopeSchema.validate(message, validation);
      if (envelope.error) throw invalid(envelope.error);
      const { method, args } = envelope.value as { method: string; args: unknown[] };
      const compiled = table.get(method);
      if (!compiled) throw fieldError('method', `Unknown hub method '${method}'.`);
      const { def, schema } = compiled;
      name = def.name;
      if (args.length > def.params.length) throw fieldError('args', `${def.name} takes at most ${def.params.length} arguments.`);
      const named = Object.fromEntries(def.params.map(([param], i) => [param, args[i] ?? undefined]));
      const refusal = inputRefusal(named);
      if (refusal) throw refusal;
      const { value, error } = schema.validate(named, validation);
      if (error) throw invalid(error);
      return (await def.run(ctx, value)) ?? null;
    } catch (err) {
      // whatever happens, nes gets a Boom answer: an error thrown at it would end the process
      throw answerOf(err, ctx, name);
    }
  };
}

function invalid(error: Joi.ValidationError): Boom.Boom {
  const errors = joiToFieldErrors(error);
  return badRequest(Object.values(errors)[0]?.[0] ?? 'Invalid message.', errors);
}

/** A Boom answer for nes: 4xx as they are; 5xx and unknown errors logged with the method. */
function answerOf(err: unknown, ctx: MethodContext, method: string): Boom.Boom {
  if (Boom.isBoom(err) && err.output.statusCode < 500) return err;
  ctx.app.logger.error({ err, method, connectionId: ctx.socket.id }, 'hub method failed');
  return Boom.internal('Something went wrong! Our team has been informed.');
}
