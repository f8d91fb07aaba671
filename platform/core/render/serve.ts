import type { RenderAnswer, RenderHandlers, RenderMessage } from './jobs';

/**
 * The render process's loop (its entry is platform/render-process.ts, which passes the drawing
 * functions of each kind): every job message is answered with its value or its error's message.
 * The process exits with the node (its IPC channel closing).
 */
export function serveRenderJobs(handlers: RenderHandlers): void {
  process.on('message', (job: RenderMessage) => {
    const handler = handlers[job.kind] as ((job: RenderMessage) => Promise<unknown>) | undefined;
    void Promise.resolve()
      .then(() => {
        if (!handler) throw new Error(`no render job called ${String(job.kind)}`);
        return handler(job);
      })
      .then(
        (value): RenderAnswer => ({ id: job.id, value }),
        (err: unknown): RenderAnswer => ({ id: job.id, error: err instanceof Error ? err.message : String(err) }),
      )
      .then((answer) => {
        try {
          process.send?.(answer);
        } catch (err) {
          // a value the channel cannot carry: the job fails rather than waiting for its timeout
          process.send?.({ id: job.id, error: err instanceof Error ? err.message : String(err) } satisfies RenderAnswer);
        }
      });
  });
  process.on('disconnect', () => process.exit(0));
}
