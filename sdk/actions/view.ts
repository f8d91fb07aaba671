import { DEFAULT_KEY_BINDINGS } from '../../shared/constants';
import type { Action } from './registry';

const always: Action['enabled'] = () => true;

export const VIEW_ACTIONS: Action[] = [
  {
    id: 'zoomIn',
    label: 'Zoom in',
    group: 'view',
    defaultKeys: ['Ctrl+Equal', 'Ctrl+Plus'],
    mutable: true,
    repeat: true,
    enabled: always,
    perform: ({ editor }) => editor.zoomIn(),
  },
  {
    id: 'zoomOut',
    label: 'Zoom out',
    group: 'view',
    defaultKeys: ['Ctrl+Minus'],
    mutable: true,
    repeat: true,
    enabled: always,
    perform: ({ editor }) => editor.zoomOut(),
  },
  {
    id: 'zoomFit',
    label: 'Fit to screen',
    group: 'view',
    defaultKeys: [DEFAULT_KEY_BINDINGS.zoomFit],
    mutable: true,
    enabled: always,
    perform: ({ editor }) => editor.zoomToFit(),
  },
  {
    id: 'zoom100',
    label: 'Zoom to 100%',
    group: 'view',
    defaultKeys: [DEFAULT_KEY_BINDINGS.zoom100],
    mutable: true,
    enabled: always,
    perform: ({ editor }) => editor.zoomTo100(),
  },
  {
    id: 'fullscreen',
    label: 'Fullscreen',
    group: 'view',
    defaultKeys: [DEFAULT_KEY_BINDINGS.fullscreen],
    mutable: true,
    inTextField: true,
    enabled: () => typeof document !== 'undefined' && !!document.fullscreenEnabled,
    perform: ({ editor }) => editor.toggleFullscreen(),
  },
];
