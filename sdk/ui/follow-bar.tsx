import type { RefObject } from 'react';
import type { Editor } from '../editor/editor';
import type { SyncClient } from '../sync/sync-client';
import type { BoardMember } from '../sync/types';
import { AttentionButton, FollowIndicators, useFollowMode } from './follow';
import { MembersMenu } from './members-menu';
import { PrivateModeIcon, usePrivateModeHint } from './private-mode';
import { ProfileMenu } from './profile-menu';

/**
 * The live-collaboration part of the top-right bar (board.md §2): private-mode icon, following and
 * followers indicators, profile menu, online-members menu, grab attention; and, with them, follow
 * mode and the private-mode hint for this session.
 */
export function CollaborationBar({
  editor,
  sync,
  canvasRef,
  members,
  signedIn,
  showMembers = true,
}: {
  editor: Editor;
  sync: SyncClient;
  canvasRef: RefObject<HTMLDivElement | null>;
  members: BoardMember[];
  signedIn: boolean;
  showMembers?: boolean;
}) {
  const follow = useFollowMode(editor, sync, canvasRef);
  usePrivateModeHint(editor, sync, canvasRef);
  return (
    <>
      <PrivateModeIcon sync={sync} />
      {follow && <FollowIndicators mode={follow} members={members} />}
      <ProfileMenu editor={editor} sync={sync} />
      {showMembers && <MembersMenu members={members} sync={sync} follow={follow} signedIn={signedIn} />}
      {follow && <AttentionButton mode={follow} sync={sync} />}
    </>
  );
}
