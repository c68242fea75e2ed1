import { describe, expect, it } from 'vitest';
import { matchChoice } from './match-choice.ts';

describe('matchChoice', () => {
  it('matches a choice case-insensitively and answers its canonical spelling', () => {
    expect(matchChoice(['LLC', 'C-corp'], 'c-CORP')).toBe('C-corp');
    expect(matchChoice(['LLC', 'C-corp'], '  llc ')).toBe('LLC');
    expect(matchChoice(['LLC', 'C-corp'], 'LTD')).toBeNull();
    expect(matchChoice(['LLC', 'C-corp'], '')).toBeNull();
    expect(matchChoice(['LLC', 'C-corp'], null)).toBeNull();
  });
});
