import { useEffect, useState } from 'react';
import { permissionsOf, type Role } from '../../shared/permissions';
import { Editor } from '../../sdk/editor/editor';
import { SyncClient } from '../../sdk/sync/sync-client';
import type { BoardInfo, BoardMember } from '../../sdk/sync/types';
import { useBoardStyles } from '../../sdk/ui/use-styles';

/** What a story's board answers to the board-area HTTP calls (method + path → body). */
export type SampleRoutes = Record<string, (body?: Record<string, unknown>) => unknown>;

/**
 * A real SyncClient that is not connected: hub calls (updateConfig) resolve as the server would
 * for an allowed change, and board-area HTTP calls answer from the story's sample routes — the
 * same idea as the back-office stories' sample API.
 */
class StorySync extends SyncClient {
  constructor(
    private readonly routes: SampleRoutes,
    private readonly signedInStory: boolean,
    editor: Editor,
  ) {
    super({
      server: 'http://localhost',
      boardCode: 'story-board',
      uid: 'story-ada',
      target: editor,
      storage: null,
      token: () => (signedInStory ? 'story-token' : null),
    });
  }

  override get signedIn(): boolean {
    return this.signedInStory;
  }

  override async updateConfig(config: Record<string, unknown>): Promise<unknown> {
    const board = this.board$.value;
    if (board) this.board$.next({ ...board, boardConfig: { ...(board.boardConfig ?? {}), ...config } });
    return board?.boardConfig;
  }

  override async request<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: Record<string, unknown>): Promise<T> {
    const answer = this.routes[`${method} ${path}`];
    if (!answer) throw new Error(`${method} ${path} is not in this story`);
    return answer(body) as T;
  }
}

export interface StorySessionOptions {
  role: Role;
  signedIn?: boolean;
  policies?: string[];
  client?: string | null;
  board?: Partial<BoardInfo>;
  members?: BoardMember[];
  routes?: SampleRoutes;
}

/** A headless editor and a story sync session in the given role, for dialog stories. */
export function useStorySession(options: StorySessionOptions): { editor: Editor; sync: SyncClient } | null {
  useBoardStyles();
  const [session, setSession] = useState<{ editor: Editor; sync: SyncClient } | null>(null);
  const key = JSON.stringify({ ...options, routes: Object.keys(options.routes ?? {}) });
  useEffect(() => {
    const { role, signedIn = true, policies = [], client = null } = options;
    const permissions = permissionsOf(role);
    const editor = new Editor({
      container: document.createElement('div'),
      uid: 'story-ada',
      headless: true,
      permissions: () => ({ role, permissions, policies: new Set(policies) }),
    });
    const sync = new StorySync(options.routes ?? {}, signedIn, editor);
    sync.board$.next({ code: 'story-board', boardName: 'Sprint planning', claims: { role, permissions }, ...options.board });
    sync.claims$.next({ role, permissions, policies, client });
    sync.members$.next(options.members ?? []);
    setSession({ editor, sync });
    return () => {
      void sync.destroy();
      editor.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return session;
}
