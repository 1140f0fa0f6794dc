/**
 * Decision 072: `npm run lint` (dependency-cruiser, `.dependency-cruiser.cjs`) refuses a server module
 * that imports another module's internals, and accepts the same import through the module's public.ts.
 * Each case writes a probe file into a real module folder, cruises only it, and removes it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseConfig from 'dependency-cruiser/config-utl/extract-depcruise-config';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');
const configFile = path.join(root, '.dependency-cruiser.cjs');

async function violationsOf(probeDir: string, source: string): Promise<string[]> {
  const probe = path.join(root, probeDir, `boundary-probe-${process.pid}.ts`);
  fs.writeFileSync(probe, source);
  const cwd = process.cwd();
  try {
    process.chdir(root);
    const ruleSet = await extractDepcruiseConfig(configFile);
    const { output } = await cruise([path.relative(root, probe)], {
      ruleSet,
      validate: true,
      doNotFollow: { path: 'node_modules' },
      tsPreCompilationDeps: true,
    });
    return (output as ICruiseResult).summary.violations.map((violation) => violation.rule.name);
  } finally {
    process.chdir(cwd);
    fs.rmSync(probe, { force: true });
  }
}

describe('server module boundaries (decision 072)', () => {
  it("refuses a module importing another module's repository", async () => {
    const violations = await violationsOf(
      'apps/server/src/modules/timesheets',
      "import { findWorkerById } from '../workers/workers.repository.ts';\nexport const probe = findWorkerById;\n",
    );
    expect(violations).toContain('server-module-imports-another-module-internals');
  });

  it("accepts the same function through the other module's public.ts", async () => {
    const violations = await violationsOf(
      'apps/server/src/modules/timesheets',
      "import { findWorkerById } from '../workers/public.ts';\nexport const probe = findWorkerById;\n",
    );
    expect(violations).toEqual([]);
  });

  it("refuses code outside the modules reaching into a module's files", async () => {
    const violations = await violationsOf(
      'apps/server/src/demo',
      "import { findWorkerById } from '../modules/workers/workers.repository.ts';\nexport const probe = findWorkerById;\n",
    );
    expect(violations).toContain('server-code-imports-module-internals');
  });

  it("refuses the server reading the web app's source", async () => {
    const violations = await violationsOf(
      'apps/server/src/web',
      "import { router } from '../../../web/src/app/router.tsx';\nexport const probe = router;\n",
    );
    expect(violations).toContain('server-imports-web');
  });
});
