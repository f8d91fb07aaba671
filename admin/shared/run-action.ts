import { reportFailure, toast } from '../../ui';

/**
 * Runs an operator action: the spec's toast on success (the server's `message` when its answer
 * has one — admin/api.ts types each — else `fallback`), the one failure path otherwise. Resolves
 * to whether it succeeded.
 */
export async function runAction(call: () => Promise<object | undefined | void>, fallback: string): Promise<boolean> {
  try {
    const answer = await call();
    const message = answer && 'message' in answer && typeof answer.message === 'string' ? answer.message : '';
    toast.success(message || fallback);
    return true;
  } catch (err) {
    reportFailure(err);
    return false;
  }
}
