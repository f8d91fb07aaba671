/**
 * Template expressions (docs/templates.md "Expressions"): arithmetic over parameters, never eval.
 *
 *   expr    := sum
 *   sum     := product (('+' | '-') product)*
 *   product := unary (('*' | '/' | '%') unary)*
 *   unary   := '-' unary | atom
 *   atom    := number | name | name '(' expr (',' expr)* ')' | '(' expr ')'
 *
 * Names are looked up in the scope (parameters, the round's `i`, `n`, `item`, a repeat's `as`);
 * a boolean counts as 1 or 0; a string (an `item`, a string parameter) may only stand alone — it is
 * the value of `{{item}}`, never a term of arithmetic. Functions: len(name) (an array's or a
 * string's length), min, max, floor, ceil, round, abs. Parsed once per text (a small cache).
 */
import { TEMPLATE_LIMITS, type ParameterValue } from './types';

export type Scope = Readonly<Record<string, ParameterValue | undefined>>;

type Node =
  | { k: 'num'; v: number }
  | { k: 'name'; name: string }
  | { k: 'neg'; a: Node }
  | { k: 'bin'; op: '+' | '-' | '*' | '/' | '%'; a: Node; b: Node }
  | { k: 'call'; fn: string; args: Node[] };

/** A malformed expression or one that cannot be evaluated in its scope. */
export class ExpressionError extends Error {}

const FUNCTIONS: Record<string, { arity: [number, number]; f?: (...a: number[]) => number }> = {
  len: { arity: [1, 1] },
  min: { arity: [1, 10], f: Math.min },
  max: { arity: [1, 10], f: Math.max },
  floor: { arity: [1, 1], f: Math.floor },
  ceil: { arity: [1, 1], f: Math.ceil },
  round: { arity: [1, 1], f: Math.round },
  abs: { arity: [1, 1], f: Math.abs },
};

type Token = { t: 'num'; v: number } | { t: 'name'; v: string } | { t: 'op'; v: string };

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === ' ' || c === '\t') {
      i++;
    } else if (/[0-9.]/.test(c)) {
      const m = /^(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?/i.exec(text.slice(i));
      if (!m) throw new ExpressionError(`bad number at ${i + 1}`);
      out.push({ t: 'num', v: Number(m[0]) });
      i += m[0].length;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i))!;
      out.push({ t: 'name', v: m[0] });
      i += m[0].length;
    } else if ('+-*/%(),'.includes(c)) {
      out.push({ t: 'op', v: c });
      i++;
    } else {
      throw new ExpressionError(`unexpected '${c}' at ${i + 1}`);
    }
  }
  return out;
}

function parse(text: string): Node {
  if (text.length > TEMPLATE_LIMITS.expression) throw new ExpressionError(`longer than ${TEMPLATE_LIMITS.expression} characters`);
  const tokens = tokenize(text);
  let pos = 0;
  let depth = 0;
  const peek = () => tokens[pos];
  const isOp = (v: string) => peek()?.t === 'op' && peek()!.v === v;
  const expect = (v: string) => {
    if (!isOp(v)) throw new ExpressionError(`expected '${v}'`);
    pos++;
  };
  const sum = (): Node => {
    let a = product();
    while (isOp('+') || isOp('-')) {
      const op = (tokens[pos++] as { v: '+' | '-' }).v;
      a = { k: 'bin', op, a, b: product() };
    }
    return a;
  };
  const product = (): Node => {
    let a = unary();
    while (isOp('*') || isOp('/') || isOp('%')) {
      const op = (tokens[pos++] as { v: '*' | '/' | '%' }).v;
      a = { k: 'bin', op, a, b: unary() };
    }
    return a;
  };
  const unary = (): Node => {
    if (++depth > 100) throw new ExpressionError('nested too deep');
    try {
      if (isOp('-')) {
        pos++;
        return { k: 'neg', a: unary() };
      }
      if (isOp('+')) {
        pos++;
        return unary();
      }
      return atom();
    } finally {
      depth--;
    }
  };
  const atom = (): Node => {
    const tok = peek();
    if (!tok) throw new ExpressionError('unexpected end');
    if (tok.t === 'num') {
      pos++;
      return { k: 'num', v: tok.v };
    }
    if (tok.t === 'name') {
      pos++;
      if (!isOp('(')) return { k: 'name', name: tok.v };
      const fn = FUNCTIONS[tok.v];
      if (!Object.hasOwn(FUNCTIONS, tok.v) || !fn) throw new ExpressionError(`unknown function ${tok.v}`);
      pos++;
      const args: Node[] = [sum()];
      while (isOp(',')) {
        pos++;
        args.push(sum());
      }
      expect(')');
      if (args.length < fn.arity[0] || args.length > fn.arity[1])
        throw new ExpressionError(`${tok.v} takes ${fn.arity.join('–')} arguments`);
      if (tok.v === 'len' && args[0].k !== 'name') throw new ExpressionError('len takes a name');
      return { k: 'call', fn: tok.v, args };
    }
    if (tok.v === '(') {
      pos++;
      const inner = sum();
      expect(')');
      return inner;
    }
    throw new ExpressionError(`unexpected '${tok.v}'`);
  };
  const node = sum();
  if (pos < tokens.length) throw new ExpressionError(`unexpected '${String(tokens[pos].v)}'`);
  return node;
}

const cache = new Map<string, Node>();

function compiled(text: string): Node {
  let node = cache.get(text);
  if (!node) {
    node = parse(text);
    if (cache.size > 5000) cache.clear();
    cache.set(text, node);
  }
  return node;
}

function lookup(scope: Scope, name: string): ParameterValue {
  const v = Object.hasOwn(scope, name) ? scope[name] : undefined;
  if (v === undefined) throw new ExpressionError(`unknown name ${name}`);
  return v;
}

function numberOf(v: ParameterValue, what: string): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  throw new ExpressionError(`${what} is not a number`);
}

function run(node: Node, scope: Scope): number | string {
  switch (node.k) {
    case 'num':
      return node.v;
    case 'name': {
      const v = lookup(scope, node.name);
      if (Array.isArray(v)) throw new ExpressionError(`${node.name} is a list: use len(${node.name})`);
      return typeof v === 'boolean' ? (v ? 1 : 0) : v;
    }
    case 'neg':
      return -num(node.a, scope);
    case 'bin': {
      const a = num(node.a, scope);
      const b = num(node.b, scope);
      if ((node.op === '/' || node.op === '%') && b === 0) throw new ExpressionError('division by zero');
      return node.op === '+' ? a + b : node.op === '-' ? a - b : node.op === '*' ? a * b : node.op === '/' ? a / b : a % b;
    }
    case 'call': {
      if (node.fn === 'len') {
        const v = lookup(scope, (node.args[0] as { name: string }).name);
        if (Array.isArray(v) || typeof v === 'string') return v.length;
        throw new ExpressionError('len takes a list or a text');
      }
      return FUNCTIONS[node.fn].f!(...node.args.map((a) => num(a, scope)));
    }
  }
}

function num(node: Node, scope: Scope): number {
  const v = run(node, scope);
  if (typeof v === 'string') throw new ExpressionError(`${node.k === 'name' ? node.name : 'a text'} is not a number`);
  return numberOf(v, 'value');
}

/** Parses an expression (throws ExpressionError when it is malformed): to check a template file. */
export function checkExpression(text: string): void {
  compiled(text);
}

/** The value of an expression: a number, or a string when it is a name holding one (`item`). */
export function evaluate(text: string, scope: Scope): number | string {
  const v = run(compiled(text), scope);
  if (typeof v === 'number' && !Number.isFinite(v)) throw new ExpressionError('not a finite number');
  return v;
}

/** The numeric value of an expression. */
export function evaluateNumber(text: string, scope: Scope): number {
  const v = evaluate(text, scope);
  if (typeof v !== 'number') throw new ExpressionError(`${text} is not a number`);
  return v;
}

/** A number as text in a string field: integers as they are, others to 2 decimals. */
const numberText = (v: number) => (Number.isInteger(v) ? String(v) : String(Math.round(v * 100) / 100));

/** A string with each `{{expr}}` replaced by its value. */
export function interpolate(text: string, scope: Scope): string {
  if (!text.includes('{{')) return text;
  return text.replace(/\{\{([^{}]*)\}\}/g, (_m, inner: string) => {
    const v = evaluate(inner.trim(), scope);
    return typeof v === 'number' ? numberText(v) : v;
  });
}
