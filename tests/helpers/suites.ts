import { describe, it } from 'vitest';
import { checkNeeds, inCI, type Needs } from './services';

/**
 * `describe` for a suite that needs services (tests/helpers/services.ts): registered as usual with
 * them; without them one failing test in CI (CI=true), a skipped suite naming the reason locally.
 * Top-level await in the test file:
 * `await describeWithServices('two nodes…', { sharedDatabase: true, redisServer: true }, () => { … })`.
 */
export async function describeWithServices(name: string, needs: Needs, body: () => void): Promise<void> {
  const { missing, notHere } = await checkNeeds(needs);
  if (missing.length && inCI()) {
    describe(name, () => {
      it(`cannot run: missing ${missing.join(' and ')} (CI=true, so this fails instead of skipping)`, () => {
        throw new Error(`${name}: missing ${missing.join(' and ')}`);
      });
    });
    return;
  }
  const reason = [...(missing.length ? [`missing ${missing.join(' and ')}`] : []), ...(notHere ? [notHere] : [])].join('; ');
  if (reason) describe.skipIf(true)(`${name} [skipped: ${reason}]`, body);
  else describe(name, body);
}
