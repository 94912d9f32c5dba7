import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { parseAllDocuments } from 'yaml';
import { repoPath } from './repo.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- manifests are plain parsed YAML */
export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: any;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}

/** The kubectl on this machine, or undefined: rendering needs its built-in kustomize. */
export function kubectlPath(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, 'kubectl');
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** Every folder under k8s/overlays with a kustomization.yaml (prod/migrations included), relative to the repo. */
export function overlays(dir = 'k8s/overlays'): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(repoPath(dir)).sort()) {
    const relative = path.posix.join(dir, entry);
    if (!statSync(repoPath(relative)).isDirectory()) continue;
    const kustomization = readKustomization(relative);
    // A Component (release/) is no overlay: it is rendered as part of those that use it.
    if (kustomization && kustomization.kind !== 'Component') found.push(relative);
    found.push(...overlays(relative));
  }
  return found;
}

function readKustomization(dir: string): { kind?: string } | undefined {
  const file = repoPath(dir, 'kustomization.yaml');
  return existsSync(file) ? (parseAllDocuments(readFileSync(file, 'utf8'))[0]?.toJS() as { kind?: string }) : undefined;
}

/** `kubectl kustomize <overlay>`: the objects an apply would send. */
export function render(kubectl: string, overlay: string): Manifest[] {
  const output = execFileSync(kubectl, ['kustomize', repoPath(overlay)], { encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 });
  return parseAllDocuments(output).map((doc) => {
    if (doc.errors.length > 0) throw new Error(`${overlay}: ${doc.errors.map((e) => e.message).join('; ')}`);
    return doc.toJS() as Manifest;
  });
}

type Validating = new (data: unknown) => { validate(): void };

/**
 * Checks an object against the Kubernetes API's JSON schema of its apiVersion and kind
 * (kubernetes-models: `kubernetes-models/<group>/<version>/<Kind>`, the core group as `v1`).
 */
export async function validateAgainstSchema(manifest: Manifest): Promise<void> {
  const module = `kubernetes-models/${manifest.apiVersion}/${manifest.kind}`;
  let model: Validating | undefined;
  try {
    model = ((await import(module)) as Record<string, Validating>)[manifest.kind];
  } catch {
    model = undefined;
  }
  if (!model) throw new Error(`${manifest.kind} ${manifest.metadata?.name}: no Kubernetes schema for ${manifest.apiVersion} ${manifest.kind}`);
  new model(manifest).validate();
}

/**
 * Fields the Kubernetes API does not know, such as a misspelled `readinesProbe`: the schema validators
 * above check types, enums and required fields but let unknown fields through (which the API server
 * drops, or refuses under strict validation). Each object is type-checked as an object literal of its
 * kind's TypeScript interface from the same package (`kubernetes-models/<apiVersion>/<Kind>`), whose
 * excess-property check reaches every nested field. One problem per line: `<Kind>/<name>: <message>`.
 */
export function unknownFields(manifests: readonly Manifest[]): string[] {
  const file = repoPath('tests', '.k8s-manifests-check.ts');
  const source = manifests
    .map((m, i) => `const object${i}: import('kubernetes-models/${m.apiVersion}/${m.kind}').I${m.kind} = ${JSON.stringify(m)};`)
    .join('\n');
  const options: ts.CompilerOptions = { strict: true, noEmit: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, types: [], skipLibCheck: true };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => (name === file ? source : readFile(name));
  host.fileExists = (name) => name === file || fileExists(name);
  host.getSourceFile = (name, language, ...rest) => (name === file ? ts.createSourceFile(name, source, language) : getSourceFile(name, language, ...rest));
  const program = ts.createProgram([file], options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const line = diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line : -1;
    const manifest = manifests[line];
    const where = manifest ? `${manifest.kind}/${manifest.metadata?.name}` : 'the check itself';
    return `${where}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
  });
}

export interface Container {
  name: string;
  image: string;
  command?: string[];
  env?: Array<{ name: string; value?: string; valueFrom?: any }>;
  envFrom?: Array<{ configMapRef?: { name: string; optional?: boolean }; secretRef?: { name: string; optional?: boolean } }>;
  ports?: Array<{ name?: string; containerPort: number }>;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  readinessProbe?: any;
  livenessProbe?: any;
  startupProbe?: any;
  securityContext?: any;
}

export const WORKLOAD_KINDS = ['Deployment', 'StatefulSet', 'Job'];

/** A workload's pod spec. */
export const podSpecOf = (workload: Manifest): any => workload.spec?.template?.spec ?? {};

/** Every container of a workload, init containers included. */
export const containersOf = (workload: Manifest): Container[] => [...(podSpecOf(workload).initContainers ?? []), ...(podSpecOf(workload).containers ?? [])];

/** The keys of a k8s/secrets/<name>.env.example file: what that Secret holds in a real environment. */
export function exampleSecretKeys(name: string): string[] | undefined {
  const file = repoPath('k8s/secrets', `${name}.env.example`);
  if (!existsSync(file)) return undefined;
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split('=')[0]!);
}
