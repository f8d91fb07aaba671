import Boom from '@hapi/boom';
import type { Lifecycle, Request, ResponseToolkit, Server } from '@hapi/hapi';
import type { ValidationError } from 'joi';
import { fieldErrorsOf } from './model-schemas';
import { requestIdOf } from './access-log';

/**
 * The one error envelope (ARCHITECTURE.md): every 4xx answers
 * `{ message, errors?: { field: [text] } }`; nothing unexpected leaks as a bare 500 body.
 */
export type FieldErrors = Record<string, string[]>;

/** A 400 with field errors, e.g. `fieldError('username', 'Username is already taken.')`. */
export function badRequest(message: string, errors: FieldErrors = {}): Boom.Boom {
  const boom = Boom.badRequest(message);
  (boom.output.payload as unknown as Record<string, unknown>).errors = errors;
  return boom;
}

export function fieldError(field: string, text: string, message = text): Boom.Boom {
  return badRequest(message, { [field]: [text] });
}

/** Turns joi details into `{ field: [text] }` keyed by the spec's field names. */
export function joiToFieldErrors(error: ValidationError): FieldErrors {
  return fieldErrorsOf(error.details);
}

/** Route-level failAction: joi failures become the envelope's 400. */
export const failAction: Lifecycle.Method = (_request: Request, _h: ResponseToolkit, err?: Error) => {
  const joiError = err as (Error & { details?: ValidationError['details'] }) | undefined;
  if (joiError?.details) {
    const errors = joiToFieldErrors(joiError as unknown as ValidationError);
    const first = Object.values(errors)[0]?.[0] ?? 'Invalid request.';
    throw badRequest(first, errors);
  }
  throw err ?? Boom.badRequest();
};

/**
 * What an answer off its route's response schema does (RESPONSE_CHECK, docs/api.md "Wire types"):
 * 'strict' (the tests) refuses it, a 500 whose log names the route and the field; 'log'
 * (production) logs a warning and sends it as it is, so a schema slip never costs a 500.
 */
export function responseFailAction(mode: 'strict' | 'log'): Lifecycle.Method {
  return (request: Request, h: ResponseToolkit, err?: Error) => {
    const what = `${request.method.toUpperCase()} ${request.route.path} answered off its response schema: ${err?.message ?? 'invalid'}`;
    if (mode === 'strict') throw Boom.badImplementation(what);
    request.server.app.logger?.warn({ url: request.url.pathname, method: request.method, requestId: requestIdOf(request) }, what);
    return h.continue;
  };
}

/** Shapes every Boom answer into `{ message, errors }`; logs 5xx with the request context and id (a 5xx body also carries `requestId`). */
export function registerErrorEnvelope(server: Server): void {
  server.ext('onPreResponse', (request, h) => {
    const response = request.response;
    if (!Boom.isBoom(response)) return h.continue;
    const { statusCode } = response.output;
    const payload = response.output.payload as unknown as Record<string, unknown>;
    const requestId = statusCode >= 500 ? requestIdOf(request) : undefined;
    if (statusCode >= 500) {
      request.log(['error'], response);
      server.app.logger?.error({ err: response, url: request.url.pathname, method: request.method, requestId }, 'request failed');
    }
    const body: Record<string, unknown> = {
      statusCode,
      message: statusCode >= 500 ? 'Something went wrong! Our team has been informed.' : (payload.message ?? response.message),
    };
    if (payload.errors) body.errors = payload.errors;
    // a 5xx carries the request's id: what a user reports, and what the error line is found by
    if (requestId) body.requestId = requestId;
    if (response.data && typeof response.data === 'object' && statusCode < 500) Object.assign(body, response.data);
    const out = h.response(body).code(statusCode);
    for (const [k, v] of Object.entries(response.output.headers)) out.header(k, String(v));
    return out;
  });
}
