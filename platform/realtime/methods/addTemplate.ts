import Joi from 'joi';
import type { AddTemplateAnswer } from '../../../shared/hub';
import { noteCoreActions, boardRef } from '../../boards/api';
import { abuseOf } from '../../core/abuse';
import { sessionOn } from '../session';
import { defineMethod } from './define';

/** The viewer's view and the template's data (board.md §7: width, height, matrix, scale, data). */
const viewSchema = Joi.object({
  width: Joi.number().min(0).max(100_000).description("the viewer's screen width, px"),
  height: Joi.number().min(0).max(100_000),
  matrix: Joi.array().items(Joi.number().min(-1e9).max(1e9)).length(6).description('the board → screen transform [a, b, c, d, e, f]'),
  scale: Joi.number().min(0).max(1000).description('the most the template is scaled by (never above 1)'),
  data: Joi.object().unknown(true).max(50).description("a parameterised template's data (its defaults fill what is left out)"),
})
  .unknown(true)
  .default({});

/**
 * addTemplate(boardCode, template, size, flag) (board.md §7), both forms:
 *  - addTemplate(boardCode, name, { width, height, matrix, scale, data }, hasParams): a built-in
 *    or custom template by name, expanded with `data` and placed centred in the viewer's view,
 *    scaled to fit it (never above 1);
 *  - addTemplate(boardCode, { commands | shapes, … }, size, flag): shapes given inline (a custom
 *    template's payload), placed the same way.
 * The templates service (`server.plugins.templates`) makes ONE commandSet of adds and appends it
 * through the board's append path (edit_board and view_templates, plan policies, the shape cap),
 * so every member — the caller too, who has not got its shapes — gets it as onCommand, and one undo
 * (of its id) removes it all. Answers its AppendedCommand (`{ id, seq }`) and the template's `name`.
 * Charged to the command budgets, like sendCommand.
 */
export const addTemplate = defineMethod<{
  boardCode: string;
  template: string | { commands?: unknown[]; shapes?: unknown[] };
  size: Record<string, unknown>;
  flag?: boolean;
}>({
  name: 'addTemplate',
  params: [
    ['boardCode', boardRef],
    [
      'template',
      Joi.alternatives(
        Joi.string()
          .max(60)
          .pattern(/^[a-z0-9-]+$/),
        Joi.object({ commands: Joi.array().max(1000), shapes: Joi.array().max(1000) }).unknown(true),
      ).required(),
    ],
    ['size', viewSchema],
    ['flag', Joi.boolean()],
  ],
  async run({ socket, app, hub, plugins }, { boardCode, template, size }): Promise<AddTemplateAnswer> {
    const session = sessionOn(socket, boardCode);
    const address = session.actor.claims ? null : socket.address;
    await abuseOf(app).hub('commands', session.connectionId, session.actor.uid, { address, board: session.board });
    // no connectionId: the caller has not got the shapes (the server made them), so it receives the
    // commandSet as onCommand like every other member, in seq order
    const answer = await plugins.templates.insertTemplate(app, boardCode, session.actor, template, size);
    const uid = session.actor.uid;
    const together = hub.othersOnBoard(session.board, uid);
    noteCoreActions(app, session.board, session.actor, together ? ['edited', 'collaborated'] : ['edited'], {
      othersOnline: async () => (await hub.presence.online(session.board)).some((m) => m.uid !== uid),
    });
    return answer;
  },
});
