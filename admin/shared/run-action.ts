import { reportFailure, toast } from '../../ui';
import type { ActionAnswer } from '../api';

/**
 * Runs an operator action: the spec's toast on success (the server's `message`, else
 * `fallback`), the one failure path otherwise. Resolves to whether it succeeded.
 */
export async function runAction(call: () => Promise<ActionAnswer | undefined | void>, fallback: string): Promise<boolean> {
  try {
    const answer = await call();
    toast.success((answer && typeof answer.message === 'string' && answer.message) || fallback);
    return true;
  } catch (err) {
    reportFailure(err);
    return false;
  }
}
