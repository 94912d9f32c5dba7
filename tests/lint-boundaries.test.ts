import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './support/repo.js';

// The import boundaries of eslint.config.js, checked on code that breaks them (the tree itself
// must pass `npm run lint`, so it shows only that nothing breaks them today).
const eslint = new ESLint({ cwd: repoRoot });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: `${repoRoot}/${filePath}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'planner/import-boundaries').map((m) => m.message);
}

describe('import boundaries (eslint.config.js)', () => {
  it('a service imports no other service, by package name or by relative path', async () => {
    expect(await boundaryErrors('services/auth/src/lint-probe.ts', "import { buildApp } from '@planner/posts/app';")).toHaveLength(1);
    expect(await boundaryErrors('services/auth/src/routes/deep/lint-probe.ts', "import type { X } from '../../../../posts/src/app.js';")).toHaveLength(1);
    expect(await boundaryErrors('services/auth/src/lint-probe.ts', "export * from '../../scheduler/src/config.js';")).toHaveLength(1);
    expect(await boundaryErrors('services/auth/src/lint-probe.ts', "await import('../../gateway/src/app.js');")).toHaveLength(1);
    // Its own code and the shared packages are fine.
    expect(await boundaryErrors('services/auth/src/lint-probe.ts', "import { x } from './config.js';\nimport { y } from '@planner/service-kit';\nimport { z } from '@planner/auth/config';")).toEqual([]);
  });

  it("a service's tests may use the test gateway, and nothing else of another service", async () => {
    expect(await boundaryErrors('services/posts/test/lint-probe.test.ts', "import { startGateway } from '@planner/gateway/testing';")).toEqual([]);
    expect(await boundaryErrors('services/posts/test/lint-probe.test.ts', "import { buildApp } from '@planner/gateway/app';")).toHaveLength(1);
    expect(await boundaryErrors('services/posts/src/lint-probe.ts', "import { startGateway } from '@planner/gateway/testing';")).toHaveLength(1);
  });

  it('the frontend imports no service', async () => {
    expect(await boundaryErrors('frontend/shell/src/lint-probe.ts', "import { configSchema } from '@planner/auth/config';")).toHaveLength(1);
    expect(await boundaryErrors('frontend/remotes/public/src/lint-probe.tsx', "import { x } from '../../../../services/content/src/domain/html.js';")).toHaveLength(1);
    expect(await boundaryErrors('frontend/shell/src/lint-probe.ts', "import { LIMITS } from '@planner/contracts';")).toEqual([]);
  });

  it('route modules import no entities; commands do', async () => {
    expect(await boundaryErrors('services/posts/src/routes/lint-probe.ts', "import { Post } from '../entities/post.entity.js';")).toHaveLength(1);
    expect(await boundaryErrors('services/posts/src/routes/admin/lint-probe.ts', "import type { Post } from '../../entities/index.js';")).toHaveLength(1);
    expect(await boundaryErrors('services/posts/src/commands/lint-probe.ts', "import { Post } from '../entities/post.entity.js';")).toEqual([]);
  });
});
