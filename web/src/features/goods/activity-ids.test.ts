import { describe, expect, it } from 'vitest';
import { activityCentrePath, MAX_CENTRE_ACTIVITIES, parseActivityIds, selectedActivityId } from './activity-ids';

describe('the ids of an activity-centre address', () => {
  it('reads comma-separated ids in the order written, each once', () => {
    expect(parseActivityIds('4,1,3,7')).toEqual(['4', '1', '3', '7']);
    expect(parseActivityIds(' 4 , 1,4,,1 ')).toEqual(['4', '1']);
  });

  it('leaves out parts that cannot be an id, keeping the good ones', () => {
    expect(parseActivityIds('x,0,-3,2.5,07,5,99999999999')).toEqual(['5']);
    expect(parseActivityIds('')).toEqual([]);
    expect(parseActivityIds(undefined)).toEqual([]);
    expect(parseActivityIds("1'; drop table activities;--")).toEqual([]);
  });

  it('keeps at most as many as one gateway call answers', () => {
    const many = Array.from({ length: 80 }, (_, i) => i + 1).join(',');
    expect(parseActivityIds(many)).toHaveLength(MAX_CENTRE_ACTIVITIES);
  });
});

describe('the tab a centre shows', () => {
  it("is the address's choice when the centre has it, else the first", () => {
    expect(selectedActivityId(['4', '1'], '1')).toBe('1');
    expect(selectedActivityId(['4', '1'], '9')).toBe('4');
    expect(selectedActivityId(['4', '1'], undefined)).toBe('4');
    expect(selectedActivityId([], '1')).toBeUndefined();
  });

  it('has a shareable address', () => {
    expect(activityCentrePath(parseActivityIds('4,x,1,3'), '3')).toBe('/Hdzx/4,1,3/3');
  });
});
