import { describe, expect, it } from 'vitest';
import { commandPolicyNeeds, missingCommandPolicy, POLICY, policiesOf } from '../../../shared/policies';

/** The command → policy table (shared/policies.ts), read by platform/boards/policy-gate.ts. */
const add = (shape: Record<string, unknown>) => ({ cmd: shape.cmd, shape });
const set = (name: string, value: unknown) => ({ cmd: 'propertyModifier', shapes: ['a'], props: [{ name, value }] });
const features = (c: object) => commandPolicyNeeds(c).map((n) => n.feature);

describe('commandPolicyNeeds', () => {
  it('names the feature of each plan-gated shape and property', () => {
    expect(features(add({ cmd: 'frame' }))).toEqual(['frames']);
    expect(features(add({ cmd: 'comment' }))).toEqual(['comments']);
    expect(features(add({ cmd: 'highlighter', type: 'hl' }))).toEqual(['highlighter']);
    expect(features(add({ cmd: 'line', type: 'dashed' }))).toEqual(['line type']);
    expect(features(add({ cmd: 'arrow', type: 'arrow', end: 'b' }))).toEqual(['connector lines']);
    expect(features(add({ cmd: 'rectangle', rotation: 45, tags: [{ key: 'k' }], link: 'https://x.test/' }))).toEqual([
      'rotate shapes',
      'tag shapes',
      'attach link',
    ]);
    expect(features(set('rotation', 10))).toEqual(['rotate shapes']);
    expect(features(set('type', 'hl'))).toEqual(['highlighter']);
    expect(features(set('type', 'double'))).toEqual(['line type']);
    expect(features(set('start', 'b'))).toEqual(['connector lines']);
    expect(features(set('resolved', true))).toEqual(['comments']);
    expect(features({ cmd: 'lock', shapes: ['a'], locked: true, protect: true })).toEqual(['protected lock']);
  });

  it('looks inside commandSets and grouped shapes, once per feature', () => {
    const grouped = add({ cmd: 'composite', shapes: [{ cmd: 'frame' }, { cmd: 'rectangle', rotation: 90 }] });
    expect(features({ cmd: 'commandSet', commands: [add({ cmd: 'frame' }), add({ cmd: 'frame' }), grouped] })).toEqual([
      'frames',
      'rotate shapes',
    ]);
  });

  it('needs nothing for plain drawing and edits', () => {
    for (const c of [
      add({ cmd: 'pen', type: 'pen' }),
      add({ cmd: 'line', type: 'line' }),
      add({ cmd: 'arrow', type: 'arrow' }),
      add({ cmd: 'rectangle', rotation: 0, tags: [], link: null }),
      add({ cmd: 'rectangle', rotation: 360 }),
      set('rotation', 0),
      set('tags', []),
      set('start', null),
      { cmd: 'lock', shapes: ['a'], locked: true },
      { cmd: 'reposition', shapePositions: [] },
      { cmd: 'undo', ref: 'x' },
    ]) {
      expect(commandPolicyNeeds(c), JSON.stringify(c)).toEqual([]);
    }
  });

  it('is allowed by any one policy of a requirement (rotation: rotate-shapes or the early_access handle)', () => {
    const rotate = set('rotation', 30);
    expect(missingCommandPolicy(rotate, new Set<string>())?.feature).toBe('rotate shapes');
    expect(missingCommandPolicy(rotate, policiesOf({ plan: 'team' }))).toBeNull();
    expect(missingCommandPolicy(rotate, policiesOf({ plan: 'early_access' }))).toBeNull();
    expect(missingCommandPolicy(set('link', 'https://x.test/'), policiesOf({ plan: 'team' }))?.needs).toEqual([POLICY.attachLink]);
  });
});
