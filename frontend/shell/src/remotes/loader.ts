import type { HostConfig, LoadedPages, RemoteName } from '@planner/remote-contract';

export interface LoadedRemote {
  pages: LoadedPages;
  config: HostConfig;
}

/** Loads a remote's pages at run time; rejects when its entry or module cannot be fetched. */
export interface RemoteLoader {
  load(name: RemoteName): Promise<LoadedRemote>;
}

/** The runtime manifest served next to the shell: change it to move a remote, no shell rebuild. */
export interface RemoteManifest {
  /** Entry URLs by remote; a name the shell does not know is ignored. */
  remotes: Partial<Record<RemoteName, string>>;
  config?: HostConfig;
}

export const MANIFEST_URL = '/remotes.json';

export function parseManifest(value: unknown): RemoteManifest {
  const manifest = value as Partial<RemoteManifest> | null;
  if (!manifest || typeof manifest.remotes !== 'object' || manifest.remotes === null) {
    throw new Error(`${MANIFEST_URL} has no "remotes" object`);
  }
  for (const [name, entry] of Object.entries(manifest.remotes)) {
    if (typeof entry !== 'string' || !entry) throw new Error(`${MANIFEST_URL}: remote "${name}" has no entry URL`);
  }
  return { remotes: manifest.remotes, config: manifest.config ?? {} };
}
