import { afterAll, afterEach, beforeAll } from 'vitest';
import type { BoardMessage } from '../../platform/realtime/bus';
import { HubClient } from '../helpers/hub';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { signedIn, type Who } from './boards-fixtures';

export interface HubSuite {
  /** a listening platform on a fresh database (sockets connect to `p.url`) */
  p: TestPlatform;
  /** a signed-in user on the team plan (Facilitator role and attention policies) */
  owner: Who;
  /** every bus message since the start, in order */
  published: Array<{ code: string; message: BoardMessage }>;
  app(): TestPlatform['server']['app'];
  /** a socket as `who` (a guest without), closed after the test */
  connect(who?: Who): Promise<HubClient>;
}

/**
 * Registers, in the calling file or describe block, a listening platform with a signed-in owner
 * and the bus recorded (beforeAll), closes the sockets a test opened with `connect` (afterEach)
 * and stops the platform (afterAll). Read the fields inside tests only.
 */
export function hubSuite(): HubSuite {
  const sockets: HubClient[] = [];
  const suite = {
    published: [],
    app: () => suite.p.server.app,
    async connect(who?: Who) {
      const c = await HubClient.connect(suite.p.url, { token: who?.token });
      sockets.push(c);
      return c;
    },
  } as unknown as HubSuite;
  beforeAll(async () => {
    suite.p = await startTestPlatform({}, { listen: true });
    suite.owner = await signedIn(suite.p, { plan: 'team', name: 'Olive Owner' });
    suite.p.server.app.bus.subscribe((code, message) => suite.published.push({ code, message }));
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
  });
  afterAll(async () => {
    await suite.p?.stop();
  });
  return suite;
}
