import { useEffect, useRef, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Command, Shape } from '../shared/model';
import { permissionsOf, type Role } from '../shared/permissions';
import { Editor } from '../sdk/editor/editor';
import { BOARD_MESSAGES } from '../sdk/sync/messages';
import { SyncClient } from '../sdk/sync/sync-client';
import type { BoardMember, Notice, SyncPhase } from '../sdk/sync/types';
import { BoardScreen } from '../sdk/ui/board-screen';
import { useBoardStyles } from '../sdk/ui/use-styles';

/**
 * The board screen in its states (board.md §2, §4): loading with a percent, an editor with a
 * selection and its property menu, a viewer, failed to load, board not found, the guest and the
 * owner start screens, a dropped connection, a crowded members menu. Each story runs the real
 * Editor and board screen with a real SyncClient that is not connected, put in the shown state.
 */
export interface BoardStoryProps {
  phase: SyncPhase;
  role: Role;
  signedIn?: boolean;
  percent?: number;
  error?: string;
  /** ids of shapes to select (shows the property menu) */
  select?: string[];
  /** show the start screens (guest: not named yet; owner: an empty new board) */
  startScreens?: boolean;
  empty?: boolean;
  members?: BoardMember[];
  notices?: Notice[];
  /** a developer app's client claim (embedded participant): hides background settings */
  client?: string;
  /** no canvas (jsdom has none): the tests render the stories this way */
  headless?: boolean;
}

const UID = 'story-ada';
const now = Date.UTC(2026, 0, 5, 10, 0, 0);
const STORY_SHAPES: Shape[] = [
  {
    id: 'pen-1',
    cmd: 'pen',
    uid: UID,
    timestamp: now,
    points: [120, 140, 180, 120, 240, 150, 300, 130, 360, 160],
    color: '#1155cc',
    lineWidth: 3,
    type: 'pen',
  },
  { id: 'rect-1', cmd: 'rectangle', uid: UID, timestamp: now, x: 420, y: 110, w: 180, h: 110, stroke: '#000000', lineWidth: 2 },
  {
    id: 'circle-1',
    cmd: 'filledCircle',
    uid: UID,
    timestamp: now,
    x: 720,
    y: 170,
    r: 60,
    stroke: '#ff9900',
    fill: '#ff9900',
    lineWidth: 2,
  },
  {
    id: 'note-1',
    cmd: 'stickyNote',
    uid: UID,
    timestamp: now,
    text: 'Ship the board',
    x: 140,
    y: 260,
    w: 170,
    h: 170,
    color: '#feff9c',
    size: 'M',
    fontSize: 24,
  },
  {
    id: 'text-1',
    cmd: 'text',
    uid: UID,
    timestamp: now,
    value: 'Sprint goals',
    x: 420,
    y: 300,
    color: '#000000',
    font: 'Open Sans',
    size: 30,
    align: 'left',
  },
  { id: 'arrow-1', cmd: 'arrow', uid: UID, timestamp: now, points: [420, 380, 640, 420], color: '#980000', lineWidth: 3, type: 'arrow' },
];
const commandsOf = (shapes: Shape[]): Command[] =>
  shapes.map(
    (shape, i) => ({ id: `c-${shape.id}`, uid: UID, status: 'normal', timestamp: now, seq: i + 1, cmd: shape.cmd, shape }) as Command,
  );

const MEMBERS: BoardMember[] = [
  { uid: UID, name: 'Ada Lovelace', isSelf: true, isOnline: true, timestamp: now },
  { uid: 'm-bo', name: 'Bo Chen', isOnline: true, timestamp: now - 1000 },
];

function BoardStory(props: BoardStoryProps) {
  const {
    phase,
    role,
    signedIn = true,
    percent = 0,
    error,
    select = [],
    startScreens = false,
    empty = false,
    members = MEMBERS,
    notices = [],
    headless = false,
    client,
  } = props;
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
    const sync = new SyncClient({ server: 'http://localhost', boardCode: 'story-board', uid: UID, target: editor, storage: null });
    editor.load(null, empty ? [] : commandsOf(STORY_SHAPES));
    sync.board$.next({ code: 'story-board', boardName: 'Sprint planning', isNew: empty, claims: { role, permissions } });
    sync.claims$.next({ role, permissions, policies: [], client: client ?? null });
    sync.members$.next(members);
    sync.state$.next({ phase, percent, ...(error ? { error } : {}) });
    editor.refreshPermissions();
    editor.select(select);
    setSession({ editor, sync });
    return () => {
      void sync.destroy();
      editor.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [phase, role, percent, error, select.join(), empty, headless, client]);

  // notices go out once the screen listens (like a live session's)
  useEffect(() => {
    if (!session) return;
    for (const n of notices) (session.sync.notices$ as { next(n: Notice): void }).next(n);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session]);

  return (
    <div style={{ position: 'relative', width: '100%', height: '100vh', minHeight: 560 }}>
      <BoardScreen
        editor={session?.editor ?? null}
        sync={session?.sync ?? null}
        canvasRef={canvasRef}
        server="http://localhost"
        signedIn={signedIn}
        embedded={false}
        guestNamed={!startScreens}
        features={{ startScreens }}
      />
    </div>
  );
}

const meta = {
  title: 'Board/Board screen',
  component: BoardStory,
} satisfies Meta<typeof BoardStory>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Loading the board: the overlay with the percent and a random message. */
export const Loading: Story = { args: { phase: 'loading', role: 'Editor', percent: 47 } };

/** An editor with a rectangle selected: toolbox, undo/redo, zoom bar and the property menu. */
export const EditorWithSelection: Story = { name: 'Editor', args: { phase: 'online', role: 'Editor', select: ['rect-1'] } };

/** A viewer: no toolbox, no undo/redo, a read-only board name; only panning. */
export const Viewer: Story = { args: { phase: 'online', role: 'Viewer' } };

/** The failed-to-load screen with Reload and Support. */
export const FailedToLoad: Story = {
  name: 'Failed to load',
  args: { phase: 'failed', role: 'Editor', error: BOARD_MESSAGES.connectFailed },
};

/** The board does not exist: Home and New Board. */
export const NotFound: Story = { name: 'Not found', args: { phase: 'notFound', role: 'Editor' } };

/** A guest who has not given a display name yet. */
export const GuestStart: Story = {
  name: 'Guest start screen',
  args: { phase: 'online', role: 'Editor', signedIn: false, startScreens: true },
};

/** The owner of a new, empty board. */
export const OwnerStart: Story = { name: 'Owner start screen', args: { phase: 'online', role: 'Owner', startScreens: true, empty: true } };

/** The same screen for a developer app's participant (client claim): no background choice. */
export const OwnerStartClient: Story = {
  name: 'Owner start screen (app participant)',
  args: { phase: 'online', role: 'Owner', startScreens: true, empty: true, client: 'app-client-id' },
};

/** The connection dropped: the board stays usable while it reconnects every 2 s. */
export const Reconnecting: Story = {
  args: {
    phase: 'reconnecting',
    role: 'Editor',
    notices: [{ key: 'connection', kind: 'warning', text: BOARD_MESSAGES.reconnecting, persistent: true }],
  },
};

/** Eight people online: five avatars (latest first) and the count. */
export const Crowded: Story = {
  args: {
    phase: 'online',
    role: 'Editor',
    members: ['Ada Lovelace', 'Bo Chen', 'Cy Young', 'Di Prince', 'Ed Stark', 'Flo Rida', 'Gus Fring', 'Hal Jordan'].map((name, i) => ({
      uid: `m-${i}`,
      name,
      isOnline: true,
      isSelf: i === 0,
      timestamp: now - i * 60_000,
    })),
  },
};

/** A text selected: font and size in the property menu. */
export const TextSelected: Story = { name: 'Text selected', args: { phase: 'online', role: 'Editor', select: ['text-1'] } };

/** A sticky note selected: its colour and size. */
export const StickySelected: Story = { name: 'Sticky note selected', args: { phase: 'online', role: 'Editor', select: ['note-1'] } };
