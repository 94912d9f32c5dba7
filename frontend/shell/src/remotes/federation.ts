import { loadRemote, registerRemotes } from '@module-federation/runtime';
import type { LoadedPages, RemoteName } from '@planner/remote-contract';
import { MANIFEST_URL, parseManifest, type LoadedRemote, type RemoteLoader, type RemoteManifest } from './loader.js';

/**
 * Remotes through the module-federation runtime, with URLs from /remotes.json.
 * A failure is not cached: the next load (Retry) fetches the manifest and the
 * remote entry again.
 */
export class FederationLoader implements RemoteLoader {
  private manifest: Promise<RemoteManifest> | null = null;
  private readonly loaded = new Map<RemoteName, Promise<LoadedRemote>>();
  private readonly failed = new Set<RemoteName>();

  load(name: RemoteName): Promise<LoadedRemote> {
    let pending = this.loaded.get(name);
    if (!pending) {
      pending = this.fetchRemote(name);
      this.loaded.set(name, pending);
      pending.catch(() => {
        this.loaded.delete(name);
        this.failed.add(name);
      });
    }
    return pending;
  }

  /** index.html preloads it; the server answers with no-cache, so a moved remote is seen on the next load. */
  private getManifest(): Promise<RemoteManifest> {
    this.manifest ??= fetch(MANIFEST_URL)
      .then((response) => {
        if (!response.ok) throw new Error(`${MANIFEST_URL} answered ${response.status}`);
        return response.json();
      })
      .then(parseManifest);
    this.manifest.catch(() => {
      this.manifest = null;
    });
    return this.manifest;
  }

  private async fetchRemote(name: RemoteName): Promise<LoadedRemote> {
    const manifest = await this.getManifest();
    const entry = manifest.remotes[name];
    if (!entry) throw new Error(`${MANIFEST_URL} names no remote "${name}"`);
    // force: a retry after a failed entry must not reuse the runtime's failed container.
    registerRemotes([{ name, entry, type: 'module' }], { force: this.failed.has(name) });
    const module = await loadRemote<{ default: LoadedPages }>(`${name}/pages`);
    if (!module?.default) throw new Error(`remote "${name}" exposes no pages`);
    return { pages: module.default, config: manifest.config ?? {} };
  }
}
