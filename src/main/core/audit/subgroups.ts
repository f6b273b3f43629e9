/**
 * Splitting a run's stays into the subgroups a bias audit compares: one partition per
 * attribute (sex, age band, ...) and, on request, per pair of attributes. A stay without a
 * value for an attribute is counted, under "Unknown", never dropped: dropping it would hide
 * exactly the stays whose recording is worst.
 */
import { PERIOD_ATTRIBUTES } from '../../../shared/monitoring';
import { BIAS_ATTRIBUTES } from '../import/clinical-variables';
import type { StayAuditResult } from './audit-types';

export const UNKNOWN_GROUP = 'Unknown';

/** Partitions read only a stay's id, so any per-stay rows (results, queue rows) can be split. */
type StayRef = Pick<StayAuditResult, 'stayId'>;

/** Attribute values of each stay, keyed by stay id (the store's shape). */
export type AttributesByStay = ReadonlyMap<number, Readonly<Record<string, string>>>;

export interface Subgroup {
  name: string;
  /** Indices into the results array. */
  members: number[];
  /** Some defining value is Unknown: never chosen as a reference automatically. */
  unknown: boolean;
}

export interface Partition {
  /** The attribute, or "A & B" for an intersection. */
  attribute: string;
  kind: 'attribute' | 'intersection';
  /** Groups by name, "Unknown" (or any group with an Unknown part) last. */
  groups: Subgroup[];
}

/**
 * Attributes that hold a model input's values under another name: MIMIC-IV's care_unit is
 * icustays.first_careunit, which its models read as a static input.
 */
const SAME_AS_INPUT: Readonly<Record<string, string>> = { care_unit: 'first_careunit' };

/** Whether grouping by `attribute` groups by something the model reads. */
export function isModelInput(attribute: string, inputs: ReadonlySet<string>): boolean {
  const twin = SAME_AS_INPUT[attribute];
  return inputs.has(attribute) || (twin !== undefined && inputs.has(twin));
}

function valueOf(attributes: Readonly<Record<string, string>> | undefined, name: string): string {
  if (!attributes || !Object.hasOwn(attributes, name)) return UNKNOWN_GROUP;
  const value = attributes[name]!.trim();
  return value === '' ? UNKNOWN_GROUP : value;
}

function byName(a: Subgroup, b: Subgroup): number {
  if (a.unknown !== b.unknown) return a.unknown ? 1 : -1;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/**
 * Attributes to audit: `requested` if given, otherwise every attribute any stay has, the
 * standard ones (BIAS_ATTRIBUTES) first in their usual order, then the cohort's own in order
 * of first appearance.
 */
export function auditedAttributes(
  results: readonly StayRef[],
  attributesByStay: AttributesByStay,
  requested?: readonly string[],
): string[] {
  if (requested) return [...new Set(requested)];
  const seen = new Set<string>();
  for (const r of results)
    for (const name of Object.keys(attributesByStay.get(r.stayId) ?? {}))
      if (!PERIOD_ATTRIBUTES.includes(name)) seen.add(name);
  const standard = BIAS_ATTRIBUTES.filter((a) => seen.has(a));
  return [...standard, ...[...seen].filter((a) => !standard.includes(a))];
}

/** Every stay's group for one attribute. */
export function partitionBy(
  results: readonly StayRef[],
  attributesByStay: AttributesByStay,
  attribute: string,
): Partition {
  const groups = new Map<string, Subgroup>();
  results.forEach((r, i) => {
    const name = valueOf(attributesByStay.get(r.stayId), attribute);
    let group = groups.get(name);
    if (!group) {
      group = { name, members: [], unknown: name === UNKNOWN_GROUP };
      groups.set(name, group);
    }
    group.members.push(i);
  });
  return { attribute, kind: 'attribute', groups: [...groups.values()].sort(byName) };
}

/** Groups "A=x & B=y" of every combination that occurs. */
export function intersect(a: Partition, b: Partition, size: number): Partition {
  const groupOfA = new Array<Subgroup>(size);
  for (const g of a.groups) for (const i of g.members) groupOfA[i] = g;
  const groups = new Map<string, Subgroup>();
  for (const gb of b.groups) {
    for (const i of gb.members) {
      const ga = groupOfA[i]!;
      const name = `${a.attribute}=${ga.name} & ${b.attribute}=${gb.name}`;
      let group = groups.get(name);
      if (!group) {
        group = { name, members: [], unknown: ga.unknown || gb.unknown };
        groups.set(name, group);
      }
      group.members.push(i);
    }
  }
  for (const g of groups.values()) g.members.sort((x, y) => x - y);
  return {
    attribute: `${a.attribute} & ${b.attribute}`,
    kind: 'intersection',
    groups: [...groups.values()].sort(byName),
  };
}
