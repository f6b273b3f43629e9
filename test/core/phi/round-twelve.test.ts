import { describe, expect, it } from 'vitest';
import { detectPhi } from '../../../src/main/core/phi/detect';
import type { PhiLevel } from '../../../src/shared/domain';

const found = (text: string, level: PhiLevel = 'default') =>
  detectPhi(text, level).map((s) => `${s.kind}: ${text.slice(s.start, s.end)}`);

// The twelfth round, drawn from the tuning sets' missed names; texts written here.
describe('detectPhi, twelfth round: names', () => {
  it.each([
    ['Note by Maria Smith-Jones, LPN, reviewed.', 'name: Maria Smith-Jones'],
    ['Accepting MD: Sterling Öztürk', 'name: Sterling Öztürk'],
    ['emergency_contact: Dawn Rivers', 'name: Dawn Rivers'],
    ['Case flagged by Eleni Brandvold today.', 'name: Eleni Brandvold'],
    ['Medic Chance Young gave report.', 'name: Chance Young'],
    ['HCPOA is svetlana okafor, who lives nearby.', 'name: svetlana okafor'],
    ['pastor dale visited; pt calmer.', 'name: dale'],
    ["Shira Small's nephew called twice.", 'name: Shira Small'],
    ['Tyrone Tadesse', 'name: Tyrone Tadesse'],
    ['Study: Winters lab sepsis registry', 'name: Winters'],
    ['Looks right to me; Keisha please confirm.', 'name: Keisha'],
  ])('%s → %s', (text, expected) => {
    expect(found(text)).toContain(expected);
  });

  it('leaves a clinical pair alone, a lab by its kind, and a request to a service', () => {
    expect(found('Heart Failure')).toEqual([]);
    expect(found('Study: Sleep Lab protocol v2')).toEqual([]);
    expect(found('Pharmacy please call back re: dose.')).toEqual([]);
    expect(found("Patient's wife at bedside.")).toEqual([]);
    expect(found('Lambert-Eaton vs myasthenia gravis.')).toEqual([]);
  });
});
