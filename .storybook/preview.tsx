import type { Preview } from '@storybook/react-vite';
import { injectStyles, UiRoot } from '../ui';
import { PANEL_CSS } from '../panel/styles';

/** Every story gets the stylesheets and the toast/confirm layer, like the apps. */
const preview: Preview = {
  decorators: [
    (Story) => {
      injectStyles('tabula-panel-styles', PANEL_CSS);
      return (
        <>
          <UiRoot busyBar={false} />
          <Story />
        </>
      );
    },
  ],
  parameters: { layout: 'fullscreen' },
};

export default preview;
