import { useId } from 'react';
import { STICKY_COLORS } from '../../../shared/constants';
import { Checkbox } from '../../../ui/checkbox';
import { Field, FieldTip, SelectField } from '../../../ui/field';
import type { ParameterSchema, ParameterValue, TemplateData, TemplateParameters } from '../../../shared/templates/types';
import { BoardIcon } from '../icons';
import type { DataErrors } from './validate';

/** A choice as a person reads it: a sticky colour by its name ('#feff9c' → 'Yellow'), else as written. */
export function choiceLabel(value: string): string {
  const name = STICKY_COLORS.find((c) => c.color === value.toLowerCase())?.name;
  return name ? name.charAt(0).toUpperCase() + name.slice(1) : value;
}

/** The fields in the template file's order (the server keeps it: templates.content is json, not jsonb). */
export function orderedProperties(parameters: TemplateParameters): Array<[string, ParameterSchema]> {
  return Object.entries(parameters.properties);
}

/** A parameter's label: its title, else its name. */
const labelOf = (name: string, schema: ParameterSchema) => schema.title || name;

/**
 * The Customize form of a parameterised template, generated from its JSON-schema subset
 * (docs/templates.md): text (or a select for an enum), a number box (integer or number, with
 * its minimum and maximum), a checkbox, and an array of strings as an editable list (add,
 * remove, move up). Errors show under each field as the user types.
 */
export function ParameterForm({
  parameters,
  data,
  errors,
  onChange,
}: {
  parameters: TemplateParameters;
  data: TemplateData;
  errors: DataErrors;
  onChange: (data: TemplateData) => void;
}) {
  const set = (name: string, value: ParameterValue | undefined) => {
    const next = { ...data };
    if (value === undefined) delete next[name];
    else next[name] = value;
    onChange(next);
  };
  return (
    <div className="tb-tpl-form">
      {orderedProperties(parameters).map(([name, schema]) => (
        <ParameterField key={name} name={name} schema={schema} value={data[name]} error={errors[name]} onChange={(v) => set(name, v)} />
      ))}
    </div>
  );
}

function ParameterField({
  name,
  schema,
  value,
  error,
  onChange,
}: {
  name: string;
  schema: ParameterSchema;
  value: ParameterValue | undefined;
  error?: string[];
  onChange: (value: ParameterValue | undefined) => void;
}) {
  const label = labelOf(name, schema);
  const hint = schema.description;
  switch (schema.type) {
    case 'string':
      if (schema.enum)
        return (
          <SelectField
            label={label}
            hint={hint}
            error={error}
            value={typeof value === 'string' ? value : ''}
            options={schema.enum.map((v) => ({ value: v, label: choiceLabel(v) }))}
            onChange={(e) => onChange(e.target.value)}
          />
        );
      return (
        <Field
          label={label}
          hint={hint}
          error={error}
          value={typeof value === 'string' ? value : ''}
          maxLength={schema.maxLength}
          autoComplete="off"
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'integer':
    case 'number':
      return (
        <Field
          label={label}
          hint={hint}
          error={error}
          type="number"
          inputMode={schema.type === 'integer' ? 'numeric' : 'decimal'}
          step={schema.type === 'integer' ? 1 : 'any'}
          min={schema.minimum}
          max={schema.maximum}
          value={typeof value === 'number' && Number.isFinite(value) ? value : ''}
          onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
        />
      );
    case 'boolean':
      return <Checkbox label={label} checked={value === true} onChange={(e) => onChange(e.target.checked)} />;
    case 'array':
      return (
        <ListField
          label={label}
          hint={hint}
          error={error}
          items={Array.isArray(value) ? value : []}
          maxItems={schema.maxItems}
          maxLength={schema.items?.maxLength}
          onChange={onChange}
        />
      );
  }
}

/** An array of strings: one text box per item with move up and remove, and 'Add item' at the end. */
function ListField({
  label,
  hint,
  error,
  items,
  maxItems,
  maxLength,
  onChange,
}: {
  label: string;
  hint?: string;
  error?: string[];
  items: string[];
  maxItems?: number;
  maxLength?: number;
  onChange: (items: string[]) => void;
}) {
  const id = useId().replace(/:/g, '');
  const replace = (i: number, text: string) => onChange(items.map((v, j) => (j === i ? text : v)));
  const remove = (i: number) => onChange(items.filter((_, j) => j !== i));
  const up = (i: number) => {
    if (i === 0) return;
    const next = [...items];
    [next[i - 1], next[i]] = [next[i]!, next[i - 1]!];
    onChange(next);
  };
  const full = maxItems !== undefined && items.length >= maxItems;
  return (
    <fieldset
      className={`t-field tb-tpl-list${error?.length ? ' t-field--invalid' : ''}`}
      aria-describedby={error?.length ? `${id}-error` : undefined}
    >
      <legend className="t-field__label">{label}</legend>
      <ol className="tb-tpl-list__items">
        {items.map((item, i) => (
          <li key={i} className="tb-tpl-list__item">
            <input
              className="t-input"
              aria-label={`${label} ${i + 1}`}
              value={item}
              maxLength={maxLength}
              aria-invalid={(maxLength !== undefined && item.length > maxLength) || undefined}
              onChange={(e) => replace(i, e.target.value)}
            />
            <button
              type="button"
              className="tb-btn tb-tpl-list__btn"
              aria-label={`Move ${label} ${i + 1} up`}
              title="Move up"
              disabled={i === 0}
              onClick={() => up(i)}
            >
              <BoardIcon name="chevronDown" size={16} style={{ transform: 'rotate(180deg)' }} />
            </button>
            <button
              type="button"
              className="tb-btn tb-tpl-list__btn"
              aria-label={`Remove ${label} ${i + 1}`}
              title="Remove"
              onClick={() => remove(i)}
            >
              <BoardIcon name="close" size={16} />
            </button>
          </li>
        ))}
      </ol>
      <button type="button" className="tb-btn tb-tpl-list__add" disabled={full} onClick={() => onChange([...items, ''])}>
        <BoardIcon name="plus" size={16} /> Add item
      </button>
      <FieldTip id={`${id}-error`} error={error} />
      {hint && <div className="t-field__hint">{hint}</div>}
    </fieldset>
  );
}
