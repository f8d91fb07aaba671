import { setProjectAnnotations } from '@storybook/react';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import preview from '../../.storybook/preview';
import { auth, toast } from '../../ui';

/** Stories render in the tests as in Storybook: same decorators (stylesheets, toast layer). */
setProjectAnnotations(preview);

afterEach(() => {
  cleanup();
  toast.clear();
  auth.clear();
});
