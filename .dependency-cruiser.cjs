// Dependencies that run one way (issue 20 §4, decision 0017), checked by `npm test` (the static step):
// no import cycle; browser code never imports server code; a module reaches another module only through its
// contract (contract, endpoints, messages, constants) or its server/index.ts; the kernel and the shared code
// depend on no feature.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'An import cycle ties two modules into one: invert it with a hook wired in the composition root.',
      from: {},
      // A cycle of type-only imports vanishes when TypeScript is erased (an endpoints file and its contract).
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      comment: 'Browser code must not import server code (tables, services, Node).',
      from: { path: '^src/(web|modules/[^/]+/web|resources/[^/]+/web|resources/_engine/web)/' },
      to: {
        path: '^src/(server|modules/[^/]+/server|resources/[^/]+/server|resources/_engine/server)/|\\.table\\.ts$',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'web-not-node',
      severity: 'error',
      comment: 'Browser code has no Node built-ins.',
      from: { path: '^src/(web|modules/[^/]+/web|resources/[^/]+/web|resources/_engine/web|shared)/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'module-internals',
      severity: 'error',
      comment:
        'A module reaches another only through its contract (*.contract.ts, *.endpoints.ts, *.messages.ts, *.constants.ts), its server/index.ts or its web/index.ts (DESIGN §1.4, decision 0017).',
      // Tests, fixtures (a web test's too) and demo seeders may reach anything: they set up and check the whole world. A table's foreign
      // key names another table. Another module's table is the next rule's matter.
      from: {
        path: '^src/modules/([^/]+)/',
        pathNot: '\\.test\\.tsx?$|/server/[^/]*(fixture|demo)[^/]*\\.ts$|/web/[^/]*\\.fixture\\.ts$|\\.table\\.ts$',
      },
      to: {
        path: '^src/modules/([^/]+)/',
        pathNot: [
          '^src/modules/$1/',
          '^src/modules/[^/]+/[^/]+\\.(contract|endpoints|messages|constants)\\.ts$',
          '^src/modules/[^/]+/(server|web)/index\\.ts$',
          '\\.table\\.ts$',
        ],
      },
    },
    {
      name: 'foreign-tables',
      severity: 'warn',
      comment:
        "A module should read another module's tables through that module's read functions (issue 20 §4): each warning is a query that reaches into another module's table; decision 0005 still allows it, and the count must only go down.",
      from: {
        path: '^src/modules/([^/]+)/',
        pathNot: '\\.test\\.tsx?$|/server/[^/]*(fixture|demo)[^/]*\\.ts$|\\.table\\.ts$',
      },
      to: { path: '^src/modules/([^/]+)/.*\\.table\\.ts$', pathNot: '^src/modules/$1/' },
    },
    {
      name: 'kernel-knows-no-feature',
      severity: 'error',
      comment: 'The server kernel is what every module uses; it imports no module and no composition root.',
      from: { path: '^src/server/kernel/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/(modules|resources|web)/|^src/server/(app|main)\\.ts$|^src/server/(plugins|db/seed|testing)/' },
    },
    {
      name: 'shared-is-a-leaf',
      severity: 'error',
      comment: 'src/shared is the isomorphic kernel: no server, web, module or resource code.',
      from: { path: '^src/shared/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/(server|web|modules|resources)/' },
    },
    {
      name: 'web-lib-knows-no-feature',
      severity: 'error',
      comment: "The web library and components serve every page: they import no module and not the app's root.",
      // The layout is the app's shell (it shows the signed-in user and signs out): it may use the auth module and the
      // app's badges. The library and the components may not.
      from: { path: '^src/web/(lib|components)/', pathNot: '\\.test\\.tsx?$|fixtures' },
      to: { path: '^src/(modules|resources)/|^src/web/app/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|\\.tmp|data)' },
    includeOnly: '^src/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
