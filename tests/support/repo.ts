import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse, parseAllDocuments } from 'yaml';
import { GATEWAY_PORT, SERVICES } from '@planner/contracts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const repoPath = (...parts: string[]) => path.join(repoRoot, ...parts);

/** The services and ports fixed by the architecture (gateway included). */
export const SERVICE_PORTS: Record<string, number> = {
  gateway: GATEWAY_PORT,
  ...Object.fromEntries(Object.entries(SERVICES).map(([name, { port }]) => [name, port])),
};
export const CONVENTIONAL_SERVICES = Object.keys(SERVICE_PORTS);

/** Folders under services/ (each one is a service). */
export function serviceFolders(): string[] {
  const dir = repoPath('services');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => !name.startsWith('.') && statSync(path.join(dir, name)).isDirectory())
    .sort();
}

/** Every service a check must cover: the conventional ones and whatever folders exist. */
export function allServices(): string[] {
  return [...new Set([...CONVENTIONAL_SERVICES, ...serviceFolders()])];
}

export const readText = (relative: string) => readFileSync(repoPath(relative), 'utf8');

export function readYaml<T = unknown>(relative: string): T {
  // merge: true honours `<<: *anchor`, as docker compose does.
  return parse(readText(relative), { merge: true }) as T;
}

export function readYamlDocuments(relative: string): unknown[] {
  const docs = parseAllDocuments(readText(relative), { merge: true });
  const list = Array.isArray(docs) ? docs : [docs];
  for (const doc of list) {
    if (doc.errors.length > 0) throw new Error(`${relative}: ${doc.errors.map((e) => e.message).join('; ')}`);
  }
  return list.map((doc) => doc.toJS()).filter((value) => value != null);
}

/** Minimal zod surface used here (zod 4 object schemas). */
export interface ObjectSchema {
  shape: Record<string, { safeParse(value: unknown): { success: boolean } }>;
  safeParse(value: unknown): { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } };
}

/**
 * Imports services/<name>/src/config.ts and returns its `configSchema`.
 * Fails with a clear message when the file or the export is missing.
 */
export async function loadConfigSchema(service: string, env: Record<string, string> = {}): Promise<ObjectSchema> {
  const relative = `services/${service}/src/config.ts`;
  const file = repoPath(relative);
  if (!existsSync(file)) {
    throw new Error(`${relative} does not exist: service "${service}" must export configSchema (a zod z.object over its env var names) from it`);
  }
  // Should the module read process.env when imported, give it the environment under test.
  const saved = { ...process.env };
  Object.assign(process.env, env);
  let mod: Record<string, unknown>;
  try {
    mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } finally {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  }
  const schema = mod.configSchema as Partial<ObjectSchema> | undefined;
  if (!schema || typeof schema !== 'object' || !schema.shape || typeof schema.safeParse !== 'function') {
    throw new Error(`${relative} must export configSchema, a zod z.object({...}) keyed by env var names`);
  }
  return schema as ObjectSchema;
}

/** Keys a service cannot start without: their schema rejects `undefined`. */
export function requiredKeys(schema: ObjectSchema): string[] {
  return Object.entries(schema.shape)
    .filter(([, field]) => field.safeParse(undefined).success === false)
    .map(([key]) => key)
    .sort();
}

/**
 * Docker compose variable interpolation: ${VAR}, ${VAR:-default}, ${VAR-default},
 * ${VAR:?error}, ${VAR?error}, ${VAR:+alt}, $VAR and $$ (a literal dollar).
 */
export function interpolate(value: string, env: Record<string, string | undefined> = {}): string {
  return value.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?+])((?:[^{}]|\{[^{}]*\})*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (match, name?: string, colon?: string, op?: string, arg?: string, bare?: string) => {
      if (match === '$$') return '$';
      if (bare) return env[bare] ?? '';
      const current = env[name!];
      const unset = current === undefined || (colon === ':' && current === '');
      switch (op) {
        case '-':
          return unset ? interpolate(arg ?? '', env) : current!;
        case '?':
          if (unset) throw new Error(`required variable ${name} is not set: ${arg}`);
          return current!;
        case '+':
          return unset ? '' : interpolate(arg ?? '', env);
        default:
          return current ?? '';
      }
    },
  );
}

/**
 * How long posts waits for an AI generation (its OPENAI_TIMEOUT_MS default): a replica that
 * stops must give such a request under way that long, in posts and in the gateway in front.
 */
export async function generationTimeoutMs(): Promise<number> {
  const { configSchema } = (await import(pathToFileURL(repoPath('services/posts/src/config.ts')).href)) as { configSchema: { shape: { OPENAI_TIMEOUT_MS: { parse(value: unknown): number } } } };
  return configSchema.shape.OPENAI_TIMEOUT_MS.parse(undefined);
}
