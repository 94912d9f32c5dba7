import { interpolate, readYaml } from './repo.js';

export interface ComposeService {
  image?: string;
  build?: string | { context?: string; dockerfile?: string; target?: string; args?: Record<string, string> | string[] };
  command?: string | string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
  ports?: Array<string | { target: number; published?: string | number }>;
  volumes?: Array<string | { type?: string; source?: string; target: string }>;
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

export function loadCompose(): ComposeFile {
  const compose = readYaml<ComposeFile>('docker-compose.yml');
  if (!compose || typeof compose !== 'object' || !compose.services) {
    throw new Error('docker-compose.yml has no services');
  }
  return compose;
}

/** A service's environment as a map, with compose interpolation applied (defaults, no host env). */
export function environmentOf(service: ComposeService, hostEnv: Record<string, string> = {}): Record<string, string> {
  const raw = service.environment ?? {};
  const entries: Array<[string, string]> = Array.isArray(raw)
    ? raw.map((item) => {
        const at = item.indexOf('=');
        return at === -1 ? [item, hostEnv[item] ?? ''] : [item.slice(0, at), item.slice(at + 1)];
      })
    : Object.entries(raw).map(([key, value]) => [key, value == null ? (hostEnv[key] ?? '') : String(value)]);
  return Object.fromEntries(entries.map(([key, value]) => [key, interpolate(value, hostEnv)]));
}

/** depends_on as a map of dependency -> condition. */
export function dependenciesOf(service: ComposeService): Record<string, string> {
  const deps = service.depends_on ?? {};
  if (Array.isArray(deps)) return Object.fromEntries(deps.map((name) => [name, 'service_started']));
  return Object.fromEntries(Object.entries(deps).map(([name, spec]) => [name, spec?.condition ?? 'service_started']));
}

export function commandOf(service: ComposeService): string[] {
  const command = service.command ?? [];
  return Array.isArray(command) ? command.map(String) : command.split(/\s+/).filter(Boolean);
}

export function volumeTargets(service: ComposeService): string[] {
  return (service.volumes ?? []).map((volume) => {
    if (typeof volume !== 'string') return volume.target;
    const parts = volume.split(':');
    return parts.length >= 2 ? parts[1]! : parts[0]!;
  });
}

export function buildArgs(service: ComposeService): Record<string, string> {
  const build = service.build;
  if (!build || typeof build === 'string' || !build.args) return {};
  if (Array.isArray(build.args)) {
    return Object.fromEntries(build.args.map((arg) => [arg.split('=')[0]!, arg.split('=').slice(1).join('=')]));
  }
  return Object.fromEntries(Object.entries(build.args).map(([k, v]) => [k, String(v)]));
}
