import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { baseImage, parseDockerfile, stageEnv } from './support/dockerfile.js';
import { allServices, readText, repoPath } from './support/repo.js';

const { globalArgs, stages } = parseDockerfile();
const stage = (name: string) => {
  const found = stages.find((s) => s.name === name);
  if (!found) throw new Error(`Dockerfile has no stage "${name}"`);
  return found;
};
const buildReferences = () => (JSON.parse(readText('tsconfig.build.json')) as { references: Array<{ path: string }> }).references.map((r) => r.path);
const args = (name: string, keyword: string) => stage(name).instructions.filter((i) => i.keyword === keyword).map((i) => i.args);

describe('Dockerfile', () => {
  it('installs dependencies with npm ci from the manifests first, then builds the frontend with vite and the services with tsc', () => {
    expect(args('deps', 'RUN').join('\n')).toMatch(/npm ci/);
    // The runtime's dependencies: those of packages/* and services/*, without dev dependencies (tsx among them).
    expect(args('prod-deps', 'RUN').join('\n')).toMatch(/npm ci --omit=dev --workspace=packages --workspace=services/);
    expect(stage('build').from).toBe('deps');
    expect(args('build', 'RUN').join('\n')).toMatch(/npm run build/);
    expect(args('service', 'COPY').join('\n')).toMatch(/--from=build \/out\/packages\//);
    // Manifests are copied before any source, so source edits keep the npm ci layer.
    expect(args('manifests', 'COPY').join(' ')).toMatch(/package-lock\.json/);
    expect(args('manifests', 'COPY').join(' ')).toMatch(/services\/\*\/package\.json/);
    expect(args('frontend', 'RUN').join('\n')).toMatch(/npm run build --workspace frontend\/shell --workspace frontend\/remotes/);
  });

  it('runs services on an exact Node 20 release (bookworm-slim) as a non-root user with a healthcheck', () => {
    const service = stage('service');
    expect(baseImage(service, globalArgs)).toMatch(/^node:20\.\d+\.\d+-bookworm-slim(@sha256:[0-9a-f]{64})?$/);
    // Every stage that pulls an image pulls the same pinned one.
    for (const s of stages.filter((s) => s.from.includes('NODE_IMAGE'))) expect(baseImage(s, globalArgs), s.name).toBe(baseImage(service, globalArgs));
    expect(args('service', 'ARG').some((a) => a.startsWith('SERVICE'))).toBe(true);
    expect(args('service', 'WORKDIR')).toContain('/app/services/${SERVICE}');
    const user = args('service', 'USER').at(-1);
    expect(user && !['root', '0'].includes(user)).toBe(true);
    expect(args('service', 'HEALTHCHECK').join(' ')).toMatch(/healthcheck\.mjs|\/health/);
    expect(readText('Dockerfile')).toMatch(/fetch\(`http:\/\/127\.0\.0\.1:\$\{port\}\/health`\)/);
    // Compiled JavaScript; the "compiled" condition resolves @planner/* packages to their dist/.
    expect(args('service', 'CMD').at(-1)).toBe('["node", "--conditions=compiled", "dist/main.js"]');
    // No TypeScript source in the runtime image: only package.json files and dist/ folders.
    expect(args('service', 'COPY').join('\n')).not.toMatch(/^(packages|services)\//m);
  });

  it('makes the gateway target the service image plus the built frontend', () => {
    expect(stage('gateway').from).toBe('service');
    expect(stageEnv(stage('gateway')).FRONTEND_DIST).toBe('/app/frontend/shell/dist');
  });

  it('keeps node_modules, .git and local env files out of the build context', () => {
    const ignore = readText('.dockerignore').split('\n').map((l) => l.trim());
    for (const pattern of ['**/node_modules', '.git', '.env']) expect(ignore).toContain(pattern);
    for (const needed of ['services', 'packages', 'frontend', 'package.json', 'package-lock.json', 'tsconfig.base.json', 'tsconfig.build.base.json', 'tsconfig.build.json']) {
      expect(ignore, `${needed} must stay in the build context`).not.toContain(needed);
    }
  });

  // The image builds every workspace with `tsc -b tsconfig.build.json` and starts `node --conditions=compiled dist/main.js`.
  for (const name of allServices()) {
    it(`${name}: has src/main.ts, a build, and tsx only for development`, () => {
      const pkgFile = repoPath('services', name, 'package.json');
      expect(existsSync(pkgFile), `services/${name}/package.json`).toBe(true);
      expect(existsSync(repoPath('services', name, 'src', 'main.ts')), `services/${name}/src/main.ts`).toBe(true);
      const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { name?: string; dependencies?: Record<string, string> };
      expect(pkg.name).toBe(`@planner/${name}`);
      expect(pkg.dependencies?.tsx, `services/${name}/package.json: tsx belongs in devDependencies (images run compiled JavaScript)`).toBeUndefined();
      expect(buildReferences(), `tsconfig.build.json must reference services/${name}`).toContain(`services/${name}/tsconfig.build.json`);
    });
  }

  it('gives every export of packages/* and services/* a compiled twin: "compiled" -> dist/*.js beside "default" -> src/*.ts', () => {
    for (const dir of [...readdirSync(repoPath('packages')).map((p) => `packages/${p}`), ...allServices().map((s) => `services/${s}`)]) {
      const pkg = JSON.parse(readText(`${dir}/package.json`)) as { exports?: Record<string, unknown>; scripts?: Record<string, string> };
      expect(pkg.scripts?.build, `${dir}: build script`).toBe('tsc -b tsconfig.build.json');
      expect(existsSync(repoPath(dir, 'tsconfig.build.json')), `${dir}/tsconfig.build.json`).toBe(true);
      for (const [key, target] of Object.entries(pkg.exports ?? {})) {
        const { compiled, default: source } = target as { compiled?: string; default?: string };
        expect(source, `${dir} exports["${key}"].default`).toMatch(/^\.\/src\/.+\.ts$/);
        expect(compiled, `${dir} exports["${key}"].compiled`).toBe(source!.replace(/^\.\/src\//, './dist/').replace(/\.ts$/, '.js'));
      }
    }
  });
});
