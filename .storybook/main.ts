import type { StorybookConfig } from '@storybook/react-vite';

/** Storybook 10 (ESM): the shared widgets (ui/) and the panel screens (panel/). `npm run storybook`. */
const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  typescript: { reactDocgen: false },
};

export default config;
