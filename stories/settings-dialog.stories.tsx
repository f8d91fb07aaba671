import { useMemo } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Role } from '../shared/permissions';
import { POLICY } from '../shared/policies';
import { SettingsDialog } from '../sdk/ui/settings-dialog';
import { useStorySession } from './support/board-session';

/**
 * The settings dialog (board.md §2 width 400, §3, §4, §6, §9): background and its 10 colour
 * swatches (Owner, Facilitator), the upload setting (editors), snap to objects (the plan's
 * policy) and the Owner's dispose timer; a developer app's participant (client claim) keeps only
 * what is not hidden for them.
 */
interface SettingsStoryProps {
  role: Role;
  signedIn?: boolean;
  /** days until the board is deleted; none: kept */
  disposeDays?: number;
  client?: string;
  snapPolicy?: boolean;
}

function SettingsStory({ role, signedIn = true, disposeDays, client, snapPolicy = true }: SettingsStoryProps) {
  // fixed once per story (a new time on every render would make a new session every render)
  const disposeAt = useMemo(
    () => (disposeDays === undefined ? null : new Date(Date.now() + disposeDays * 86_400_000).toISOString()),
    [disposeDays],
  );
  const session = useStorySession({
    role,
    signedIn,
    client: client ?? null,
    policies: snapPolicy ? [POLICY.snapToObject] : [],
    board: { disposeAt, boardConfig: { bg: 'dot', bgColor: '#ffffff', upload: 2 }, userConfig: { snapToObject: true } },
    routes: {
      'POST /api/boards/story-board/dispose': (body) => ({
        disposeAt: body?.days ? new Date(Date.now() + Number(body.days) * 86_400_000).toISOString() : null,
      }),
      'PUT /api/users/configs': (body) => ({ keys: [], colors: [], snapToObject: false, ...(body?.config as object) }),
    },
  });
  if (!session) return null;
  return <SettingsDialog editor={session.editor} sync={session.sync} onClose={() => undefined} />;
}

const meta = {
  title: 'Board/Settings dialog',
  component: SettingsStory,
} satisfies Meta<typeof SettingsStory>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The owner of a team board that is deleted in a week. */
export const Owner: Story = { args: { role: 'Owner', disposeDays: 7 } };

/** A facilitator: background and colour, no dispose timer. */
export const Facilitator: Story = { args: { role: 'Facilitator' } };

/** An editor: upload setting and snap to objects only. */
export const EditorView: Story = { name: 'Editor', args: { role: 'Editor' } };

/** A developer app's participant who owns the board: only the dispose timer is left. */
export const AppParticipant: Story = {
  name: 'Owner (app participant)',
  args: { role: 'Owner', client: 'app-client-id', disposeDays: 0.5 },
};
