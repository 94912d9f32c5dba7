// A vitest setup file (setupFiles): every test file of the workspace fails when its code tried to
// reach a host other than this machine, even if the code took the failure in its stride.
import { afterAll } from 'vitest';
import { blockOutboundNetwork, takeBlockedConnections } from './outbound-network.js';

blockOutboundNetwork();

afterAll(() => {
  const blocked = takeBlockedConnections();
  if (blocked.length > 0) throw new Error(`Tests tried to reach other hosts: ${blocked.map((c) => `${c.host}:${c.port}`).join(', ')}`);
});
