// A command-line option read from the contract: the same schema checks the value, and the
// help text states its range and default, so the CLI restates nothing.
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { contractOption } from '../../src/main/cli/contract-options';

function demoCommand(): Command {
  return new Command('demo-cohort')
    .exitOverride()
    .configureOutput({ writeErr: () => undefined, writeOut: () => undefined })
    .addOption(contractOption('cohorts.createDemo', 'stays', '--stays <n>', 'number of stays'))
    .addOption(contractOption('runs.start', 'split', '--split <split>', 'only this split'));
}

describe('options from the contract’s schemas', () => {
  it('take the schema’s default and parse a value by it', () => {
    expect(demoCommand().parse([], { from: 'user' }).opts()).toEqual({ stays: 2000 });
    expect(demoCommand().parse(['--stays', '25'], { from: 'user' }).opts().stays).toBe(25);
  });

  it('refuse what the schema refuses, naming the range', () => {
    expect(() => demoCommand().parse(['--stays', '5'], { from: 'user' })).toThrow(
      /stays: .*expected a whole number from 10 to 100000/,
    );
    expect(() => demoCommand().parse(['--stays', 'many'], { from: 'user' })).toThrow(/stays/);
    expect(() => demoCommand().parse(['--split', 'everything'], { from: 'user' })).toThrow(
      /Allowed choices are train, val, test/,
    );
  });

  it('write the range and default into the help', () => {
    const help = demoCommand().helpInformation().replace(/\s+/g, ' ');
    expect(help).toMatch(/number of stays: a whole number from 10 to 100000 \(default: 2000\)/);
  });
});
