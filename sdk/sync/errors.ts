import { HttpError } from './api';

/**
 * How the board's session reads a failure, whichever way it came: an HTTP answer (HttpError), a
 * hub method's refusal (nes `statusCode`, `data.message`) or the socket going away (nes `type`).
 */

export function statusOf(error: unknown): number | null {
  if (error instanceof HttpError) return error.status;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' ? status : null;
}

/** The socket went away (or the request never reached the server). */
export function isDisconnect(error: unknown): boolean {
  const type = (error as { type?: string } | null)?.type;
  return type === 'disconnect' || type === 'ws' || type === 'timeout' || error instanceof TypeError;
}

export function messageOf(error: unknown): string {
  const data = (error as { data?: { message?: string } } | null)?.data;
  if (data?.message) return data.message;
  return error instanceof Error ? error.message : String(error);
}

/** A hub call refused because the socket's token expired (401 'Token expired'). */
export function isTokenExpired(error: unknown): boolean {
  return statusOf(error) === 401 && /expired/i.test(messageOf(error));
}
