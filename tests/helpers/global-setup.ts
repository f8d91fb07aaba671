import { prepareTemplates } from './template';

/**
 * vitest's global setup for the API project: the run's migrated templates (tests/helpers/template.ts)
 * for the database kind it runs on (TEST_DB). Workers inherit the environment set here.
 */
export default async function setup(): Promise<() => Promise<void>> {
  return prepareTemplates({ pg: process.env.TEST_DB === 'pg', pglite: process.env.TEST_DB !== 'pg' });
}
