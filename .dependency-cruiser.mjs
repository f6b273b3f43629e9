/**
 * dependency-cruiser's rules, made from layers.config.mjs so that each layer's imports are
 * listed in one place. Run by `npm run lint` (`lint:layers`); any violation fails it.
 */
import { cliAllowlist, layers } from './layers.config.mjs';

/** A regular expression matching exactly these paths: a folder ("…/") and all below it, or a file. */
export function pathsPattern(paths) {
  return paths
    .map(
      (path) => `^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${path.endsWith('/') ? '' : '$'}`,
    )
    .join('|');
}

const layerNamed = new Map(layers.map((layer) => [layer.name, layer]));
const CORE = 'src/main/core/';
const CLI = layerNamed.get('cli');
const STORE = layerNamed.get('core/store');

const layerRules = layers.map((layer) => {
  const allowed = [layer, ...layer.mayImport.map((name) => layerNamed.get(name))];
  // The CLI's imports of the core are judged by the cli-* rules below.
  const judgedElsewhere = layer === CLI ? [CORE] : [];
  return {
    name: `layer:${layer.name}`,
    comment: `${layer.name} may import only ${['itself', ...layer.mayImport].join(', ')} (layers.config.mjs)`,
    severity: 'error',
    from: { path: pathsPattern(layer.paths) },
    to: {
      path: '^src/',
      pathNot: pathsPattern([...allowed.flatMap((l) => l.paths), ...judgedElsewhere]),
    },
  };
});

const cliCore = (name, from, extra) => ({
  name,
  comment:
    'the CLI reaches the core through core/api; a deep import is allowed only from a command on cliAllowlist (layers.config.mjs)',
  severity: 'error',
  from,
  to: {
    path: `^${CORE}`,
    pathNot: pathsPattern([...layerNamed.get('core/api').paths, ...extra]),
  },
});

const allowlisted = cliAllowlist.map((entry) => entry.from);

export default {
  forbidden: [
    ...layerRules,
    cliCore(
      'cli:through-api',
      { path: pathsPattern(CLI.paths), pathNot: pathsPattern(allowlisted) },
      [],
    ),
    ...cliAllowlist.map((entry) =>
      cliCore('cli:through-api', { path: pathsPattern([entry.from]) }, entry.to),
    ),
    {
      name: 'store:owns-sqlite',
      comment:
        'only core/store opens SQLite: every other module reads and writes the store through its modules',
      severity: 'error',
      from: { pathNot: pathsPattern(STORE.paths) },
      // Resolved into node_modules (its code or its types), or unresolved by name.
      to: { path: '(^|/)node_modules/(@types/)?better-sqlite3/|^better-sqlite3$' },
    },
    {
      name: 'layer:none',
      comment: 'every file under src/ belongs to a layer in layers.config.mjs',
      severity: 'error',
      from: { path: '^src/', pathNot: pathsPattern(layers.flatMap((layer) => layer.paths)) },
      to: {},
    },
    {
      name: 'no-circular',
      comment: 'modules must not import each other in a loop',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a type import in the wrong direction is still a back-arrow.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.node.json' },
    // node_modules stays in the graph (not followed) so that store:owns-sqlite sees the package.
    exclude: { path: '^(out|dist)/' },
  },
};
