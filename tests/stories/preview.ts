import { setProjectAnnotations } from '@storybook/react';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import preview from '../../.storybook/preview';
import { auth, toast } from '../../ui';

/** Stories render in the tests as in Storybook: same decorators (stylesheets, toast layer). */
setProjectAnnotations(preview);

// the machine is shared with other test stages: findBy/waitFor allow for a slow render (default 1 s)
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  toast.clear();
  auth.clear();
});
