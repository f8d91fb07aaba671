import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Role } from '../shared/permissions';
import type { BoardMember } from '../sdk/sync/types';
import { ShareDialog } from '../sdk/ui/share-dialog';
import { useStorySession } from './support/board-session';

/**
 * The share dialog (board.md §2 "Share dialog", §6, §8): the members with picture, online marker,
 * '(you)', status and Owner label; invite by e-mail with a role; the workspace and link levels;
 * the link with Copy link and a QR code. The owner signed in manages everything; others see it
 * read-only with the spec's hints.
 */
interface ShareStoryProps {
  role: Role;
  signedIn?: boolean;
}

const MEMBERS: BoardMember[] = [
  { id: 'm1', uid: 'story-ada', name: 'Ada Lovelace', isSelf: true, isOwner: true, role: 'Owner', status: 'Joined' },
  { id: 'm2', uid: 'u-bo', name: 'Bo Chen', role: 'Editor', status: 'Joined' },
  { id: 'm3', uid: 'u-cy', name: 'cy@example.com', role: 'Commenter', status: 'Invited' },
];

function ShareStory({ role, signedIn = true }: ShareStoryProps) {
  const members = MEMBERS.map((m) => ({ ...m, isSelf: role === 'Owner' ? m.isSelf : false }));
  const session = useStorySession({
    role,
    signedIn,
    members: [{ uid: 'u-bo', name: 'Bo Chen', isOnline: true }],
    routes: {
      'GET /api/boards/story-board/sharing': () => ({ members, workspaceName: 'Design team', workspace: 'Editor', link: 'Viewer' }),
      'POST /api/boards/story-board/sharings': (body) => ({ workspace: body?.workspace, link: body?.link }),
      'POST /api/boards/story-board/members': (body) => ({
        id: 'm4',
        displayName: String(body?.email ?? ''),
        profileImage: null,
        status: 'Invited',
      }),
      'POST /api/boards/story-board/members/m2/roles': (body) => ({ id: 'm2', role: body?.role }),
    },
  });
  if (!session) return null;
  return <ShareDialog editor={session.editor} sync={session.sync} signedIn={signedIn} onClose={() => undefined} />;
}

const meta = {
  title: 'Board/Share dialog',
  component: ShareStory,
} satisfies Meta<typeof ShareStory>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The signed-in owner: invite, roles of the others, workspace and link levels. */
export const Owner: Story = { args: { role: 'Owner' } };

/** An editor: the list and the link, everything else read-only. */
export const EditorView: Story = { name: 'Editor', args: { role: 'Editor' } };

/** The owner of a guest board (not signed in): 'login to invite', 'login to change'. */
export const GuestOwner: Story = { name: 'Owner, not signed in', args: { role: 'Owner', signedIn: false } };
