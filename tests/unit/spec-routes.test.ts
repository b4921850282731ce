import {describe, it, expect} from 'vitest';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {API_SLUGS, API_GROUPS} from '../spec-routes';

const SPEC = path.resolve(__dirname, '../../../shared/spec/portal-spec.md');

describe.skipIf(!existsSync(SPEC))('the copy of spec 2.2', () => {
  const spec = existsSync(SPEC) ? readFileSync(SPEC, 'utf8') : '';
  const section = spec.slice(spec.indexOf('### 2.2'), spec.indexOf('### 2.3'));
  const groups = [...section.matchAll(/^- ([^:]+): (.+)$/gm)];

  it('has the spec slugs, exactly', () => {
    const slugs = groups.flatMap((g) => g[2]!.split(',').map((s) => s.trim()));
    expect(slugs).toHaveLength(49);
    expect([...API_SLUGS].sort()).toEqual(slugs.sort());
  });

  it('has the spec groups in order', () => {
    expect(groups.map((g) => g[1])).toEqual([...API_GROUPS]);
  });
});
