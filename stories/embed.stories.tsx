import { useEffect, useRef, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Command, Shape } from '../shared/model';
import { permissionsOf, type Role } from '../shared/permissions';
import { Editor } from '../sdk/editor/editor';
import { BOARD_MESSAGES } from '../sdk/sync/messages';
import { SyncClient } from '../sdk/sync/sync-client';
import type { SyncPhase } from '../sdk/sync/types';
import { BoardScreen } from '../sdk/ui/board-screen';
import { useBoardStyles } from '../sdk/ui/use-styles';

/**
 * The board component in the states a host sees (issue 5): loading, editor, viewer, embedded,
 * white-label and failed to load. Each story runs the real Editor and board screen; the session
 * is a real SyncClient that is not connected, put in the state the story shows.
 */
export interface BoardStateProps {
  phase: SyncPhase;
  role: Role;
  embedded?: boolean;
  whiteLabel?: boolean;
  /** load percent while loading */
  percent?: number;
  /** the reason of a failed load */
  error?: string;
  /** no canvas (jsdom has none): the tests render the stories this way */
  headless?: boolean;
}

const UID = 'story-ada';
const now = Date.UTC(2026, 0, 5, 10, 0, 0);
const SHAPES: Shape[] = [
  {
    id: 'frame-1',
    cmd: 'frame',
    uid: UID,
    timestamp: now,
    x: 60,
    y: 60,
    w: 620,
    h: 380,
    color: '#cccccc',
    title: 'Retro',
    order: 1,
    children: [],
  },
  {
    id: 'note-1',
    cmd: 'stickyNote',
    uid: UID,
    timestamp: now,
    text: 'Ship the embed SDK',
    x: 100,
    y: 120,
    w: 170,
    h: 170,
    color: '#feff9c',
    size: 'M',
    fontSize: 20,
  },
  {
    id: 'note-2',
    cmd: 'stickyNote',
    uid: UID,
    timestamp: now,
    text: 'Fewer meetings',
    x: 300,
    y: 120,
    w: 170,
    h: 170,
    color: '#a8d1ff',
    size: 'M',
    fontSize: 20,
  },
  { id: 'rect-1', cmd: 'rectangle', uid: UID, timestamp: now, x: 500, y: 150, w: 140, h: 100, stroke: '#1e88e5', lineWidth: 3 },
  {
    id: 'text-1',
    cmd: 'text',
    uid: UID,
    timestamp: now,
    value: 'What went well?',
    x: 100,
    y: 330,
    color: '#000000',
    font: 'Open Sans',
    size: 26,
    align: 'left',
  },
];
const COMMANDS: Command[] = SHAPES.map(
  (shape, i) => ({ id: `c-${shape.id}`, uid: UID, status: 'normal', timestamp: now, seq: i + 1, cmd: shape.cmd, shape }) as Command,
);

function BoardInState({ phase, role, embedded = false, whiteLabel = false, percent = 0, error, headless = false }: BoardStateProps) {
  useBoardStyles();
  const canvasRef = useRef<HTMLDivElement>(null);
  const [session, setSession] = useState<{ editor: Editor; sync: SyncClient } | null>(null);

  useEffect(() => {
    const permissions = permissionsOf(role);
    const editor = new Editor({
      container: canvasRef.current!,
      uid: UID,
      headless,
      permissions: () => ({ role, permissions, policies: new Set<string>() }),
    });
    const sync = new SyncClient({
      server: 'http://localhost',
      boardCode: 'story-board1',
      uid: UID,
      target: editor,
      storage: null,
      embedded,
    });
    editor.load(null, COMMANDS);
    editor.setBackground('dot');
    sync.board$.next({ code: 'story-board1', boardName: 'Team retro', claims: { role, permissions } });
    sync.claims$.next({ role, permissions, policies: [], client: embedded ? 'tc_story' : null });
    sync.members$.next([
      { uid: UID, name: 'Ada', isSelf: true, isOnline: true, role },
      { uid: 'story-bo', name: 'Bo', isOnline: true, role: 'Editor' },
    ]);
    sync.state$.next({ phase, percent, ...(error ? { error } : {}) });
    editor.refreshPermissions();
    setSession({ editor, sync });
    return () => {
      void sync.destroy();
      editor.destroy();
    };
  }, [phase, role, embedded, percent, error, headless]);

  return (
    <div style={{ position: 'relative', width: '100%', height: '100vh', minHeight: 480 }}>
      <BoardScreen
        editor={session?.editor ?? null}
        sync={session?.sync ?? null}
        canvasRef={canvasRef}
        server="http://localhost"
        signedIn={!embedded}
        embedded={embedded}
        guestNamed
        features={{ embedded, whiteLabel, notifications: embedded ? 'essential' : 'all', startScreens: false }}
      />
    </div>
  );
}

const meta = {
  title: 'Board/Embedding states',
  component: BoardInState,
} satisfies Meta<typeof BoardInState>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The loading overlay with its percent and a random message. */
export const Loading: Story = { args: { phase: 'loading', role: 'Editor', percent: 62 } };

/** An editor: board menu, undo/redo, the toolbox and the zoom bar. */
export const EditorRole: Story = { name: 'Editor', args: { phase: 'online', role: 'Editor' } };

/** A viewer: no toolbox, no undo/redo; only panning. */
export const Viewer: Story = { args: { phase: 'online', role: 'Viewer' } };

/** Embedded in a host app (embed.js): no share, new board, back or login; the menu says 'Tabula board'. */
export const Embedded: Story = { args: { phase: 'online', role: 'Editor', embedded: true } };

/** Embedded under the api-white-label policy: no Tabula branding. */
export const WhiteLabel: Story = { name: 'White-label', args: { phase: 'online', role: 'Editor', embedded: true, whiteLabel: true } };

/** The failed-to-load screen with Reload and Support. */
export const FailedToLoad: Story = {
  name: 'Failed to load',
  args: { phase: 'failed', role: 'Editor', error: BOARD_MESSAGES.connectFailed },
};
