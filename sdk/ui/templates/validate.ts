import { resolveData } from '../../../shared/templates/schema';
import type { TemplateData, TemplateParameters } from '../../../shared/templates/types';

/** Field errors of the parameter form, by parameter name. */
export type DataErrors = Record<string, string[]>;

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The parameter data checked against the template's schema as the user types, by the same rules
 * the server applies (shared/templates/schema.ts resolveData: a parameter left empty keeps its
 * default). board.md §5: 'Use Template' is disabled with the title 'Data is not valid' while this
 * finds anything.
 */
export function dataErrors(parameters: TemplateParameters, data: TemplateData): DataErrors {
  const { errors } = resolveData(parameters, data);
  return Object.fromEntries(Object.entries(errors).map(([name, list]) => [name, list.map(sentence)]));
}

export const isDataValid = (parameters: TemplateParameters, data: TemplateData) => Object.keys(dataErrors(parameters, data)).length === 0;
